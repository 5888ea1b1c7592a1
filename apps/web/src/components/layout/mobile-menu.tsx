import { Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionState } from '../../features/auth/use-session.ts';
import { preloadWhenIdle } from '../../lib/preload-when-idle.ts';
import { buttonClass } from '../ui/button-styles.ts';

const loadPanel = () => import('./mobile-menu-panel.tsx');
const MobileMenuPanel = lazy(loadPanel);
const preloadPanel = () => void loadPanel().catch(() => undefined);

/**
 * The hamburger menu of small screens: a plain button until the first tap, which renders the
 * Radix dialog open. Rendering the dialog with the page was a long task on a phone (issue 15).
 * Its code is fetched once the browser is idle (or at the first touch), so the tap does not
 * wait for the network; the button is not swapped before the tap, which would lose the click.
 */
export function MobileMenu({ session }: { session: SessionState }) {
  const { t } = useTranslation('common');
  const [opened, open] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => preloadWhenIdle(button.current, loadPanel), []);
  const plain = (
    <button
      ref={button}
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
