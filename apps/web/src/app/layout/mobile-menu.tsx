import { Menu } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button-styles.ts';
import type { SessionState } from '../../features/auth/index.ts';

const loadPanel = () => import('./mobile-menu-panel.tsx');
const MobileMenuPanel = lazy(loadPanel);
const preloadPanel = () => void loadPanel().catch(() => undefined);

/**
 * The hamburger menu of small screens: a plain button until the first tap, which renders the
 * Radix dialog open. Loading and rendering the dialog with the page was a long task on a phone
 * (issue 15), and so was loading it when the browser was idle. Its code is fetched at the
 * touch, before the click arrives; the button is not swapped before the click, which would
 * lose it.
 */
export function MobileMenu({ session }: { session: SessionState }) {
  const { t } = useTranslation('common');
  const [opened, open] = useState(false);
  const plain = (
    <button
      type="button"
      aria-label={t('nav.openMenu')}
      className={buttonClass('ghost', 'icon')}
      onPointerDown={preloadPanel}
      onClick={() => open(true)}
    >
      <Menu aria-hidden="true" className="size-5" />
    </button>
  );
  if (!opened) return plain;
  return (
    <Suspense fallback={plain}>
      <MobileMenuPanel session={session} defaultOpen />
    </Suspense>
  );
}
