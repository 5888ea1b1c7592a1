import { ERROR_STATUS, type ErrorCode } from '@atelier/contracts';
import { issuesOfFields } from '../../platform/http/app-error.ts';

/** Better Auth's error codes in the contract's terms (the codes the sign-in page has texts for). */
const CODES: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  INVALID_PASSWORD: 'INVALID_CREDENTIALS',
  // Changing a password the account does not have (Sign in with Apple only, or voided at the claim).
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'PASSWORD_NOT_SET',
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  USER_ALREADY_EXISTS: 'USER_ALREADY_EXISTS',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'USER_ALREADY_EXISTS',
  PASSWORD_TOO_SHORT: 'WEAK_PASSWORD',
  PASSWORD_TOO_LONG: 'VALIDATION_ERROR',
  INVALID_EMAIL: 'INVALID_EMAIL',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_CONFIRMED',
  INVALID_TOKEN: 'VALIDATION_ERROR',
  TOKEN_EXPIRED: 'VALIDATION_ERROR',
  SESSION_EXPIRED: 'SESSION_EXPIRED',
  INVALID_ORIGIN: 'FORBIDDEN',
  MISSING_OR_NULL_ORIGIN: 'FORBIDDEN',
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: 'FORBIDDEN',
  INVALID_CALLBACK_URL: 'FORBIDDEN',
  INVALID_REDIRECT_URL: 'FORBIDDEN',
  INVALID_ERROR_CALLBACK_URL: 'FORBIDDEN',
  INVALID_NEW_USER_CALLBACK_URL: 'FORBIDDEN',
  FAILED_TO_CREATE_USER: 'INTERNAL',
  // The two-factor plugin's.
  INVALID_CODE: 'INVALID_TWO_FACTOR_CODE',
  INVALID_BACKUP_CODE: 'INVALID_TWO_FACTOR_CODE',
  INVALID_TWO_FACTOR_COOKIE: 'TWO_FACTOR_EXPIRED',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'TWO_FACTOR_EXPIRED',
  ACCOUNT_TEMPORARILY_LOCKED: 'RATE_LIMITED',
  TOTP_ALREADY_ENABLED: 'TWO_FACTOR_ALREADY_ENABLED',
  // Ours: a session refused to a disabled account (auth.ts).
  ACCOUNT_DISABLED: 'ACCOUNT_DISABLED',
};

const BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  429: 'RATE_LIMITED',
};

function errorCodeFor(status: number, body: { code?: string; message?: string }): ErrorCode {
  const mapped = body.code ? CODES[body.code] : undefined;
  if (mapped) return mapped;
  // Request-body validation names the field in its message: "[body.email] Invalid email address".
  if (body.code === 'VALIDATION_ERROR' && /\bemail\b/i.test(body.message ?? '')) return 'INVALID_EMAIL';
  return BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL' : 'VALIDATION_ERROR');
}

/**
 * Rewrites a Better Auth JSON error into the API's `{"error":{"code","message"}}` shape, so the
 * SPA maps every error the same way. Other responses (success, redirects) pass unchanged.
 */
export async function toApiErrorResponse(res: Response): Promise<Response> {
  if (res.status < 400 || !res.headers.get('content-type')?.includes('application/json')) return res;
  const body = (await res
    .clone()
    .json()
    .catch(() => ({}))) as { code?: string; message?: string };
  if (typeof body !== 'object' || body === null || 'error' in body) return res;
  const code = errorCodeFor(res.status, body);
  const status = code === 'INTERNAL' ? 500 : ERROR_STATUS[code];
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  const message = code === 'INTERNAL' ? 'Something went wrong. Please try again.' : (body.message ?? code);
  const issues = code === 'VALIDATION_ERROR' ? { issues: issuesOfFields() } : {};
  return new Response(JSON.stringify({ error: { code, message, ...issues } }), { status, headers });
}
