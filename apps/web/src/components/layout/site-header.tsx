import { useSession } from '../../features/auth/use-session.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { AccountMenu } from './account-menu.tsx';
import { BrandLogo } from './brand-logo.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { ThemeMenu } from './theme-menu.tsx';
import { ToolsNavMenu } from './tools-nav-menu.tsx';
import { VisitorActions } from './visitor-actions.tsx';

/** The top bar: logo, AI Tools and gallery, language and theme, then sign-in or the account menu. */
export function SiteHeader() {
  const session = useSession();
  // Tailwind's md: the desktop navigation shows from here, the hamburger below. Only the one
  // on screen loads its menu code; the other stays a plain control (loads if ever used).
  const desktop = useMediaQuery('(min-width: 48rem)');
  return (
    <header className="sticky top-0 z-30 border-b border-zinc-200/80 bg-white/80 backdrop-blur-lg dark:border-zinc-800/80 dark:bg-zinc-950/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <BrandLogo />
        <div className="hidden md:block">
          <ToolsNavMenu load={desktop === true} />
        </div>
        <div className="ml-auto hidden items-center gap-1 md:flex">
          <LanguageMenu load={desktop === true} />
          <ThemeMenu load={desktop === true} />
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
          <MobileMenu session={session} load={desktop === false} />
        </div>
      </div>
    </header>
  );
}
