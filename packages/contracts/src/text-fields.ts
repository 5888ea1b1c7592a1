import { z } from 'zod';
import { hasInvisibleCharacters } from './invisible-characters.ts';

/**
 * The characters a text field refuses, decided here once for every field of every
 * request. None of them is something a person means to type, and each breaks what comes after:
 * - NUL: PostgreSQL cannot store it in text (the request would fail with a 500);
 * - the other C0 controls and DEL: ESC and BEL reach logs, terminals and engines as commands;
 * - C1 controls (U+0080–U+009F): the same, in their 8-bit form;
 * - lone surrogates: half a character, which has no UTF-8 form and cannot be stored.
 * Tab, line feed and carriage return are text in a field of several lines (a prompt).
 */
const CONTROLS = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F';
/** Matches only unpaired surrogates: with the `u` flag a pair is one code point, outside this range. */
const LONE_SURROGATES = '\\uD800-\\uDFFF';
const LINE_BREAKS = '\\t\\n\\r\\u2028\\u2029';
/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they turn
 * the text after them around, so a name can show as something else in a title or a list.
 */
const BIDI_CONTROLS = '\\u202A-\\u202E\\u2066-\\u2069';

const MULTILINE_REFUSED = new RegExp(`[${CONTROLS}${LONE_SURROGATES}]`, 'u');
const LINE_REFUSED = new RegExp(`[${CONTROLS}${LONE_SURROGATES}${LINE_BREAKS}${BIDI_CONTROLS}]`, 'u');
const BIDI_CONTROL_CHARACTERS = new RegExp(`[${BIDI_CONTROLS}]`, 'gu');

/** What a refused character's issue says (VALIDATION_ERROR `issues[].problem`), and in English. */
export const INVALID_CHARACTERS_PROBLEM = 'invalid_characters';
export const INVALID_CHARACTERS_MESSAGE =
  'Contains characters that cannot be used (control, invisible or text-direction characters)';

const refuseWhen = (refused: (value: string) => boolean) =>
  z.refine<string>((value) => !refused(value), {
    message: INVALID_CHARACTERS_MESSAGE,
    params: { problem: INVALID_CHARACTERS_PROBLEM },
  });
const refuse = (pattern: RegExp) => refuseWhen((value) => pattern.test(value));

/**
 * One line a person typed — a name, a username, a key's name, a code, a search: trimmed, and
 * refused (400 VALIDATION_ERROR, problem `invalid_characters`) when it holds a control
 * character, a line break or a text-direction control. Chain `.min()`/`.max()` after it.
 */
export const lineText = () => z.string().trim().check(refuse(LINE_REFUSED));

/**
 * A name other people see — a team's, a key's, a username, an artwork's title, the name given
 * at sign-up: `lineText`, and also refused when it holds a character that shows nothing or
 * stacks over its neighbours (invisible-characters.ts), so one name cannot pass for another.
 */
export const nameText = () => lineText().check(refuseWhen(hasInvisibleCharacters));

/**
 * Text of several lines — a prompt, a reason: trimmed; tab and line breaks are kept, other
 * control characters refused. Text-direction controls are allowed (a prompt may mix scripts);
 * where such text becomes a title, `withoutBidiControls` takes them out.
 */
export const multilineText = () => z.string().trim().check(refuse(MULTILINE_REFUSED));

/**
 * A string a client hands back as it was given — a token, a cursor, an id, an address: kept
 * as it is (not trimmed), with the same characters refused as in `lineText`.
 */
export const opaqueText = () => z.string().check(refuse(LINE_REFUSED));

/** Whether a string has a character no single-line field takes (for what zod does not check). */
export const hasRefusedLineCharacters = (value: string) => LINE_REFUSED.test(value);

/**
 * Text shown where direction controls would spoof what surrounds it — a page's <title>, its
 * link preview, its structured data: text stored before the fields refused them, or a prompt,
 * which may hold them, loses them there.
 */
export const withoutBidiControls = (text: string) => text.replace(BIDI_CONTROL_CHARACTERS, '');
