import type { toast } from 'sonner';

export type ToastApi = typeof toast;

// The toast library and its <Toaster> load after the first render (app/app-toaster.tsx), which
// keeps ~9 KB gzip off the home page's first load. A toast raised before the toaster is on the
// page would be lost, so shell code raises toasts through notify(), which waits for it.
let markToasterMounted: () => void = () => {};
const toasterMounted = new Promise<void>((resolve) => {
  markToasterMounted = resolve;
});

/** Called once by the toaster when it is mounted and listening. */
export function toasterIsMounted(): void {
  markToasterMounted();
}

/** Shows a toast as soon as the toaster is ready: notify((toast) => toast.error('…')). */
export async function notify(show: (api: ToastApi) => void): Promise<void> {
  const [{ toast: api }] = await Promise.all([import('sonner'), toasterMounted]);
  show(api);
}
