import { clsx } from 'clsx';
import { type InputHTMLAttributes, useId, useRef } from 'react';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration.ts';

/** The look of the app's form controls (inputs, and the selects beside them). */
export const FIELD_CONTROL_CLASS =
  'h-11 rounded-xl border border-zinc-300 bg-white px-3 text-base text-zinc-900 outline-none focus-visible:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600/30 disabled:opacity-60 aria-[invalid=true]:border-red-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';

/**
 * A labelled input with an optional hint, for the app's forms. An `error` is shown under it,
 * marks the input invalid and is read out with it.
 */
export function TextField({
  label,
  hint,
  error,
  className,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string; error?: string | null }) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(ref, input.value);
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        aria-describedby={describedBy || undefined}
        aria-invalid={error ? true : undefined}
        className={FIELD_CONTROL_CLASS}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
