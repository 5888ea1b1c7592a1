import { z } from 'zod';

/** The pattern zod's own JSON Schema gives a string schema: the regular expression it checks with. */
const patternOf = (schema: z.ZodString | z.ZodUUID | z.ZodEmail) => {
  const { pattern } = z.toJSONSchema(schema) as { pattern?: string };
  if (!pattern) throw new Error('zod gave no pattern');
  return pattern;
};

/**
 * The formats the server checks more narrowly than JSON Schema means them: `z.uuid()` takes
 * only RFC 9562's versions 1–8 with its variant (and the nil and max uuids), not any 8-4-4-4-12
 * hex string; `z.email()` takes the common form of an address, not every RFC 5321 mailbox
 * (`!a@example.com`). A client or a request generator that knew only the format would send
 * what the server refuses as malformed.
 */
const FORMAT_PATTERNS: Record<string, string> = {
  uuid: patternOf(z.uuid()),
  email: patternOf(z.email()),
};

/**
 * Gives every `format: uuid` and `format: email` schema of the document, where it has no
 * pattern of its own, the pattern the server validates it with — zod's, read from zod itself,
 * so the document cannot say one thing and the server check another.
 */
export function documentFormatPatterns<D extends object>(document: D): D {
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const schema = node as { format?: unknown; pattern?: unknown };
    const pattern = typeof schema.format === 'string' ? FORMAT_PATTERNS[schema.format] : undefined;
    if (pattern && schema.pattern === undefined) schema.pattern = pattern;
    Object.values(node).forEach(visit);
  };
  visit(document);
  return document;
}
