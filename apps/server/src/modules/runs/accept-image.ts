/**
 * `Accept` on a run start (RFC 9110 §12.5.1): a media range that names an image (`image/*`,
 * `image/png` …) asks for the first output's bytes in place of the run as JSON. Ranges with
 * q=0 are refused ranges; parameters other than q are ignored. Only the header's first
 * ACCEPT_HEADER_MAX_LENGTH characters are read: a bound on the work a hostile header can cause.
 */
import { ACCEPT_HEADER_MAX_LENGTH } from '@atelier/contracts';

type MediaRange = { type: string; subtype: string; q: number };

function mediaRanges(accept: string | undefined): MediaRange[] {
  if (!accept) return [];
  return accept
    .slice(0, ACCEPT_HEADER_MAX_LENGTH)
    .split(',')
    .flatMap((part) => {
      const [range = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
      const [type, subtype] = range.split('/');
      if (!type || !subtype) return [];
      const qParam = params.find((p) => p.startsWith('q='));
      const q = qParam ? Number(qParam.slice(2)) : 1;
      return [{ type, subtype, q: Number.isFinite(q) ? q : 0 }];
    });
}

const matches = (range: MediaRange, mediaType: string) => {
  const [type, subtype] = mediaType.toLowerCase().split(';')[0]!.trim().split('/');
  return (range.type === '*' || range.type === type) && (range.subtype === '*' || range.subtype === subtype);
};

/** The most specific range that matches a media type decides its q (`image/svg+xml;q=0, image/*`). */
function qualityOf(ranges: MediaRange[], mediaType: string): number {
  const specificity = (r: MediaRange) => (r.type === '*' ? 0 : r.subtype === '*' ? 1 : 2);
  const best = ranges.filter((r) => matches(r, mediaType)).sort((a, b) => specificity(b) - specificity(a))[0];
  return best?.q ?? 0;
}

export type AcceptedAnswers = {
  /** The caller named an image range: it wants the output's bytes. */
  image: boolean;
  /** Whether an output of this media type may be sent. */
  acceptsImage: (mediaType: string) => boolean;
  /** The caller also named `application/json` (not only through `*` ranges): its fallback. */
  json: boolean;
};

export function acceptedAnswers(accept: string | undefined): AcceptedAnswers {
  const ranges = mediaRanges(accept);
  return {
    image: ranges.some((r) => r.type === 'image' && r.q > 0),
    acceptsImage: (mediaType) => qualityOf(ranges, mediaType) > 0,
    json: ranges.some((r) => r.type === 'application' && r.subtype === 'json' && r.q > 0),
  };
}

/**
 * Whether an answer `accept` takes could come of a run of a tool whose outputs have
 * `mediaTypes`: the run as JSON, or one of those images. When none could, the start is refused
 * (406) before anything is charged. No Accept header takes anything.
 */
export function anyAnswerAccepted(accept: string | undefined, mediaTypes: readonly string[]): boolean {
  if (!accept?.trim()) return true;
  const ranges = mediaRanges(accept);
  return [...mediaTypes, 'application/json'].some((mediaType) => qualityOf(ranges, mediaType) > 0);
}
