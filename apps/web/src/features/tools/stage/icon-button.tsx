import type { LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes } from 'react';
import { buttonClass } from '../../../components/ui/button-styles.ts';

/**
 * A result action on a phone (below `sm`): the icon over its visible label, the actions sharing
 * the row's width; from `sm` the button keeps its toolbar size (labels by breakpoint).
 */
export const PHONE_LABELLED_ACTION_CLASS =
  'max-sm:h-auto max-sm:min-h-11 max-sm:w-auto max-sm:min-w-0 max-sm:flex-1 max-sm:flex-col max-sm:gap-0.5 max-sm:rounded-xl max-sm:px-1 max-sm:py-1 max-sm:text-[11px] max-sm:leading-tight max-sm:whitespace-normal max-sm:text-center';

/**
 * A 36 px icon-only button of the stage's toolbar and the mask tools: the label is its
 * accessible name, and its tooltip adds the shortcut.
 */
export function IconButton({
  label,
  shortcut,
  icon: Icon,
  variant = 'ghost',
  className,
  ...rest
}: {
  label: string;
  shortcut?: string;
  icon: LucideIcon;
  variant?: 'ghost' | 'secondary';
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'title' | 'type'>) {
  return (
    <button
      type="button"
      aria-label={label}
      title={shortcut ? `${label} (${shortcut})` : label}
      className={buttonClass(variant, 'toolIcon', `shrink-0 ${className ?? ''}`)}
      {...rest}
    >
      <Icon aria-hidden="true" className="size-4" />
    </button>
  );
}
