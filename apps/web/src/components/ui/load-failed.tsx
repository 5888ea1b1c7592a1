import { buttonClass } from './button-styles.ts';

/** Fills a page whose data could not be loaded: the reason, and a button to try again. */
export function LoadFailed({
  message,
  retryLabel,
  onRetry,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <div className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p role="alert">{message}</p>
      <button type="button" className={buttonClass('secondary')} onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
