import { z } from 'zod';
import { planIdSchema } from './entitlements.ts';

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
  'DISCOUNT_CODE_NOT_FOUND',
  'DISCOUNT_CODE_UNAVAILABLE',
  'DISCOUNT_CODE_OWN',
  'DISCOUNT_CODE_NOT_REFERRED',
  'DISCOUNT_CODE_NOT_FIRST_PURCHASE',
  'DISCOUNT_CODE_CURRENCY',
  'DISCOUNT_CODE_CHECKOUT_OPEN',
  'SESSION_EXPIRED',
  'ACCOUNT_DISABLED',
  'API_KEY_NOT_ALLOWED',
  'PLAN_REQUIRED',
  'RUN_NOT_RERUNNABLE',
  'WEBHOOK_URL_NOT_ALLOWED',
  'TWO_FACTOR_REQUIRED',
  'INVALID_TWO_FACTOR_CODE',
  'TWO_FACTOR_EXPIRED',
  'TWO_FACTOR_ALREADY_ENABLED',
  'PASSWORD_NOT_SET',
  'PLAN_CHANGE_QUOTE_EXPIRED',
  'SEATS_FULL',
  'INVITATION_GONE',
  'INVITATION_EMAIL_MISMATCH',
  'TEAM_MEMBER_CAP_REACHED',
  'CREDITS_NOT_TRANSFERABLE',
  'CHECKOUT_OPEN',
  'DEMO_NOT_PUBLISHABLE',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_USE',
  'NOT_ACCEPTABLE',
  'METHOD_NOT_ALLOWED',
  'API_KEY_SCOPE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;

export const errorCodeSchema = z.enum(ERROR_CODES).meta({
  id: 'ErrorCode',
  description: 'What went wrong, for a client to choose its own text by (the message is English).',
});
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
  DISCOUNT_CODE_NOT_FOUND: 404,
  DISCOUNT_CODE_UNAVAILABLE: 409,
  DISCOUNT_CODE_OWN: 403,
  DISCOUNT_CODE_NOT_REFERRED: 403,
  DISCOUNT_CODE_NOT_FIRST_PURCHASE: 403,
  DISCOUNT_CODE_CURRENCY: 409,
  /** The caller has another checkout open (or being opened): a new user has none (ADR 0028). */
  DISCOUNT_CODE_CHECKOUT_OPEN: 409,
  SESSION_EXPIRED: 401,
  ACCOUNT_DISABLED: 403,
  /** An API key was used where only a signed-in person may act (account, billing, keys …). */
  API_KEY_NOT_ALLOWED: 403,
  /**
   * The caller's plan does not include the feature (a batch, an API key or its use, a webhook,
   * an advanced option); `requiredPlan` names the cheapest plan that does. Nothing was charged.
   */
  PLAN_REQUIRED: 403,
  /** A browser run has no stored input to run again. */
  RUN_NOT_RERUNNABLE: 409,
  /** A webhook address that is not https (production) or points into a private network. */
  WEBHOOK_URL_NOT_ALLOWED: 400,
  /** The admin console, with ADMIN_REQUIRE_2FA, for a session signed in without a second factor. */
  TWO_FACTOR_REQUIRED: 403,
  /** A wrong authenticator or backup code. */
  INVALID_TWO_FACTOR_CODE: 401,
  /** The sign-in waiting for its second factor has run out (or had too many tries): sign in again. */
  TWO_FACTOR_EXPIRED: 401,
  TWO_FACTOR_ALREADY_ENABLED: 409,
  PASSWORD_NOT_SET: 409,
  PLAN_CHANGE_QUOTE_EXPIRED: 409,
  /** A team has no free seat: its members and pending invitations fill every one. */
  SEATS_FULL: 409,
  /** A team invitation that was used, revoked or has expired. */
  INVITATION_GONE: 410,
  /** A team invitation opened by an account whose verified e-mail is not the invited one. */
  INVITATION_EMAIL_MISMATCH: 403,
  /**
   * A team run or batch that would take the member past the monthly cap the team's owner or an
   * admin set for them: nothing was charged.
   */
  TEAM_MEMBER_CAP_REACHED: 402,
  /**
   * Credits that may not leave the account they were given to: only credits from a plan the
   * owner pays for (or an admin's grant) fund a team's pool; sign-up, code and reward credits do not.
   */
  CREDITS_NOT_TRANSFERABLE: 403,
  /**
   * Another checkout of the same kind (a subscription, or Lifetime) is open for the caller and
   * could not be closed (a payment under way), or is being opened right now.
   */
  CHECKOUT_OPEN: 409,
  /**
   * An artwork saved from a demo-engine run (a stamped placeholder) made public, or saved as
   * public: it may only be kept privately.
   */
  DEMO_NOT_PUBLISHABLE: 409,
  /** An `Idempotency-Key` sent again with another request (method, path or body) than its first. */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** The first request with this `Idempotency-Key` is still being answered: retry after Retry-After. */
  IDEMPOTENCY_KEY_IN_USE: 409,
  /**
   * A run start with `Accept: image/…` whose run succeeded (and was charged) with an output of
   * another media type than accepted (`image/png` asked, SVG made): `runId` names the run.
   */
  NOT_ACCEPTABLE: 406,
  /** A method the path has no route for, while it has routes for others: `Allow` lists them. */
  METHOD_NOT_ALLOWED: 405,
  /**
   * An API key without the scope an operation needs (`scope` names it): nothing was read,
   * charged or changed. A key with that scope may call it.
   */
  API_KEY_SCOPE: 403,
  /**
   * The database (or storage) does not answer for a moment: nothing was done, the same request
   * may be sent again after Retry-After seconds.
   */
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

