/** One numbered section of a legal document, as stored in the `legal` namespace. */
export interface LegalSection {
  /** Stable anchor, the same in every language. */
  id: string;
  heading: string;
  paragraphs: string[];
  /** An optional bullet list shown after the paragraphs. */
  items: string[];
  /** Optional paragraphs shown after the list. */
  after: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

/**
 * Narrows what `t(key, { returnObjects: true })` gave back to a list of sections.
 * Anything malformed (a missing key comes back as the key itself) is left out rather than crashing the page.
 */
export function toLegalSections(value: unknown): LegalSection[] {
  if (!Array.isArray(value)) return [];
  const sections: LegalSection[] = [];
  for (const entry of value) {
    if (!isRecord(entry) || typeof entry.id !== 'string' || typeof entry.heading !== 'string') continue;
    sections.push({
      id: entry.id,
      heading: entry.heading,
      paragraphs: toStrings(entry.paragraphs),
      items: toStrings(entry.items),
      after: toStrings(entry.after),
    });
  }
  return sections;
}
