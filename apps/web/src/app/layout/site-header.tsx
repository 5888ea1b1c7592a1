import { lazy, Suspense } from 'react';
import { useSession } from '../../features/auth/index.ts';
import { AccountMenu } from './account-menu.tsx';
import { BrandLogo } from './brand-logo.tsx';
import { CreditBalance } from './credit-balance.tsx';
import { DESKTOP_NAV_QUERY } from './desktop-nav-query.ts';
import { LanguageMenu } from './language-menu.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { ThemeMenu } from './theme-menu.tsx';
import { ToolsNavMenu } from './tools-nav-menu.tsx';
import { VisitorActions } from './visitor-actions.tsx';

// Only a signed-in account can have teams: the switcher's code loads for it alone.
const WorkspaceSwitcher = lazy(async () => ({ default: (await import('./workspace-switcher.tsx')).WorkspaceSwitcher }));

/**
 * The top bar: logo, AI Tools, gallery and pricing, language and theme, then sign-in or the
 * credit balance and the account menu. On a phone: logo, the balance and the menu button.
 */
export function SiteHeader() {
  const session = useSession();
  // The desktop navigation shows from Tailwind's md up, the hamburger below. Only the menus on
  // screen load their code, each watching the breakpoint itself: the top bar as a whole does
  // not render again once hydrated (a long task on a phone); the balance is a part
  // of its own, which alone renders again when it changes.
  return (
    <header className="sticky top-0 z-30 border-b border-zinc-200/80 bg-white/80 backdrop-blur-lg dark:border-zinc-800/80 dark:bg-zinc-950/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <BrandLogo />
        <div className="hidden md:block">
          <ToolsNavMenu loadAt={DESKTOP_NAV_QUERY} />
        </div>
        <div className="ml-auto flex items-center gap-1">
          <div className="hidden items-center gap-1 md:flex">
            <LanguageMenu loadAt={DESKTOP_NAV_QUERY} />
            <ThemeMenu loadAt={DESKTOP_NAV_QUERY} />
          </div>
          {session.status === 'signed-in' && (
            <div className="flex items-center gap-1 md:ml-2">
              <Suspense fallback={null}>
                <WorkspaceSwitcher />
              </Suspense>
              <CreditBalance />
            </div>
          )}
          <div className="ml-2 hidden md:block">
            {session.status === 'signed-in' ? (
              <AccountMenu user={session.user} />
            ) : (
              // Nothing while the session loads, so the buttons never flash for a signed-in user.
              session.status === 'signed-out' && <VisitorActions />
            )}
          </div>
          <div className="md:hidden">
            <MobileMenu session={session} />
          </div>
        </div>
      </div>
    </header>
  );
}
