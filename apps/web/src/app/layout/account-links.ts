import { CreditCard, Gift, History, Images, type LucideIcon, ShieldCheck, User, Users, Wrench } from 'lucide-react';
import { BILLING_ANCHOR } from '../../features/profile/index.ts';
import { ADMIN_PATH, useIsAdmin } from '../require-admin.tsx';

export interface AccountLink {
  to: string;
  /** i18n key in `common`. */
  label: string;
  icon: LucideIcon;
}

/** The signed-in user's pages, as the account menu and the phone menu list them. */
const ACCOUNT_LINKS: readonly AccountLink[] = [
  { to: '/profile', label: 'account.viewProfile', icon: User },
  { to: '/history', label: 'account.history', icon: History },
  { to: '/gallery?tab=mine', label: 'account.myArtworks', icon: Images },
  { to: '/team', label: 'account.team', icon: Users },
  { to: '/referral-center', label: 'account.referrals', icon: Gift },
  { to: '/security', label: 'account.security', icon: ShieldCheck },
  { to: `/profile#${BILLING_ANCHOR}`, label: 'account.billing', icon: CreditCard },
];

const ADMIN_LINK: AccountLink = { to: `/${ADMIN_PATH}`, label: 'account.admin', icon: Wrench };

/** The account menu's links, with the admin console's for an admin. */
export function useAccountLinks(): readonly AccountLink[] {
  const admin = useIsAdmin();
  return admin ? [...ACCOUNT_LINKS, ADMIN_LINK] : ACCOUNT_LINKS;
}
