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

/** Runs axe-core on the page and fails on any serious or critical violation, listing them. */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  // Not addScriptTag: that injects an inline <script>, which the app's CSP rightly blocks.
  // Evaluating through the DevTools protocol is not subject to the page's CSP.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  const serious = (violations as AxeViolation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}
