import { describe, expect, it } from 'vitest';
import { interfaceLanguageOf, languageFromAcceptLanguage } from './languages.ts';

describe('the visitor language from Accept-Language', () => {
  it.each([
    [null, 'en'],
    ['', 'en'],
    ['ja', 'ja'],
    ['ja-JP,ja;q=0.9,en;q=0.8', 'ja'],
    ['fr-FR,fr;q=0.9,ja;q=0.5', 'ja'],
    ['de,fr', 'en'],
    ['zh-TW', 'zh-TW'],
    ['zh-HK,zh;q=0.9', 'zh-TW'],
    ['zh', 'zh-TW'],
    ['zh-CN,zh;q=0.9', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['en;q=0.5, ja;q=0.8', 'ja'],
    ['ja;q=0, en', 'en'],
    ['*', 'en'],
  ])('%s → %s', (header, expected) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });

  it('knows only the interface languages', () => {
    expect(interfaceLanguageOf('en-GB')).toBe('en');
    expect(interfaceLanguageOf('ko')).toBeNull();
    expect(interfaceLanguageOf('zh-SG')).toBe('zh-CN');
  });
});
