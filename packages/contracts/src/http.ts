/**
 * The server compresses its own text responses on the fly (brotli or gzip by Accept-Encoding)
 * from this size up; static files come compressed from the build.
 * Below it, compression saves less than a packet and costs a round of CPU.
 */
export const COMPRESSION_MIN_BYTES = 1024;

/**
 * `Idempotency-Key` on a POST: the first answer to a request with the key is kept
 * per account this long and replayed to a repeat of the same request (same method, path and
 * body), which is not acted on again — a client that times out and retries pays once.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
/** A key is 1 to this many visible ASCII characters (a UUID fits with room to spare). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** Set to `true` on an answer that is the replay of an earlier one (as Stripe's API does). */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** How long a client waits before sending again a request whose key is still being answered. */
export const IDEMPOTENCY_IN_USE_RETRY_AFTER_SECONDS = 1;

/**
 * The versioned public API: every operation of the API document is served under
 * `/api/v1`, the run, artwork and avatar files under `/api/v1/files`. The unversioned `/api/…`
 * paths are an alias kept for existing scripts until `LEGACY_API_SUNSET` (answers there carry
 * `Deprecation`, `Sunset` and a `Link` to the successor); after that date they are the web app's
 * own paths, which may change without notice.
 */
export const API_V1_PREFIX = '/api/v1';
/** When the unversioned alias was deprecated (the day `/api/v1` was introduced), ISO date. */
export const LEGACY_API_DEPRECATED_ON = '2026-11-27';
/** When scripts must have moved to `/api/v1`, ISO date: the alias may stop answering them after it. */
export const LEGACY_API_SUNSET = '2027-06-30';

/**
 * `Prefer: wait=N` (RFC 7240) on a run start holds the answer until the run ends (200 with the
 * finished run) or N seconds pass (202 as without it); N above this is taken as this.
 */
export const PREFER_WAIT_MAX_SECONDS = 60;
/** A `Prefer` header longer than this is refused: a handful of preferences fit many times over. */
export const PREFER_HEADER_MAX_LENGTH = 200;
/** An `Accept` header longer than this is refused (a browser's is about a hundred characters). */
export const ACCEPT_HEADER_MAX_LENGTH = 1024;
