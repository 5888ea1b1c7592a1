import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldIssuesOf } from './field-issues.ts';
import { lineText, multilineText, opaqueText, withoutBidiControls } from './text-fields.ts';

const problemsOf = (schema: z.ZodType, value: unknown) => {
  const result = z.object({ field: schema }).safeParse({ field: value });
  return result.success ? [] : fieldIssuesOf(result.error.issues, { field: value }).issues;
};
const refused = [{ field: 'field', problem: 'invalid_characters' }];

/** Every character no text field takes, by name. */
const CONTROLS: Record<string, string> = {
  NUL: '\u0000',
  BEL: '\u0007',
  backspace: '\b',
  'vertical tab': '\v',
  'form feed': '\f',
  ESC: '\u001b',
  'unit separator': '\u001f',
  DEL: '\u007f',
  'C1 padding': '\u0080',
  'C1 CSI': '\u009b',
  'C1 APC': '\u009f',
  'lone high surrogate': '\ud83d',
  'lone low surrogate': '\ude00',
  'swapped surrogates': '\ude00\ud83d',
};
const LINE_BREAKS: Record<string, string> = {
  tab: '\t',
  'line feed': '\n',
  'carriage return': '\r',
  'line separator': '\u2028',
  'paragraph separator': '\u2029',
};
const BIDI: Record<string, string> = {
  LRE: '\u202a',
  RLE: '\u202b',
  PDF: '\u202c',
  LRO: '\u202d',
  RLO: '\u202e',
  LRI: '\u2066',
  RLI: '\u2067',
  FSI: '\u2068',
  PDI: '\u2069',
};

describe('text fields', () => {
  it.each(Object.entries(CONTROLS))('refuse %s in every kind of field, with problem invalid_characters', (_, c) => {
    for (const schema of [lineText(), multilineText(), opaqueText()]) {
      expect(problemsOf(schema, `a${c}b`)).toEqual(refused);
    }
  });

  it.each(Object.entries(LINE_BREAKS))('refuse %s inside one line, keep it in text of several lines', (_, c) => {
    expect(problemsOf(lineText(), `a${c}b`)).toEqual(refused);
    expect(problemsOf(opaqueText(), `a${c}b`)).toEqual(refused);
    expect(multilineText().parse(`a${c}b`)).toBe(`a${c}b`);
  });

  it.each(Object.entries(BIDI))('refuse the direction control %s in one line, keep it in a prompt', (_, c) => {
    expect(problemsOf(lineText(), `${c}gpj.exe`)).toEqual(refused);
    expect(multilineText().parse(`a ${c}b`)).toBe(`a ${c}b`);
  });

  it('take every character a person types: scripts, emoji (surrogate pairs), marks, joiners', () => {
    const typed = 'Zoë 張偉 さくら 😀 👩‍🎨 مرحبا\u200f שלום café ﬁ ½';
    expect(lineText().parse(typed)).toBe(typed);
    expect(multilineText().parse(`${typed}\n\t${typed}\r\n`)).toBe(`${typed}\n\t${typed}`);
  });

  it('trim a line before judging it, so a pasted trailing line break is no error', () => {
    expect(lineText().parse('  alice\n')).toBe('alice');
    expect(opaqueText().parse(' token ')).toBe(' token ');
  });

  it('report the characters before the length, so the first issue says what to fix', () => {
    expect(problemsOf(lineText().min(1).max(3), '\u0000long text')).toEqual(refused);
  });

  it('takes direction controls out of text shown as a title, and nothing else', () => {
    expect(withoutBidiControls('a\u202egnp.exe\u202c \u2067x\u2069 \u200f')).toBe('agnp.exe x \u200f');
    expect(withoutBidiControls('Zoë 😀')).toBe('Zoë 😀');
  });
});
