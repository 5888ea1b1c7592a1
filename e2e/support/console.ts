import type { Page } from '@playwright/test';

/**
 * Collects Content-Security-Policy violations the page reports (console errors and
 * securitypolicyviolation events), so a test can assert the app runs under the server's CSP.
 * Call before the first navigation.
 */
export function collectCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => {
    if (/Content.Security.Policy/i.test(error.message)) violations.push(error.message);
  });
  return violations;
}
