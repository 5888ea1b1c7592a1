import type { DeviceFingerprint } from '@atelier/contracts';

/** Temporal, where the browser has it (Chromium 144+); not in TypeScript's libraries yet. */
type WithTemporal = { Temporal?: { Now?: { timeZoneId?: () => string } } };

/**
 * The browser's time zone. Temporal answers at once; Intl.DateTimeFormat first builds the
 * locale's date patterns, about 30 ms on this machine — a long task on a phone, in the first
 * seconds of every signed-in page.
 */
export function timeZone(): string {
  return (globalThis as WithTemporal).Temporal?.Now?.timeZoneId?.() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * What this browser reports about its device (user agent, screen, colour depth, timezone, language,
 * platform, cores). The server keeps
 * the first report of a session and compares later ones with it.
 */
export function deviceFingerprint(): DeviceFingerprint {
  return {
    userAgent: navigator.userAgent.slice(0, 512),
    screenResolution: `${screen.width}x${screen.height}`,
    colorDepth: screen.colorDepth,
    timezone: timeZone(),
    language: navigator.language,
    // navigator.platform is deprecated but still the one value every browser reports.
    platform: navigator.platform,
    hardwareConcurrency: navigator.hardwareConcurrency ?? 0,
  };
}
