// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../locales/en/legal.json';
import ja from '../../locales/ja/legal.json';
import zhCN from '../../locales/zh-CN/legal.json';
import zhTW from '../../locales/zh-TW/legal.json';
import PrivacyPage from './privacy-page.tsx';
import TermsPage from './terms-page.tsx';

async function renderIn(language: string, page: 'terms' | 'privacy') {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    ns: ['legal'],
    defaultNS: 'legal',
    resources: { en: { legal: en }, ja: { legal: ja }, 'zh-CN': { legal: zhCN }, 'zh-TW': { legal: zhTW } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>{page === 'terms' ? <TermsPage /> : <PrivacyPage />}</MemoryRouter>
    </I18nextProvider>,
  );
}

afterEach(cleanup);

describe('legal pages', () => {
  it.each([
    ['en', 'terms', 'Terms of Service', 'Last updated: May 22, 2025'],
    ['en', 'privacy', 'Privacy Policy', 'Last updated: May 22, 2025'],
    ['ja', 'terms', '利用規約', '最終更新日：2025年5月22日'],
    ['zh-TW', 'privacy', '隱私權政策', '最後更新：2025年5月22日'],
    ['zh-CN', 'terms', '服务条款', '最后更新：2025年5月22日'],
  ] as const)('%s %s shows its title and last-updated date', async (language, page, title, lastUpdated) => {
    await renderIn(language, page);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    expect(screen.getByTestId('legal-last-updated').textContent).toBe(lastUpdated);
  });

  it('lists every section in the table of contents, each linking to its heading', async () => {
    const { container } = await renderIn('en', 'privacy');
    const tocLinks = [...container.querySelectorAll<HTMLAnchorElement>('nav a[href^="#"]')];
    expect(tocLinks.length).toBeGreaterThan(5);
    for (const link of tocLinks) {
      const target = container.querySelector(link.getAttribute('href') ?? '');
      expect(target?.tagName).toBe('H2');
      expect(target?.textContent).toContain(link.textContent ?? '');
    }
    expect(screen.getByRole('link', { name: 'support@atelier.example' }).getAttribute('href')).toBe(
      'mailto:support@atelier.example',
    );
  });
});
