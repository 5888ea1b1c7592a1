import { clsx } from 'clsx';
import { Sparkles } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button-styles.ts';
import { useHydrated } from '../../../lib/use-hydrating.ts';

/**
 * The tool's run button, which submits the panel's form. Over a server-rendered page it is a
 * plain button until the page is interactive: a submit pressed before the form's handler is
 * attached would send the form the browser's way, reloading the page with the prompt in the
 * address. Its own component, so only it renders again when the page becomes interactive.
 */
export function RunButton({
  label,
  disabled,
  describedBy,
  note,
}: {
  label: string;
  disabled: boolean;
  /** The hint saying why the button is disabled, when it is. */
  describedBy: string | undefined;
  /** A word on the run beside the label: "Demo — free" when the demo engine will make it. */
  note?: string;
}) {
  const interactive = useHydrated();
  return (
    <button
      type={interactive ? 'submit' : 'button'}
      disabled={disabled}
      aria-describedby={describedBy}
      aria-keyshortcuts="Control+Enter Meta+Enter"
      // With a note, a narrow panel (a phone) puts it on a second line rather than overflowing.
      className={buttonClass('primary', 'lg', clsx('min-w-0 flex-1 px-5', note && 'h-auto min-h-12 flex-wrap py-1.5'))}
    >
      <Sparkles aria-hidden="true" className="size-4" />
      {label}
      {note && (
        <span
          data-testid="run-note"
          className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-950"
        >
          {note}
        </span>
      )}
    </button>
  );
}
