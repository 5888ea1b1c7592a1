import { clsx } from 'clsx';

// Buttons are often links (react-router <Link>), so the look is a class string that both
// <button> and <Link> can wear.
const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-medium whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-50';

const variants = {
  primary: 'bg-brand-600 text-white shadow-sm shadow-brand-600/20 hover:bg-brand-700 dark:text-white',
  secondary:
    'border border-zinc-200 bg-white text-zinc-900 hover:bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800',
  // Black on light pages, white on dark ones (Sign in with Apple's own look).
  inverse: 'bg-zinc-950 text-white hover:bg-zinc-800 dark:bg-white dark:text-zinc-950 dark:hover:bg-zinc-200',
  ghost:
    'text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white',
} as const;

const sizes = {
  sm: 'h-9 px-4 text-sm',
  md: 'h-10 px-5 text-sm',
  lg: 'h-12 px-7 text-base',
  icon: 'size-10',
  /** Toolbars: a 36 px square icon button, and a 36 px high button with a short label. */
  toolIcon: 'size-9 text-sm',
  toolText: 'h-9 px-2.5 text-sm',
} as const;

export function buttonClass(
  variant: keyof typeof variants = 'primary',
  size: keyof typeof sizes = 'md',
  extra?: string,
): string {
  return clsx(base, variants[variant], sizes[size], extra);
}
