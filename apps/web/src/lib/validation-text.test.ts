import { FIELD_PROBLEMS, LANGUAGES, PROMPT_MAX_LENGTH } from '@atelier/contracts';
import { describe, expect, it } from 'vitest';
import { commonTranslator } from './common-translator.test-helper.ts';
import { issuesText } from './validation-text.ts';

const translator = commonTranslator;

describe('refused fields in the user language', () => {
  it('says which field is too long and its limit', async () => {
    const issues = [{ field: 'prompt', problem: 'too_long' as const, limit: PROMPT_MAX_LENGTH }];
    expect(issuesText(await translator('en'), issues)).toBe('Prompt is too long: at most 4,000 characters.');
    expect(issuesText(await translator('ja'), issues)).toBe('プロンプトが長すぎます（最大 4,000 文字）。');
    expect(issuesText(await translator('zh-TW'), issues)).toBe('提示詞太長：最多 4,000 個字元。');
    expect(issuesText(await translator('zh-CN'), issues)).toBe('提示词太长：最多 4,000 个字符。');
  });

  it('says a field holds characters that cannot be used (control or text-direction characters)', async () => {
    const issues = [{ field: 'name', problem: 'invalid_characters' as const }];
    expect(issuesText(await translator('en'), issues)).toBe(
      'Name contains characters that cannot be used (control, invisible or text-direction characters). Please remove them.',
    );
    expect(issuesText(await translator('zh-TW'), issues)).toContain('名稱含有無法使用的字元');
  });

  it('has a text for every problem the API names, in every language', async () => {
    for (const language of LANGUAGES) {
      const t = await translator(language);
      for (const problem of FIELD_PROBLEMS) {
        const text = issuesText(t, [{ field: 'email', problem, limit: 8 }]);
        expect(text, `${language} ${problem}`).not.toContain('validation.');
        expect(text, `${language} ${problem}`).not.toContain('{{');
      }
    }
  });

  it("falls back to the API's name of a field it has no label for", async () => {
    expect(issuesText(await translator('en'), [{ field: 'fingerprint.timezone', problem: 'required' }])).toBe(
      'fingerprint.timezone is required.',
    );
  });
});
