import { z } from 'zod';

/**
 * Every API error answers `{"error":{"code":…,"message":…}}`. The SPA maps the code to the
 * user's language; `message` is an English fallback for API clients and logs.
 */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'USERNAME_TAKEN',
  'USERNAME_NOT_FOUND',
  'USER_NOT_FOUND',
  'USER_ALREADY_EXISTS',
  'INVALID_CREDENTIALS',
  'WEAK_PASSWORD',
  'INVALID_EMAIL',
  'EMAIL_NOT_CONFIRMED',
  'RATE_LIMITED',
  'INSUFFICIENT_CREDITS',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'INVALID_IMAGE',
  'IMAGE_TOO_SMALL',
  'IMAGE_TOO_LARGE',
  'CONTENT_POLICY',
  'PROVIDER_RATE_LIMITED',
  'PROVIDER_UNAVAILABLE',
  'PROVIDER_TIMEOUT',
  'PROVIDER_INVALID_INPUT',
  'PROVIDER_AUTH',
  'ALREADY_SUBSCRIBED',
  'NO_ACTIVE_SUBSCRIPTION',
  'PAYMENT_ERROR',
  'SESSION_EXPIRED',
  'INTERNAL',
] as const;

export const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** The HTTP status that each error code answers with. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  USERNAME_TAKEN: 409,
  USERNAME_NOT_FOUND: 404,
  USER_NOT_FOUND: 401,
  USER_ALREADY_EXISTS: 409,
  INVALID_CREDENTIALS: 401,
  WEAK_PASSWORD: 400,
  INVALID_EMAIL: 400,
  EMAIL_NOT_CONFIRMED: 403,
  RATE_LIMITED: 429,
  INSUFFICIENT_CREDITS: 402,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INVALID_IMAGE: 400,
  IMAGE_TOO_SMALL: 400,
  IMAGE_TOO_LARGE: 400,
  CONTENT_POLICY: 422,
  PROVIDER_RATE_LIMITED: 503,
  PROVIDER_UNAVAILABLE: 502,
  PROVIDER_TIMEOUT: 504,
  PROVIDER_INVALID_INPUT: 422,
  PROVIDER_AUTH: 502,
  ALREADY_SUBSCRIBED: 409,
  NO_ACTIVE_SUBSCRIPTION: 409,
  PAYMENT_ERROR: 502,
  SESSION_EXPIRED: 401,
  INTERNAL: 500,
};

export const errorBodySchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    /** Field-level problems of a VALIDATION_ERROR, keyed by field path. */
    fields: z.record(z.string(), z.string()).optional(),
    /** Seconds until a RATE_LIMITED caller may try again. */
    retryAfter: z.number().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
