// Every modal dialog wears one look: a dimmed page behind, a white card in the middle of the
// screen with a margin on a phone. Class strings, so Radix's Dialog and AlertDialog both take them.

/** The dimmed page behind a dialog. */
export const DIALOG_OVERLAY_CLASS = 'fixed inset-0 z-50 bg-zinc-950/50';

/** The card, centred, 1 rem from a phone's edges; the caller adds its width and padding. */
export const DIALOG_CARD_CLASS =
  'fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white shadow-2xl dark:bg-zinc-900';

/** The card of a short dialog: a title, a few lines and its buttons. */
export const DIALOG_BOX_CLASS = `${DIALOG_CARD_CLASS} max-w-md p-6`;
