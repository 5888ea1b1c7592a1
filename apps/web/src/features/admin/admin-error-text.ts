import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client.ts';

/** Codes an admin action answers with their own text in the admin namespace. */
const KNOWN = new Set(['INSUFFICIENT_CREDITS', 'VALIDATION_ERROR', 'NOT_FOUND', 'NETWORK']);

export type ConflictKind = 'refund' | 'disable' | 'enable';

/** What went wrong with an action, in the admin's language. A conflict is told by the action's kind. */
export function adminErrorText(t: TFunction<'admin'>, error: unknown, conflict?: ConflictKind): string {
  if (!(error instanceof ApiError)) return t('errors.generic');
  if (error.code === 'CONFLICT' && conflict) return t(`errors.conflict.${conflict}`);
  return KNOWN.has(error.code) ? t(`errors.${error.code}`) : t('errors.generic');
}
