import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client.ts';

const KNOWN = new Set([
  'SEATS_FULL',
  'INVITATION_GONE',
  'INVITATION_EMAIL_MISMATCH',
  'EMAIL_NOT_CONFIRMED',
  'INSUFFICIENT_CREDITS',
  'TEAM_MEMBER_CAP_REACHED',
  'CREDITS_NOT_TRANSFERABLE',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
]);

/**
 * A refused team action in the user's language (PLAN_REQUIRED and field problems come
 * translated). `EMAIL_NOT_CONFIRMED` means "confirming adds you" when joining, and "confirm first"
 * when making or funding a team (`unconfirmed: 'create.confirmFirst'`).
 */
export function teamErrorText(t: TFunction, error: unknown, { unconfirmed }: { unconfirmed?: string } = {}): string {
  if (error instanceof ApiError) {
    if (error.code === 'EMAIL_NOT_CONFIRMED' && unconfirmed) return t(`team:${unconfirmed}`);
    if (KNOWN.has(error.code)) return t(`team:errors.${error.code}`);
    if (error.code === 'PLAN_REQUIRED' || error.code === 'VALIDATION_ERROR') return error.message;
  }
  return t('team:errors.unknown');
}
