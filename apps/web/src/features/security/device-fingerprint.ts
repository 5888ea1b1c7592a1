import type { DeviceFingerprint } from '@atelier/contracts';

/**
 * What this browser reports about its device (platform.md §3 session state). The server keeps
 * the first report of a session and compares later ones with it.
 */
export function deviceFingerprint(): DeviceFingerprint {
  return {
    userAgent: navigator.userAgent.slice(0, 512),
    screenResolution: `${screen.width}x${screen.height}`,
    colorDepth: screen.colorDepth,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    language: navigator.language,
    // navigator.platform is deprecated but still the one value every browser reports.
    platform: navigator.platform,
    hardwareConcurrency: navigator.hardwareConcurrency ?? 0,
  };
}
