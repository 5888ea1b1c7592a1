/**
 * The server-rendered public pages (ADR 0016) with a text each shows in English and in
 * Japanese; the 404 page stands for any unknown path. Shared by the browser test
 * (server-rendering.spec.ts) and the server's (apps/server/src/platform/http/ssr).
 */
export const PUBLIC_PAGES: readonly [path: string, english: string, japanese: string][] = [
  ['/', 'Create, edit and perfect images with AI', 'AI で画像を作り、編集し、磨き上げる'],
  ['/gallery', 'Gallery', 'ギャラリー'],
  ['/pricing', 'Simple pricing for every creator', 'すべてのクリエイターのためのシンプルな料金'],
  ['/login', 'Sign in to Atelier', 'Atelier にログイン'],
  ['/terms', 'Terms of Service', '利用規約'],
  ['/privacy', 'Privacy Policy', 'プライバシーポリシー'],
  ['/blog', 'Atelier Blog', 'Atelier ブログ'],
  ['/help', 'Help centre', 'ヘルプセンター'],
  ['/about', 'About Atelier', 'Atelier について'],
  ['/contact', 'Contact us', 'お問い合わせ'],
  ['/no/such/page', 'Page not found', 'ページが見つかりません'],
];
