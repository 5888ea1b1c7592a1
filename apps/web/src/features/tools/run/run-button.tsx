import { clsx } from 'clsx';
import { Sparkles } from 'lucide-react';
import { buttonClass } from '../../../components/ui/button-styles.ts';

/**
 * The tool's run button, which submits the panel's form (its action). Pressed before the page
 * is hydrated, React's own form replaying keeps the press and runs it once the page is.
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
  return (
    <button
      type="submit"
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
