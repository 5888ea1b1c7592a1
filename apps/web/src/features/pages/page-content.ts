/** Narrowing helpers for what `t(key, { returnObjects: true })` returns in the `pages` namespace. */

export interface BlogPost {
  id: string;
  /** Calendar date, YYYY-MM-DD. */
  date: string;
  title: string;
  summary: string;
  body: string[];
}

export interface FaqItem {
  question: string;
  answer: string[];
}

export interface FaqGroup {
  id: string;
  heading: string;
  items: FaqItem[];
}

export interface TextSection {
  id: string;
  heading: string;
  paragraphs: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The strings of an array; anything else (a missing key comes back as the key itself) is an empty list. */
export function toStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

function toRecords(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

export function toBlogPosts(value: unknown): BlogPost[] {
  const posts: BlogPost[] = [];
  for (const entry of toRecords(value)) {
    const id = text(entry.id);
    const date = text(entry.date);
    const title = text(entry.title);
    const summary = text(entry.summary);
    if (id && date && title && summary) posts.push({ id, date, title, summary, body: toStrings(entry.body) });
  }
  // Newest first, whatever order the translation file has.
  return posts.sort((a, b) => b.date.localeCompare(a.date));
}

export function toFaqGroups(value: unknown): FaqGroup[] {
  const groups: FaqGroup[] = [];
  for (const entry of toRecords(value)) {
    const id = text(entry.id);
    const heading = text(entry.heading);
    if (!id || !heading) continue;
    const items: FaqItem[] = [];
    for (const item of toRecords(entry.items)) {
      const question = text(item.question);
      if (question) items.push({ question, answer: toStrings(item.answer) });
    }
    groups.push({ id, heading, items });
  }
  return groups;
}

export function toTextSections(value: unknown): TextSection[] {
  const sections: TextSection[] = [];
  for (const entry of toRecords(value)) {
    const id = text(entry.id);
    const heading = text(entry.heading);
    if (id && heading) sections.push({ id, heading, paragraphs: toStrings(entry.paragraphs) });
  }
  return sections;
}
