import type { toast } from 'sonner';
import { externalValue } from './external-value.ts';

export type ToastApi = typeof toast;

// The toast library and its <Toaster> (app/app-toaster.tsx) load with the first toast, not
// with the page: ~9 KB of JS a visit that never shows a toast does not load. A
// toast raised before the toaster is on the page would be lost, so every toast goes through
// notify(), which asks for the toaster and waits for it.
let markToasterMounted: () => void = () => {};
const toasterMounted = new Promise<void>((resolve) => {
  markToasterMounted = resolve;
});

const toasterWanted = externalValue(false);

/** For useSyncExternalStore in the root layout: has any toast been asked for yet? */
export const isToasterWanted = toasterWanted.get;
export const subscribeToasterWanted = toasterWanted.subscribe;

/** Called once by the toaster when it is mounted and listening. */
export function toasterIsMounted(): void {
  markToasterMounted();
}

/** Shows a toast as soon as the toaster is ready: notify((toast) => toast.error('…')). */
export async function notify(show: (api: ToastApi) => void): Promise<void> {
  toasterWanted.set(true);
  const [{ toast: api }] = await Promise.all([import('sonner'), toasterMounted]);
  show(api);
}
