import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client.ts';
import { notify } from '../../lib/notify.ts';

/** An error toast of the profile page: `key` names title and description. */
export function toastProfileError(t: TFunction<'profile'>, key: string): void {
  void notify((toast) => toast.error(t(`${key}.title`), { description: t(`${key}.description`) }));
}

/** The catalogue entry of a failed profile load: signed out, not found yet, or another failure. */
export function profileLoadErrorKey(error: unknown): string {
  if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') return 'load.authError';
  if (error instanceof ApiError && error.code === 'NOT_FOUND') return 'load.notFound';
  return 'load.failed';
}