/**
 * What is wrong with one field of a refused request, as a word a client can translate:
 * `required` (missing or empty), `too_long` / `too_short` (a string's length, `limit` its
 * bound), `too_big` / `too_small` (a number, a file or a list; `limit` its bound),
 * `invalid_format` (not an e-mail, an id …), `invalid_value` (not one of the allowed values),
 * `invalid_type` (a number where a string belongs …), `unknown_field`, `invalid_characters`
 * (a control, invisible or text-direction character, text-fields.ts), `invalid` (anything else).
 */
export const FIELD_PROBLEMS = [
  'required',
  'too_long',
  'too_short',
  'too_big',
  'too_small',
  'invalid_format',
  'invalid_value',
  'invalid_type',
  'unknown_field',
  'invalid_characters',
  'invalid',
] as const;
export type FieldProblem = (typeof FIELD_PROBLEMS)[number];

export const fieldIssueSchema = z
  .object({
    /** The field's path in the request, dot-separated (`prompt`, `fingerprint.timezone`). */
    field: z.string(),
    problem: z.enum(FIELD_PROBLEMS),
    /** The bound that was crossed: a length, a number, a count. */
    limit: z.number().optional(),
  })
  .meta({ id: 'FieldIssue', description: 'One refused field of a VALIDATION_ERROR.' });
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

export const errorBodySchema = z
  .object({
    error: z.object({
      code: errorCodeSchema,
      /** An English explanation, for logs and for clients without their own text. */
      message: z.string(),
      /** Field-level problems of a VALIDATION_ERROR, keyed by field path, in English. */
      fields: z.record(z.string(), z.string()).optional(),
      /** The same problems as words a client translates (the SPA shows them in the user's language). */
      issues: z.array(fieldIssueSchema).optional(),
      /** Seconds until a RATE_LIMITED or SERVICE_UNAVAILABLE caller may try again (also sent as Retry-After). */
      retryAfter: z.number().optional(),
      /** The cheapest plan that includes what a PLAN_REQUIRED caller asked for. */
      requiredPlan: planIdSchema.optional(),
      /**
       * The run a start with `Accept: image/…` started and charged when the answer cannot be its
       * image (NOT_ACCEPTABLE, or the run's own error when it failed and was refunded).
       */
      runId: z.string().optional(),
      /** The scope an API_KEY_SCOPE key lacks. */
      scope: z.string().optional(),
      /** The request's id (also its `X-Request-Id` header): quote it to support; the logs are searched by it. */
      requestId: z.string().optional(),
    }),
  })
  .meta({ id: 'ApiError', description: 'Every error answer of the API.' });
export type ErrorBody = z.infer<typeof errorBodySchema>;
