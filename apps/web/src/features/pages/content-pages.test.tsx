// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../locales/en/pages.json';
import ja from '../../locales/ja/pages.json';
import AboutPage from './about-page.tsx';
import BlogPage from './blog-page.tsx';
import ContactPage from './contact-page.tsx';
import HelpPage from './help-page.tsx';

async function renderIn(language: string, page: ReactElement) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    ns: ['pages'],
    defaultNS: 'pages',
    resources: { en: { pages: en }, ja: { pages: ja } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>{page}</MemoryRouter>
    </I18nextProvider>,
  );
}

afterEach(cleanup);

describe('content pages', () => {
  it.each([
    ['blog', <BlogPage key="blog" />, 'Atelier Blog'],
    ['help', <HelpPage key="help" />, 'Help centre'],
    ['about', <AboutPage key="about" />, 'About Atelier'],
    ['contact', <ContactPage key="contact" />, 'Contact us'],
  ])('%s has one h1 and no <main>', async (_name, page, title) => {
    const { container } = await renderIn('en', page);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([title]);
    expect(container.querySelector('main')).toBeNull();
  });

  it('blog lists posts newest first with localized dates', async () => {
    await renderIn('ja', <BlogPage />);
    const titles = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(titles.slice(1)).toEqual(['ブラウザの外に出ない背景除去', 'クレジットの仕組み', 'Atelier のご紹介']);
    expect(screen.getByText('公開日：2025年5月22日')).toBeTruthy();
  });

  it('help answers are disclosure widgets', async () => {
    const { container } = await renderIn('en', <HelpPage />);
    const items = container.querySelectorAll('details > summary');
    expect(items.length).toBeGreaterThanOrEqual(10);
    expect(screen.getByText(/JPEG, PNG, WebP and GIF images up to 10 MB/)).toBeTruthy();
  });

  it('contact links to the support mailbox', async () => {
    await renderIn('en', <ContactPage />);
    expect(screen.getByRole('link', { name: 'support@atelier.example' }).getAttribute('href')).toBe(
      'mailto:support@atelier.example',
    );
  });
});
