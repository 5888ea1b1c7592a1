import { Fragment, type ReactElement, Suspense, startTransition, useEffect, useState } from 'react';

/**
 * A control whose full version (a Radix menu, kept out of the first load) comes after the page:
 * a plain button of the same look in the server's HTML and until the full version's code is in.
 * A press on the plain button opens the full version, open, as soon as it is there.
 * - The swap is a transition inside a Suspense boundary the server renders too, so React keeps
 *   the plain button, the very element, until the code has loaded: a press on it while the
 *   code loads still lands on a button that is there.
 * - A press mounts the full version afresh with `defaultOpen`: one already mounted closed would
 *   not read it again.
 */
export function PlainUntilLoaded({
  loadNow,
  plain,
  loaded,
}: {
  /** Whether to fetch and show the full version without a press (it is on screen). */
  loadNow: boolean;
  /** The plain button; `requestOpen` is its press. */
  plain: (requestOpen: () => void) => ReactElement;
  loaded: (defaultOpen: boolean) => ReactElement;
}) {
  const [wanted, want] = useState(false);
  const [openRequested, setOpenRequested] = useState(false);
  useEffect(() => {
    if (loadNow) startTransition(() => want(true));
  }, [loadNow]);
  const plainButton = plain(() => setOpenRequested(true));
  return (
    <Suspense fallback={plainButton}>
      {wanted || openRequested ? (
        <Fragment key={openRequested ? 'requested' : 'idle'}>{loaded(openRequested)}</Fragment>
      ) : (
        plainButton
      )}
    </Suspense>
  );
}
