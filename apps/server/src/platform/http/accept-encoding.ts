/** The content codings Atelier sends, in order of preference when the client rates them equally. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/**
 * The best of `available` for an Accept-Encoding header (RFC 9110 §12.5.3): the highest q
 * wins, brotli before gzip on a tie; `q=0` refuses a coding, `*` rates every coding not
 * named. Answers null for identity (no header, or nothing acceptable).
 */
export function chooseEncoding(
  header: string | undefined,
  available: readonly Encoding[] = ENCODINGS,
): Encoding | null {
  if (!header) return null;
  const rated = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = q ? Number(q.slice(2)) : 1;
    rated.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const encoding of available) {
    const q = rated.get(encoding) ?? rated.get('*') ?? 0;
    if (q > bestQ) {
      best = encoding;
      bestQ = q;
    }
  }
  return best;
}

/** Adds Accept-Encoding to a Vary header without repeating it. */
export function varyOnAcceptEncoding(headers: Headers): void {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (!vary.split(',').some((v) => ['accept-encoding', '*'].includes(v.trim().toLowerCase()))) {
    headers.set('Vary', `${vary}, Accept-Encoding`);
  }
}
