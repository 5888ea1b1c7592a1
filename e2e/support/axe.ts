import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * The theme as the app applies it: the `dark` class, and the toaster's own theme, which it takes
 * as a prop rather than from the class (set alone, the class would leave a toast still showing
 * half light, half dark).
 */
async function applyTheme(page: Page, dark: boolean): Promise<void> {
  await page.evaluate((dark) => {
    document.documentElement.classList.toggle('dark', dark);
    document.querySelectorAll('[data-sonner-theme]').forEach((toaster) => {
      toaster.setAttribute('data-sonner-theme', dark ? 'dark' : 'light');
    });
  }, dark);
}

/**
 * Runs axe-core on the page in the light and the dark theme (the default theme follows the
 * time of day, so one run alone would check whichever the clock picked) and fails on any
 * serious or critical violation, listing them.
 */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  // Not addScriptTag: that injects an inline <script>, which the app's CSP rightly blocks.
  // Evaluating through the DevTools protocol is not subject to the page's CSP.
  await page.evaluate(axeSource);
  const wasDark = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  const serious: string[] = [];
  for (const dark of [false, true]) {
    await applyTheme(page, dark);
    // Colours change with a CSS transition: measure contrast once every one has ended (a fixed
    // wait was too short on a busy machine, and axe then read colours half-way).
    await page.evaluate(() =>
      Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
    );
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: unknown[] }> } })
        .axe;
      return (await axe.run(document)).violations;
    });
    for (const violation of violations as AxeViolation[]) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      const nodes = violation.nodes.map((node) => node.target.join(' ')).join(', ');
      serious.push(`${dark ? 'dark' : 'light'}: ${violation.impact} ${violation.id}: ${violation.help} — ${nodes}`);
    }
  }
  await applyTheme(page, wasDark);
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}
