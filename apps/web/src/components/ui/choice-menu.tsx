import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { type ComponentType, lazy, type ReactNode } from 'react';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { buttonClass } from './button-styles.ts';
import type { ChoiceMenuPopupProps } from './choice-menu-popup.tsx';
import { PlainUntilLoaded } from './plain-until-loaded.tsx';

export interface Choice<T extends string> {
  value: T;
  label: string;
  icon?: ReactNode;
  lang?: string;
}

// Radix (menus, popper, focus management) stays out of the first load: the trigger renders at
// once as a plain button of the same look, and the menu behind it arrives right after. A click
// on the plain button is kept and opens the menu as soon as it is there.
const ChoiceMenuPopup = lazy(() => import('./choice-menu-popup.tsx')) as unknown as ComponentType<
  ChoiceMenuPopupProps<string>
>;

/**
 * A dropdown of mutually exclusive choices (language, theme). The trigger shows the current
 * choice's icon; its name too when `wide` (mobile menu), or from the lg breakpoint up when
 * `nameOnDesktop`.
 */
export function ChoiceMenu<T extends string>({
  label,
  value,
  choices,
  onChange,
  triggerIcon,
  wide = false,
  nameOnDesktop = false,
  loadAt,
}: {
  label: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  triggerIcon: ReactNode;
  wide?: boolean;
  nameOnDesktop?: boolean;
  /**
   * A media query for where the menu is on screen (the top bar's, from md up): the popup loads
   * once it matches, elsewhere on a click only. Without it the popup loads at once.
   */
  loadAt?: string;
}) {
  const load = useMediaQuery(loadAt ?? 'all') === true;
  const current = choices.find((choice) => choice.value === value);
  const compact = !wide && !nameOnDesktop;
  const trigger = {
    ariaLabel: `${label}: ${current?.label ?? value}`,
    className: buttonClass('ghost', compact ? 'icon' : wide ? 'md' : 'sm', wide ? 'w-full' : 'px-3'),
    content: (
      <>
        {triggerIcon}
        {!compact && <span className={clsx(wide ? 'flex-1 text-left' : 'hidden lg:inline')}>{current?.label}</span>}
        {!compact && <ChevronDown aria-hidden="true" className="size-3.5 opacity-60" />}
      </>
    ),
  };
  return (
    <PlainUntilLoaded
      loadNow={load}
      plain={(requestOpen) => (
        <button type="button" aria-label={trigger.ariaLabel} className={trigger.className} onClick={requestOpen}>
          {trigger.content}
        </button>
      )}
      loaded={(defaultOpen) => (
        <ChoiceMenuPopup
          label={label}
          value={value}
          choices={choices}
          onChange={onChange as (value: string) => void}
          align={wide ? 'start' : 'end'}
          trigger={trigger}
          defaultOpen={defaultOpen}
        />
      )}
    />
  );
}
