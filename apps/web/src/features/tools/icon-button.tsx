import type { LucideIcon } from 'lucide-react';
import type { ButtonHTMLAttributes } from 'react';
import { buttonClass } from '../../components/ui/button-styles.ts';

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
