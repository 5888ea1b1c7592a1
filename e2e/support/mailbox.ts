import { expect, type Page } from '@playwright/test';

// The outbox at /dev/mailbox (mail goes there when no SMTP server is set): the tests follow
// the links Atelier mails, as a person would from their inbox.

/** Opens the mailbox page and follows the first link matching `link` in the newest mail to `email` whose text matches `subject`. */
export async function openMailedLink(page: Page, email: string, subject: RegExp, link: RegExp): Promise<void> {
  await page.goto('/dev/mailbox');
  const message = page.locator('article', { hasText: email }).filter({ hasText: subject }).first();
  await message.getByRole('link', { name: link }).first().click();
}

/**
 * Confirms the address of an account signed up in this page's context by opening its activation
 * link: codes are redeemed and teams made, funded and joined by confirmed accounts only.
 */
export async function confirmAddress(page: Page, email: string): Promise<void> {
  // Any language: the activation mail is written in the one the person signed up in.
  await openMailedLink(page, email, /./, /verify-email\?token=/);
  await expect(page).not.toHaveURL(/verify-email/);
}
