/**
 * Characters that show nothing (or change how the text around them shows) and so let one name
 * pass for another: "Alice" and "Al" + U+200D + "ice" (a zero-width joiner inside) look the same in a
 * member list, a tag character hides words, a pile of combining marks spills over the lines
 * above and below. A name keeps only what a person sees. One rule for the server (names are
 * refused with them) and for anything that shows a name it did not check (a ZIP entry's name,
 * which loses them).
 *
 * Kept where they are part of what is seen: a joiner inside an emoji sequence (woman + U+200D + palette: the artist emoji) or
 * between letters of a script that writes with it (Persian, Hindi, Malayalam…), a variation
 * selector after an emoji, the tag characters of a flag (🏴 + tags + cancel tag), and up to
 * NAME_MAX_COMBINING_MARKS marks on one letter (Vietnamese, Thai and Tibetan use two or three).
 * Written as a scan rather than a regular expression, so no browser needs lookbehind or the `v` flag.
 */

/** Marks one base character may carry in a name; more is stacking, not writing. */
export const NAME_MAX_COMBINING_MARKS = 4;

const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;
const isTag = (cp: number) => cp >= 0xe0020 && cp <= 0xe007e;
const isVariationSelector = (cp: number) => cp === 0xfe0e || cp === 0xfe0f;

/** Format characters (Cf): joiners, direction marks and controls, tags, soft hyphen, BOM … */
const FORMAT = /^\p{Cf}$/u;
/** Letters that look like nothing: the Hangul fillers, the combining grapheme joiner, Khmer's inherent vowels. */
const BLANK_LETTERS = new Set([0x115f, 0x1160, 0x3164, 0xffa0, 0x034f, 0x17b4, 0x17b5]);
const MARK = /^\p{M}$/u;
const PICTOGRAPH = /^[\p{Extended_Pictographic}\p{Emoji_Modifier}]$/u;
const EMOJI = /^\p{Emoji}$/u;
/** Scripts whose spelling needs a zero-width joiner or non-joiner between two of their letters. */
const JOINING_SCRIPT =
  /^[\p{sc=Arabic}\p{sc=Syriac}\p{sc=Nko}\p{sc=Devanagari}\p{sc=Bengali}\p{sc=Gurmukhi}\p{sc=Gujarati}\p{sc=Oriya}\p{sc=Tamil}\p{sc=Telugu}\p{sc=Kannada}\p{sc=Malayalam}\p{sc=Sinhala}]$/u;

const test = (pattern: RegExp, cp: number | undefined) => cp !== undefined && pattern.test(String.fromCodePoint(cp));

/** The code points of `text` with, for each, whether a name may keep it. */
function judge(text: string): { cp: number; kept: boolean }[] {
  const cps = Array.from(text, (ch) => ch.codePointAt(0)!);
  const out: { cp: number; kept: boolean }[] = [];
  let marks = 0;
  let inFlagTags = false;
  for (let i = 0; i < cps.length; i++) {
    const cp = cps[i]!;
    const before = cps[i - 1];
    const after = cps[i + 1];
    let kept: boolean;
    if (cp === ZWJ || cp === ZWNJ) {
      const emoji = cp === ZWJ && test(PICTOGRAPH, before === 0xfe0f ? cps[i - 2] : before) && test(PICTOGRAPH, after);
      kept = emoji || (test(JOINING_SCRIPT, before) && test(JOINING_SCRIPT, after));
    } else if (isTag(cp)) {
      inFlagTags ||= before === BLACK_FLAG;
      kept = inFlagTags && cps.slice(i).some((c) => c === CANCEL_TAG);
    } else if (cp === CANCEL_TAG) {
      kept = inFlagTags;
      inFlagTags = false;
    } else if (isVariationSelector(cp)) {
      kept = test(EMOJI, before);
    } else {
      kept = !FORMAT.test(String.fromCodePoint(cp)) && !BLANK_LETTERS.has(cp);
    }
    if (!isTag(cp) && cp !== CANCEL_TAG) inFlagTags = false;
    if (MARK.test(String.fromCodePoint(cp)) && !isVariationSelector(cp)) {
      marks++;
      kept &&= marks <= NAME_MAX_COMBINING_MARKS;
    } else if (kept) marks = 0;
    out.push({ cp, kept });
  }
  return out;
}

/** Whether a name holds a character it may not keep (see above). */
export const hasInvisibleCharacters = (text: string): boolean => judge(text).some((c) => !c.kept);

/** The name with those characters taken out (for names that cannot be refused, like an upload's file name). */
export const withoutInvisibleCharacters = (text: string): string =>
  judge(text)
    .filter((c) => c.kept)
    .map((c) => String.fromCodePoint(c.cp))
    .join('');
