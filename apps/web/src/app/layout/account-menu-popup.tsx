import { LogOut } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ACCOUNT_TRIGGER_CLASS, MENU_ITEM_CLASS, MENU_PANEL_CLASS } from '../../components/ui/menu-styles.ts';
import { type SessionUser, useSignOut } from '../../features/auth/index.ts';
import { useAccountLinks } from './account-links.ts';

const SEPARATOR_CLASS = 'my-1 h-px bg-zinc-200 dark:bg-zinc-800';

/**
 * The Radix account menu (loaded after the first render): the e-mail, the user's pages
 * (profile, history, artworks, referrals, security, billing; the admin console for an admin)
 * and Sign out. A menu button: Enter, Space or the arrows open it, the arrows move between
 * items, Escape closes it and returns focus to the avatar.
 */
export default function AccountMenuPopup({ user, defaultOpen = false }: { user: SessionUser; defaultOpen?: boolean }) {
  const { t } = useTranslation('common');
  const signOut = useSignOut();
  const links = useAccountLinks();
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger aria-label={t('account.menu')} className={ACCOUNT_TRIGGER_CLASS}>
        {user.email.charAt(0)}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={MENU_PANEL_CLASS}>
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block text-xs text-zinc-500 dark:text-zinc-400">{t('account.signedInAs')}</span>
            <span className="block max-w-60 truncate text-sm font-medium">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className={SEPARATOR_CLASS} />
          {links.map(({ to, label, icon: Icon }) => (
            <DropdownMenu.Item key={to} asChild className={MENU_ITEM_CLASS}>
              <Link to={to}>
                <Icon aria-hidden="true" className="size-4" />
                {t(label)}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className={SEPARATOR_CLASS} />
          <DropdownMenu.Item className={MENU_ITEM_CLASS} onSelect={() => void signOut()}>
            <LogOut aria-hidden="true" className="size-4" />
            {t('account.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
