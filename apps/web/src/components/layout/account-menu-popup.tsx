import { LogOut, User } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSignOut } from '../../lib/use-sign-out.ts';
import { ACCOUNT_TRIGGER_CLASS, MENU_ITEM_CLASS, MENU_PANEL_CLASS } from '../ui/menu-styles.ts';

/** The Radix account menu (loaded after the first render): e-mail, View Profile, Sign out. */
export default function AccountMenuPopup({ email, defaultOpen }: { email: string; defaultOpen?: boolean }) {
  const { t } = useTranslation('common');
  const signOut = useSignOut();
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger aria-label={t('account.menu')} className={ACCOUNT_TRIGGER_CLASS}>
        {email.charAt(0)}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={MENU_PANEL_CLASS}>
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block text-xs text-zinc-500 dark:text-zinc-400">{t('account.signedInAs')}</span>
            <span className="block max-w-60 truncate text-sm font-medium">{email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-zinc-200 dark:bg-zinc-800" />
          <DropdownMenu.Item asChild className={MENU_ITEM_CLASS}>
            <Link to="/profile">
              <User aria-hidden="true" className="size-4" />
              {t('account.viewProfile')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={MENU_ITEM_CLASS} onSelect={() => void signOut()}>
            <LogOut aria-hidden="true" className="size-4" />
            {t('account.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
