// The picture a link to a public page shows in a preview (og:image / twitter:image) when the
// page has none of its own: Atelier's mark and name beside four of the bundled sample photos.
// It carries no words but the name, so one picture serves every language (the preview's title
// and description under it are in the page's language).
//
// Drawn by Chromium from the HTML below and committed as apps/web/public/share-card.jpg: the
// build and `npm start` need no browser. Run again after changing the design:
//
//   npx tsx scripts/share-card.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { SHARE_CARD } from '../packages/contracts/src/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const samples = path.join(root, 'apps/web/src/features/tools/samples');
const out = path.join(root, 'apps/web/public', SHARE_CARD.path);
const dataUrl = (file: string, type: string) =>
  `data:${type};base64,${fs.readFileSync(path.join(samples, file)).toString('base64')}`;
const logo = fs.readFileSync(path.join(root, 'apps/web/public/favicon.svg'), 'utf8');
const photos = ['astronaut.jpg', 'chelsea.jpg', 'coffee.jpg', 'rocket.jpg'].map((file) => dataUrl(file, 'image/jpeg'));

const html = `<!doctype html>
<html><head><style>
  * { box-sizing: border-box; margin: 0; }
  body {
    width: ${SHARE_CARD.width}px; height: ${SHARE_CARD.height}px; overflow: hidden;
    font-family: system-ui, sans-serif; color: #18181b; background: #fff;
    background-image:
      radial-gradient(circle at 22% 30%, rgba(124, 58, 237, 0.16), transparent 45%),
      radial-gradient(circle at 70% 80%, rgba(219, 39, 119, 0.14), transparent 45%);
    display: grid; grid-template-columns: 500px 1fr; align-items: center; padding: 0 64px;
  }
  .brand { display: flex; flex-direction: column; gap: 28px; }
  .mark svg { width: 128px; height: 128px; display: block; filter: drop-shadow(0 12px 24px rgba(124, 58, 237, 0.35)); }
  .name { font-size: 112px; font-weight: 800; letter-spacing: -3px; line-height: 1; }
  .bar { width: 180px; height: 10px; border-radius: 5px; background: linear-gradient(90deg, #7c3aed, #db2777); }
  .photos { display: grid; grid-template-columns: repeat(2, 260px); grid-auto-rows: 220px; gap: 20px;
    justify-content: end; transform: rotate(-4deg); }
  .photos img { width: 100%; height: 100%; object-fit: cover; border-radius: 24px;
    border: 6px solid #fff; box-shadow: 0 18px 40px rgba(24, 24, 27, 0.22); }
  .photos img:nth-child(2n) { transform: translateY(36px); }
</style></head>
<body>
  <div class="brand"><div class="mark">${logo}</div><div class="name">Atelier</div><div class="bar"></div></div>
  <div class="photos">${photos.map((src) => `<img src="${src}" alt="">`).join('')}</div>
</body></html>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: SHARE_CARD.width, height: SHARE_CARD.height } });
  await page.setContent(html, { waitUntil: 'load' });
  await page.screenshot({ path: out, type: 'jpeg', quality: 86 });
} finally {
  await browser.close();
}
console.log(`wrote ${path.relative(root, out)} (${(fs.statSync(out).size / 1024).toFixed(0)} KiB)`);
