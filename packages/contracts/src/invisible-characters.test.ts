import { describe, expect, it } from 'vitest';
import { archiveEntryNames } from './archive-names.ts';
import {
  hasInvisibleCharacters,
  NAME_MAX_COMBINING_MARKS,
  withoutInvisibleCharacters,
} from './invisible-characters.ts';
import { nameText } from './text-fields.ts';

/** Names that pass for others, by what hides in them. */
const HIDDEN: Record<string, string> = {
  'zero-width joiner': 'Al\u200dice',
  'zero-width non-joiner': 'Al\u200cice',
  'zero-width space': 'Al\u200bice',
  'word joiner': 'Al\u2060ice',
  'byte order mark': 'Al\ufeffice',
  'soft hyphen': 'Al\u00adice',
  'right-to-left mark': 'Alice\u200f',
  'right-to-left override': 'Alice\u202etxt.exe',
  'tag characters': 'Alice\u{e0061}\u{e0064}\u{e006d}\u{e0069}\u{e006e}',
  'Hangul filler': 'Alice\u3164',
  'combining grapheme joiner': 'Al\u034fice',
  'variation selector on a letter': 'Ali\ufe0fce',
  'stacked combining marks': `Alice${'\u0301'.repeat(NAME_MAX_COMBINING_MARKS + 1)}`,
};

/** Names people write, with the joiners and marks their writing needs. */
const WRITTEN = [
  'Pixel Studio',
  'Zoë 張偉 さくら',
  'Tiếng Việt',
  'प्रशान्त', // virama
  'क्‍ष', // Devanagari with a zero-width joiner
  'می‌خواهم', // Persian with a zero-width non-joiner
  'Artists 👩‍🎨 👩🏽‍🎨 ❤️‍🔥 🏳️‍🌈',
  'Keycap 1️⃣ and a heart ❤️',
  'England 🏴󠁧󠁢󠁥󠁮󠁧󠁿',
  'བསྒྲུབས',
];

describe('invisible characters in names', () => {
  it.each(Object.entries(HIDDEN))('refuses a name hiding a %s', (_, name) => {
    expect(hasInvisibleCharacters(name)).toBe(true);
    expect(nameText().safeParse(name).success).toBe(false);
  });

  it.each(WRITTEN)('keeps %s as written', (name) => {
    expect(hasInvisibleCharacters(name)).toBe(false);
    expect(nameText().parse(name)).toBe(name);
  });

  it('takes out only what hides: the letters and the seen emoji stay', () => {
    expect(withoutInvisibleCharacters('Al\u200dice\u{e0061}\u3164 👩‍🎨')).toBe('Alice 👩‍🎨');
    expect(withoutInvisibleCharacters(`e${'\u0301'.repeat(9)}`)).toBe(`e${'\u0301'.repeat(NAME_MAX_COMBINING_MARKS)}`);
    expect(withoutInvisibleCharacters('tag\u{e0041} alone')).toBe('tag alone');
  });

  it('names ZIP entries without them: an override cannot turn an .exe into a .png', () => {
    const entries = archiveEntryNames([
      { inputName: 'photo\u202egnp.exe.jpg', outputs: [{ mediaType: 'image/png' }] },
      { inputName: 'Al\u200dice\u{e0041}.png', outputs: [{ mediaType: 'image/png' }] },
      { inputName: '\u200b\u200b.png', outputs: [{ mediaType: 'image/png' }] },
    ]);
    expect(entries).toEqual(['photognp.exe.png', 'Alice.png', '.png.png']);
  });
});
