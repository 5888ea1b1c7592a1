import { useSession } from '../../features/auth/use-session.ts';
import { AccountMenu } from './account-menu.tsx';
import { BrandLogo } from './brand-logo.tsx';
import { DESKTOP_NAV_QUERY } from './desktop-nav-query.ts';
import { LanguageMenu } from './language-menu.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { ThemeMenu } from './theme-menu.tsx';
import { ToolsNavMenu } from './tools-nav-menu.tsx';
import { VisitorActions } from './visitor-actions.tsx';

/** The top bar: logo, AI Tools and gallery, language and theme, then sign-in or the account menu. */
export function SiteHeader() {
  const session = useSession();
  // The desktop navigation shows from Tailwind's md up, the hamburger below. Only the menus on
  // screen load their code, each watching the breakpoint itself: the top bar as a whole does
  // not render again once hydrated (a long task on a phone, issue 15).
  return (
    <header className="sticky top-0 z-30 border-b border-zinc-200/80 bg-white/80 backdrop-blur-lg dark:border-zinc-800/80 dark:bg-zinc-950/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <BrandLogo />
        <div className="hidden md:block">
          <ToolsNavMenu loadAt={DESKTOP_NAV_QUERY} />
        </div>
        <div className="ml-auto hidden items-center gap-1 md:flex">
          <LanguageMenu loadAt={DESKTOP_NAV_QUERY} />
          <ThemeMenu loadAt={DESKTOP_NAV_QUERY} />
          <div className="ml-2">
            {session.status === 'signed-in' ? (
              <AccountMenu email={session.user.email} />
            ) : (
              // Nothing while the session loads, so the buttons never flash for a signed-in user.
              session.status === 'signed-out' && <VisitorActions />
            )}
          </div>
        </div>
        <div className="ml-auto md:hidden">
          <MobileMenu session={session} />
        </div>
      </div>
    </header>
  );
}
