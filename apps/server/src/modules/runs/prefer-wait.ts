import { PREFER_WAIT_MAX_SECONDS } from '@atelier/contracts';

/**
 * The seconds a `Prefer` header (RFC 7240) asks a run start to wait for the run's end, at most
 * PREFER_WAIT_MAX_SECONDS; `unsaid` without a `wait` preference; undefined with
 * `respond-async`, which asks for the answer at once. Preferences are comma-separated,
 * case-insensitive.
 */
export function preferredWaitSeconds(prefer: string | undefined, unsaid?: number): number | undefined {
  const preferences = (prefer ?? '').split(',').map((p) => p.trim().toLowerCase());
  if (preferences.includes('respond-async')) return undefined;
  for (const preference of preferences) {
    const match = /^wait\s*=\s*"?(\d+)"?$/.exec(preference);
    if (match) return Math.min(Number(match[1]), PREFER_WAIT_MAX_SECONDS);
  }
  return unsaid;
}
