import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { buttonClass } from '../../components/ui/button-styles.ts';

// The parts of the desktop navigation shared by its plain first render and the Radix version.

export const AI_TOOLS_TRIGGER_CLASS = buttonClass('ghost', 'sm', 'group px-3');

export function AiToolsTriggerContent() {
  const { t } = useTranslation('common');
  return (
    <>
      {t('nav.aiTools')}
      <ChevronDown
        aria-hidden="true"
        className="size-3.5 opacity-60 transition-transform group-data-[state=open]:rotate-180"
      />
    </>
  );
}

/** The plain links of the top bar after AI Tools. */
export const TOP_NAV_LINKS = [
  { to: '/gallery', label: 'nav.gallery' },
  { to: '/pricing', label: 'nav.pricing' },
] as const;

/** A link of the top bar (props pass through so Radix can wrap it with asChild). */
export function TopNavLink({
  to,
  label,
  ...props
}: Omit<ComponentProps<typeof NavLink>, 'to'> & (typeof TOP_NAV_LINKS)[number]) {
  const { t } = useTranslation('common');
  return (
    <NavLink
      {...props}
      to={to}
      className={buttonClass(
        'ghost',
        'sm',
        'px-3 aria-[current=page]:text-brand-700 dark:aria-[current=page]:text-brand-300',
      )}
    >
      {t(label)}
    </NavLink>
  );
}
