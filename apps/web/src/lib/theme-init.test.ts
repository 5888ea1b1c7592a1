// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@atelier/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialLanguage } from './language.ts';
import { isDarkTheme } from './theme.ts';
import { THEMES, type Theme } from './ui-constants.ts';

// app/theme-init.js repeats the theme and language rules in plain JS (it runs before the
// bundle); this test runs it against the TypeScript rules so the two cannot drift apart.
const script = fs.readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../app/theme-init.js'),
  'utf8',
);

function runThemeInit(): void {
  new Function(script)();
}

function mockSystemDark(dark: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: dark && query.includes('dark') }));
}

afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('data-server-language');
});

describe('theme-init.js', () => {
  const hours = [0, 5, 6, 10, 17, 18, 20, 23];
  const cases = THEMES.flatMap((theme) =>
    hours.flatMap((hour) => [true, false].map((os) => [theme, hour, os] as const)),
  );

  it.each(cases)('theme %s at %i:00 (OS dark: %s) matches isDarkTheme', (theme: Theme, hour, systemDark) => {
    const now = new Date(2025, 4, 22, hour, 30);
    vi.useFakeTimers({ now, toFake: ['Date'] });
    mockSystemDark(systemDark);
    localStorage.setItem('theme', theme);
    runThemeInit();
    expect(document.documentElement.classList.contains('dark')).toBe(isDarkTheme(theme, now, systemDark));
  });

  it('defaults to time mode when nothing is stored', () => {
    vi.useFakeTimers({ now: new Date(2025, 4, 22, 20), toFake: ['Date'] });
    mockSystemDark(false);
    runThemeInit();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });

  const languageCases: [stored: string | null, browser: string][] = [
    [null, 'en-US'],
    [null, 'zh-HK'],
    [null, 'ja-JP'],
    ...LANGUAGES.map((language): [string, string] => [language, 'en-US']),
    ['klingon', 'zh-CN'],
  ];
  it.each(languageCases)('sets <html lang> like initialLanguage (stored %s, browser %s)', (stored, browser) => {
    if (stored) localStorage.setItem('language', stored);
    vi.stubGlobal('navigator', { language: browser });
    mockSystemDark(false);
    runThemeInit();
    expect(document.documentElement.lang).toBe(initialLanguage(localStorage, browser, undefined));
  });

  it('keeps the language the server rendered the page in', () => {
    localStorage.setItem('language', 'zh-CN');
    document.documentElement.lang = 'ja';
    document.documentElement.setAttribute('data-server-language', '');
    mockSystemDark(false);
    runThemeInit();
    expect(document.documentElement.lang).toBe('ja');
  });
});
