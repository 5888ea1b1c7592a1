import { LANGUAGE_STORAGE_KEY, type Language } from '@atelier/contracts';
import { expect, test } from '@playwright/test';
import en from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import ja from '../apps/web/src/locales/ja/common.json' with { type: 'json' };
import zhCN from '../apps/web/src/locales/zh-CN/common.json' with { type: 'json' };
import zhTW from '../apps/web/src/locales/zh-TW/common.json' with { type: 'json' };
import { signUpViaApi, subscribeToProViaApi } from './support/accounts.ts';

// Text a person could not have meant (a text-direction override pasted into a name)
// is refused by the server, and the page says why, in the person's language.

const COMMON = { en, ja, 'zh-CN': zhCN, 'zh-TW': zhTW } as const;

for (const language of Object.keys(COMMON) as Language[]) {
  test(`a key name with a text-direction override is refused with a clear message in ${language}`, async ({ page }) => {
    await page.addInitScript(({ key, value }) => localStorage.setItem(key, value), {
      key: LANGUAGE_STORAGE_KEY,
      value: language,
    });
    await page.goto('/');
    await signUpViaApi(page);
    await subscribeToProViaApi(page);
    await page.goto('/profile');
    const name = page.locator('input[name="api-key-name"]');
    await name.fill('ci\u202etxt.exe');
    await name.press('Enter');
    const { fields, problems } = COMMON[language].validation;
    await expect(page.getByText(problems.invalid_characters.replace('{{field}}', fields.name))).toBeVisible();
    // Nothing was made: the list is still empty.
    await expect(page.locator('[data-testid="api-key-secret"]')).toHaveCount(0);
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/hostile-${language}.png` });
  });
}
