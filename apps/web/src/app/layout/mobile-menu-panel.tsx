import { TOOLS } from '@atelier/contracts';
import { LogOut, Menu, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DemoBadge } from '../../components/demo-badge.tsx';
import { ToolIcon } from '../../components/tool-icon.tsx';
import { buttonClass } from '../../components/ui/button-styles.ts';
import { type SessionState, type SessionUser, useSignOut } from '../../features/auth/index.ts';
import { useDemoTools } from '../../features/tools/index.ts';
import { toolHref } from '../../lib/tool-href.ts';
import { useAccountLinks } from './account-links.ts';
import { BrandLogo } from './brand-logo.tsx';
import { CreditBalance } from './credit-balance.tsx';
import { LanguageMenu } from './language-menu.tsx';
import { ThemeMenu } from './theme-menu.tsx';
import { TOP_NAV_LINKS } from './tools-nav-parts.tsx';
import { VisitorActions } from './visitor-actions.tsx';

const MOBILE_TOOLS = TOOLS.filter((tool) => tool.inMobileMenu);

const ROW_CLASS =
  'flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium text-zinc-800 hover:bg-zinc-100 dark:text-zinc-200 dark:hover:bg-zinc-800';

const SECTION_TITLE_CLASS = 'px-3 pb-1 text-xs font-medium tracking-wide text-zinc-500 uppercase dark:text-zinc-400';

/**
 * The Radix dialog of the hamburger menu (loaded at the first tap): 4 tools, gallery and
 * pricing; the account — balance, the user's pages, Sign out; theme and language; or, for a
 * visitor, Sign in and Get started at the bottom.
 */
export default function MobileMenuPanel({
  session,
  defaultOpen = false,
}: {
  session: SessionState;
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation(['common', 'tools']);
  const [open, setOpen] = useState(defaultOpen);
  const close = () => setOpen(false);
  const demoTools = useDemoTools();

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger aria-label={t('nav.openMenu')} className={buttonClass('ghost', 'icon')}>
        <Menu aria-hidden="true" className="size-5" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-zinc-950/40 backdrop-blur-sm" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-full max-w-sm flex-col gap-6 overflow-y-auto bg-white p-5 shadow-2xl dark:bg-zinc-950">
          <div className="flex items-center justify-between">
            <BrandLogo onNavigate={close} />
            <Dialog.Close aria-label={t('nav.closeMenu')} className={buttonClass('ghost', 'icon')}>
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Title className="sr-only">{t('nav.menu')}</Dialog.Title>
          <Dialog.Description className="sr-only">{t('nav.menuDescription')}</Dialog.Description>

          <nav aria-label={t('nav.primary')}>
            <p className={SECTION_TITLE_CLASS}>{t('nav.aiTools')}</p>
            <ul>
              {MOBILE_TOOLS.map((tool) => (
                <li key={tool.id}>
                  <Link to={toolHref(tool)} onClick={close} className={ROW_CLASS}>
                    <ToolIcon id={tool.id} className="size-4 text-brand-600 dark:text-brand-400" />
                    {t(`tools:${tool.id}.name`)}
                    {demoTools.has(tool.id) && <DemoBadge />}
                  </Link>
                </li>
              ))}
              {TOP_NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} onClick={close} className={ROW_CLASS}>
                    {t(link.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          {session.status === 'signed-in' && (
            // The account comes before the settings: the balance and the user's pages in reach.
            <div className="border-t border-zinc-200 pt-5 dark:border-zinc-800">
              <AccountSection user={session.user} onNavigate={close} />
            </div>
          )}

          <div className="flex flex-col gap-2 border-t border-zinc-200 pt-5 dark:border-zinc-800">
            <p className={SECTION_TITLE_CLASS}>{t('theme.label')}</p>
            <ThemeMenu wide />
            <p className={SECTION_TITLE_CLASS}>{t('language.label')}</p>
            <LanguageMenu wide />
          </div>

          {session.status === 'signed-out' && (
            <div className="mt-auto border-t border-zinc-200 pt-5 dark:border-zinc-800">
              <VisitorActions stacked onNavigate={close} />
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The signed-in part of the phone menu: e-mail, balance, the user's pages and Sign out. */
function AccountSection({ user, onNavigate }: { user: SessionUser; onNavigate: () => void }) {
  const { t } = useTranslation('common');
  const signOut = useSignOut();
  const links = useAccountLinks();
  return (
    <nav aria-label={t('account.menu')} className="flex flex-col gap-1">
      <p className="truncate px-3 pb-2 text-sm text-zinc-500 dark:text-zinc-400">{user.email}</p>
      <CreditBalance variant="row" onNavigate={onNavigate} />
      <ul>
        {links.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <Link to={to} onClick={onNavigate} className={ROW_CLASS}>
              <Icon aria-hidden="true" className="size-4" />
              {t(label)}
            </Link>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={ROW_CLASS}
        onClick={() => {
          onNavigate();
          void signOut();
        }}
      >
        <LogOut aria-hidden="true" className="size-4" />
        {t('account.signOut')}
      </button>
    </nav>
  );
}
