// `npm run bench`: what a person on a phone waits for, measured with real throttling (Chromium's
// DevTools protocol: 4× CPU slowdown, 150 ms latency, 1.6 Mbps down, 750 kbps up) rather than
// Lighthouse's simulation: first contentful paint and the time until React has hydrated the
// whole page, on the public pages, an artwork's page and a signed-in tool page, medians of
// PHONE_RUNS (5) cold loads each. To compare builds, run it from each checkout in one sitting.
//
//   PHONE_RUNS=5 npx tsx bench/phone-hydration.bench.ts
import fs from 'node:fs';
import { chromium } from '@playwright/test';
import { findWebBuild } from '../src/platform/http/web-app.ts';
import { seedPublicArtworks, signUpBenchUser } from './seed-public-artworks.ts';
import { startWebBenchServer } from './web-bench-server.ts';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const web = findWebBuild(process.env.WEB_DIST_DIR);
if (!fs.existsSync(chromiumPath) || !web || !fs.existsSync(web.serverBuild)) {
  console.log('skipped: needs Chromium and a build (npm run build)');
  process.exit(0);
}

const RUNS = Number(process.env.PHONE_RUNS ?? 5);
/** In the 5200–5249 range given to the benches. */
const PORT = Number(process.env.PHONE_PORT ?? 5220);
const THROTTLING = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const CPU_SLOWDOWN = 4;

const { runtime, base, close } = await startWebBenchServer({ web, port: PORT, name: 'phone' });

const { cookie } = await signUpBenchUser(base);
const [artworkId] = await seedPublicArtworks(runtime, (await signUpBenchUser(base)).userId, 12);

const PAGES = [
  { name: 'home', path: () => '/' },
  { name: 'gallery', path: () => '/gallery' },
  { name: 'pricing', path: () => '/pricing' },
  { name: 'login', path: () => '/login' },
  { name: 'artwork page', path: () => `/gallery/${artworkId}` },
  { name: 'tool (signed in)', path: () => '/tools/image-generation', signedIn: true },
];

/**
 * Resolves with the time (ms since navigation start) at which every element of #root carries
 * React's fiber key: hydrated. Polled every 50 ms, cheap against a phone's page. (A string: it
 * runs in the page, whose DOM types this project does not compile against.)
 */
const HYDRATED_AT = `new Promise((resolve) => {
  const marked = (node, prefix) => Object.keys(node).some((key) => key.startsWith(prefix));
  const check = () => {
    const root = document.getElementById('root');
    const container = root && (marked(document, '__reactContainer$') || marked(root, '__reactContainer$'));
    const waiting = !root || Array.from(root.querySelectorAll('*')).some((element) => !marked(element, '__reactFiber$'));
    if (container && !waiting) resolve(performance.now());
    else setTimeout(check, 50);
  };
  check();
})`;
const FCP = `performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN`;

const browser = await chromium.launch({ executablePath: chromiumPath });
const results = new Map<string, { fcp: number[]; hydrated: number[] }>();
for (let round = 0; round < RUNS; round++) {
  for (const page of PAGES) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    if (page.signedIn) {
      for (const part of cookie.split('; ')) {
        const [name, value] = part.split('=');
        await context.addCookies([{ name: name!, value: value!, url: base }]);
      }
    }
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...THROTTLING });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await tab.goto(`${base}${page.path()}`, { waitUntil: 'commit' });
    const hydrated = (await tab.evaluate(HYDRATED_AT)) as number;
    const fcp = (await tab.evaluate(FCP)) as number;
    const entry = results.get(page.name) ?? { fcp: [], hydrated: [] };
    entry.fcp.push(fcp);
    entry.hydrated.push(hydrated);
    results.set(page.name, entry);
    await context.close();
  }
}
await browser.close();

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => (ms / 1000).toFixed(2);
console.log(`\nPhone profile (4× CPU, 150 ms, 1.6 Mbps), medians of ${RUNS}: first contentful paint / hydrated, s`);
console.log('| page | first contentful paint | hydrated |');
console.log('|---|---:|---:|');
for (const page of PAGES) {
  const entry = results.get(page.name)!;
  console.log(`| ${page.name} | ${seconds(median(entry.fcp))} | ${seconds(median(entry.hydrated))} |`);
}

await close();
