import fs from 'node:fs';

/**
 * The Chromium the browser tests drive: `CHROMIUM_PATH` when set; else Debian's headless shell
 * (package chromium-headless-shell), which Playwright itself runs headless tests in, when it is
 * installed; else Debian's Chromium. The shell is the same Chromium build without the desktop
 * browser around it: the suite takes about 0.7× the CPU in it (ADR 0067).
 */
export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'] as const;

export function testChromium(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return CHROMIUM_CANDIDATES.find((candidate) => fs.existsSync(candidate));
}
