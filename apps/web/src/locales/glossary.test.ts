import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The Japanese and Chinese text tables follow their glossary (docs/glossary/<language>.md): no
// variant its "Do not use" column names, read from the markdown itself so the two cannot drift,
// and the glossary's style rules on spacing, punctuation and the polite "you".
const localesDir = path.dirname(fileURLToPath(import.meta.url));
const glossaryDir = path.resolve(localesDir, '../../../../docs/glossary');

const GLOSSARY_LANGUAGES = ['ja', 'zh-TW', 'zh-CN'] as const;
type GlossaryLanguage = (typeof GLOSSARY_LANGUAGES)[number];

/**
 * Texts a rule below would refuse but that must stay as they are, each with its reason. The
 * `text` is what the rule found (the variant, or the characters around the space or punctuation).
 */
const EXCEPTIONS: readonly { language: GlossaryLanguage; key: string; text: string; reason: string }[] = [];

/** Every text of a language as `namespace:dotted.key` → text; lists are walked by index. */
function texts(language: GlossaryLanguage): [string, string][] {
  const entries: [string, string][] = [];
  const walk = (value: unknown, key: string) => {
    if (typeof value === 'string') entries.push([key, value]);
    else if (value !== null && typeof value === 'object')
      for (const [child, inner] of Object.entries(value))
        walk(inner, key.endsWith(':') ? key + child : `${key}.${child}`);
  };
  const dir = path.join(localesDir, language);
  const files = fs.readdirSync(dir).filter((name) => name.endsWith('.json'));
  for (const file of files.sort())
    walk(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')), `${file.slice(0, -'.json'.length)}:`);
  return entries;
}

/** The variants in backticks in the "Do not use" column of the glossary's tables. */
function doNotUse(markdown: string): string[] {
  const variants: string[] = [];
  let column = -1;
  for (const line of markdown.split('\n')) {
    if (!line.trim().startsWith('|')) {
      column = -1;
      continue;
    }
    const row = line.trim().replace(/^\||\|$/g, '');
    const cells = row.split('|');
    const header = cells.findIndex((cell) => cell.trim().toLowerCase() === 'do not use');
    if (header >= 0) column = header;
    else if (column >= 0 && !/^[\s:-]+$/.test(cells.join('')))
      for (const match of (cells[column] ?? '').matchAll(/`([^`]+)`/g)) variants.push(match[1]!);
  }
  return variants;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A variant in Latin letters is found as a whole word (`Pro`, not "Product"); any other anywhere. */
function variantPattern(variant: string): RegExp {
  return /^[A-Za-z0-9 ]+$/.test(variant)
    ? new RegExp(`(?<![A-Za-z0-9])${escapeRegExp(variant)}(?![A-Za-z0-9])`, 'u')
    : new RegExp(escapeRegExp(variant), 'u');
}

// Japanese: kana and kanji (and the long-vowel and repetition marks); Chinese: Han characters.
const JAPANESE = String.raw`\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}ー々`;
const CHINESE = String.raw`\p{Script=Han}`;
const WORD_CHARACTERS: Record<GlossaryLanguage, string> = { ja: JAPANESE, 'zh-TW': CHINESE, 'zh-CN': CHINESE };
/** Placeholders the app fills with words of the language (a plan's, a tool's, a field's name). */
const WORD_PLACEHOLDERS = new Set(['plan', 'tool', 'field', 'problem', 'what', 'action', 'scope']);
const NEUTRAL = '□';

/**
 * The text as the spacing rules see it: a placeholder for words becomes a word character, a date
 * a digit followed by nothing in particular ("2025/05/22" or "2025年5月22日": a space goes before
 * it, and after it only when it ends in digits), any other placeholder (a number, a name, an
 * e-mail address) a digit.
 */
function asRendered(text: string, language: GlossaryLanguage): string {
  const word = language === 'ja' ? '語' : '字';
  return text.replace(/\{\{\s*([\w.]+)[^}]*\}\}/g, (_, name: string) =>
    WORD_PLACEHOLDERS.has(name) ? word : name === 'date' ? `0${NEUTRAL}` : '0',
  );
}

interface Finding {
  key: string;
  text: string;
  rule: string;
  full: string;
}

function styleFindings(language: GlossaryLanguage, key: string, text: string): Finding[] {
  const word = WORD_CHARACTERS[language];
  const rendered = asRendered(text, language);
  const rules: [string, RegExp][] = [
    ['a space between two words', new RegExp(`[${word}] +[${word}]`, 'gu')],
    [
      'no space between a word and a Latin word or a number',
      new RegExp(`[${word}][A-Za-z0-9]|[A-Za-z0-9%][${word}]`, 'gu'),
    ],
    ['half-width punctuation', new RegExp(`[${word}][(),.!?:;]|[(),!?:;][${word}]`, 'gu')],
  ];
  if (language !== 'ja') rules.push(['你 instead of 您', /你/gu]);
  return rules.flatMap(([rule, pattern]) =>
    [...rendered.matchAll(pattern)].map((match) => ({ key, text: match[0], rule, full: text })),
  );
}

const excepted = (language: GlossaryLanguage, finding: Finding) =>
  EXCEPTIONS.some((e) => e.language === language && e.key === finding.key && e.text === finding.text);
const describeFinding = (f: Finding) => `${f.key}: ${f.rule} «${f.text}» in "${f.full}"`;

describe.each(GLOSSARY_LANGUAGES)('%s text tables and their glossary', (language) => {
  const entries = texts(language);
  const variants = doNotUse(fs.readFileSync(path.join(glossaryDir, `${language}.md`), 'utf8'));

  it('the glossary names variants not to use', () => {
    expect(variants.length).toBeGreaterThan(10);
  });

  it('uses none of the variants the glossary refuses', () => {
    const found = entries.flatMap(([key, text]) => {
      const plain = text.replace(/\{\{[^}]*\}\}/g, '{}');
      return variants
        .filter((variant) => variantPattern(variant).test(plain))
        .map((variant) => ({ key, text: variant, rule: 'a variant the glossary refuses', full: text }));
    });
    expect(found.filter((f) => !excepted(language, f)).map(describeFinding)).toEqual([]);
  });

  it('follows the style rules on spacing, punctuation and the polite "you"', () => {
    const found = entries.flatMap(([key, text]) => styleFindings(language, key, text));
    expect(found.filter((f) => !excepted(language, f)).map(describeFinding)).toEqual([]);
  });

  it('keeps no exception that is no longer needed', () => {
    const table = new Map(entries);
    const stale = EXCEPTIONS.filter((e) => e.language === language).filter((e) => {
      const text = table.get(e.key);
      if (text === undefined) return true;
      const plain = text.replace(/\{\{[^}]*\}\}/g, '{}');
      const asVariant = variants.includes(e.text) && variantPattern(e.text).test(plain);
      return !asVariant && !styleFindings(language, e.key, text).some((f) => f.text === e.text);
    });
    expect(stale.map((e) => `${e.key}: «${e.text}»`)).toEqual([]);
  });
});
