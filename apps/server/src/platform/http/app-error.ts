import {
  type ApiKeyScope,
  ERROR_STATUS,
  type ErrorBody,
  type ErrorCode,
  type FieldIssue,
  fieldIssuesOf,
  type PlanId,
  SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS,
} from '@atelier/contracts';
import type { z } from 'zod';
import type { SessionUser } from './app-env.ts';

/** The `field` of an issue with the request as a whole (not JSON, not an object …). */
const BODY_FIELD = '(body)';

type AppErrorExtra = {
  fields?: Record<string, string>;
  issues?: FieldIssue[];
  retryAfter?: number;
  requiredPlan?: PlanId;
  runId?: string;
  scope?: ApiKeyScope;
};

/**
 * Every VALIDATION_ERROR names what was refused in `issues`, so a client reads one shape: the
 * fields named, or the body as a whole when no field is to blame (`invalid`).
 */
export const issuesOfFields = (fields: Record<string, string> = {}): FieldIssue[] => {
  const named = Object.keys(fields);
  return (named.length > 0 ? named : [BODY_FIELD]).map((field) => ({ field, problem: 'invalid' }));
};

/** An error meant for the client: it carries one of the contract's codes and an English message. */
export class AppError extends Error {
  readonly status: number;
  readonly extra: AppErrorExtra;
  constructor(
    readonly code: ErrorCode,
    message: string,
    extra: AppErrorExtra = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
    this.extra =
      code === 'VALIDATION_ERROR' && !extra.issues ? { ...extra, issues: issuesOfFields(extra.fields) } : extra;
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, ...this.extra } };
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Please log in to continue');
export const forbidden = (message = 'You may not do this') => new AppError('FORBIDDEN', message);
/**
 * 403 API_KEY_SCOPE when `user` came with an API key that lacks `scope`; a session (or a key
 * with it) passes. Called before anything is read, charged or changed.
 */
export function assertApiKeyScope(user: SessionUser | null | undefined, scope: ApiKeyScope): void {
  if (!user?.apiKeyScopes || user.apiKeyScopes.includes(scope)) return;
  throw new AppError('API_KEY_SCOPE', `This API key does not have the "${scope}" scope`, { scope });
}

/** 429 with the seconds until the caller may try again (also sent as Retry-After). */
export const rateLimited = (retryAfter: number, message = 'Too many requests. Please try again later.') =>
  new AppError('RATE_LIMITED', message, { retryAfter });
/**
 * 503 with the seconds in Retry-After: the database (or storage, mail) does not answer for now;
 * nothing was done, and the same request succeeds once it is back.
 */
export const serviceUnavailable = () =>
  new AppError('SERVICE_UNAVAILABLE', 'The service is unavailable for a moment. Please try again shortly.', {
    retryAfter: SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS,
  });

/**
 * 400 VALIDATION_ERROR for a zod failure: `fields` and `issues` name each refused field (the
 * SPA says what is wrong in the user's language); the message is the first problem, in English.
 * `input`, the value that was checked, tells a missing field from a mistyped one.
 */
export function validationError(issues: readonly z.core.$ZodIssue[], input?: unknown): AppError {
  const details = fieldIssuesOf(issues, input);
  const [field, message] = Object.entries(details.fields)[0] ?? [BODY_FIELD, 'Invalid request'];
  return new AppError('VALIDATION_ERROR', field === BODY_FIELD ? message : `${field}: ${message}`, details);
}
