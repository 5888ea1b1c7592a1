import { clsx } from 'clsx';
import { type InputHTMLAttributes, useId, useRef } from 'react';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration.ts';

/** A labelled input with an optional hint, for the app's forms. */
export function TextField({
  label,
  hint,
  className,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string }) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(ref, input.value);
  return (
    <div className={clsx('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="h-11 rounded-xl border border-zinc-300 bg-white px-3 text-base text-zinc-900 outline-none focus-visible:border-brand-600 focus-visible:ring-2 focus-visible:ring-brand-600/30 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-zinc-500 dark:text-zinc-400">
          {hint}
        </p>
      )}
    </div>
  );
}
