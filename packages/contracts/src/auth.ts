import { z } from 'zod';
import { languageSchema, PASSWORD_MIN_LENGTH } from './account.ts';
import {
  CODE_MAX_LENGTH,
  DISPLAY_NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  TOKEN_MAX_LENGTH,
  URL_MAX_LENGTH,
} from './limits.ts';
import { lineText, nameText, opaqueText } from './text-fields.ts';

/**
 * Requests and answers of the account routes under /api/auth (Better Auth behind Atelier's
 * API, ADR 0003). Atelier checks each body against these before Better Auth sees it, and
 * hands on only the fields named here.
 */

export const emailSchema = z.email('Please use a valid email address').max(EMAIL_MAX_LENGTH);
/** A new password: at least 8 characters, enforced by the server. */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH);
/** A password being checked: any length that could have been set. */
export const passwordSchema = z.string().min(1, 'Please enter your password').max(PASSWORD_MAX_LENGTH);
/** A same-site path (`/auth/callback`) or an address under PUBLIC_URL; Better Auth refuses others. */
const callbackUrlSchema = opaqueText().max(URL_MAX_LENGTH);

export const authUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    image: z.string().nullish(),
    emailVerified: z.boolean(),
    /** Whether a password sign-in also asks for an authenticator code. */
    twoFactorEnabled: z.boolean().nullish(),
    createdAt: z.string().describe('ISO 8601'),
    updatedAt: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'AuthUser', description: 'The account behind a session (the profile is GET /me).' });

export const signUpRequestSchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    name: nameText().min(1, 'Please enter a name').max(DISPLAY_NAME_MAX_LENGTH),
    /** The interface language: e-mail is written in it. Else taken from Accept-Language. */
    language: languageSchema.optional(),
    /** A friend's referral code (`/login?ref=CODE`); the `atelier_ref` cookie works as well. */
    referralCode: lineText().max(CODE_MAX_LENGTH).optional(),
    /** Where the activation link leads after verifying. */
    callbackURL: callbackUrlSchema.optional(),
    rememberMe: z.boolean().optional(),
  })
  .meta({ id: 'SignUpRequest' });
export type SignUpRequest = z.input<typeof signUpRequestSchema>;

export const signUpResponseSchema = z
  .object({ token: z.string().nullable(), user: authUserSchema })
  .meta({ id: 'SignUpResult', description: 'Signed up and signed in: the session cookie is set.' });

export const emailSignInRequestSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    rememberMe: z.boolean().optional(),
    callbackURL: callbackUrlSchema.optional(),
  })
  .meta({ id: 'EmailSignInRequest' });
export type EmailSignInRequest = z.input<typeof emailSignInRequestSchema>;

export const signInResponseSchema = z
  .object({
    redirect: z.boolean(),
    token: z.string(),
    url: z.string().nullish(),
    user: authUserSchema,
  })
  .meta({ id: 'SignInResult', description: 'Signed in: the session cookie is set.' });

export const signOutResponseSchema = z.object({ success: z.boolean() }).meta({ id: 'SignOutResult' });

export const authSessionSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    expiresAt: z.string().describe('ISO 8601'),
    createdAt: z.string().describe('ISO 8601'),
    updatedAt: z.string().describe('ISO 8601'),
    ipAddress: z.string().nullish(),
    userAgent: z.string().nullish(),
  })
  .meta({ id: 'AuthSession' });

export const sessionResponseSchema = z
  .object({ session: authSessionSchema, user: authUserSchema })
  .nullable()
  .meta({ id: 'SessionResult', description: 'The session of the cookie, or null without one.' });

export const passwordResetRequestSchema = z
  .object({
    email: emailSchema,
    /** Where the mailed link leads: the SPA's reset page. */
    redirectTo: callbackUrlSchema.optional(),
  })
  .meta({ id: 'PasswordResetRequest' });

export const statusResponseSchema = z
  .object({ status: z.boolean(), message: z.string().optional() })
  .meta({ id: 'StatusResult' });

export const resetPasswordRequestSchema = z
  .object({ token: opaqueText().min(1).max(TOKEN_MAX_LENGTH), newPassword: newPasswordSchema })
  .meta({ id: 'ResetPasswordRequest' });

export const changePasswordRequestSchema = z
  .object({
    currentPassword: passwordSchema,
    newPassword: newPasswordSchema,
  })
  .meta({ id: 'ChangePasswordRequest' });

/** The caller's own session carries on (`token` stays null); every other one has ended. */
export const changePasswordResponseSchema = z
  .object({ token: z.string().nullable(), user: authUserSchema })
  .meta({ id: 'ChangePasswordResult' });

export const verifyEmailQuerySchema = z.object({
  token: opaqueText().min(1).max(TOKEN_MAX_LENGTH),
  callbackURL: callbackUrlSchema.optional(),
});

/** Third-party sign-in: Apple is the one provider (ADR 0003). */
export const SOCIAL_PROVIDERS = ['apple'] as const;

export const socialSignInRequestSchema = z
  .object({
    provider: z.enum(SOCIAL_PROVIDERS),
    callbackURL: callbackUrlSchema.optional(),
    errorCallbackURL: callbackUrlSchema.optional(),
    newUserCallbackURL: callbackUrlSchema.optional(),
    /** Answer the provider's address without a redirect (the SPA navigates itself). */
    disableRedirect: z.boolean().optional(),
  })
  .meta({ id: 'SocialSignInRequest' });

export const redirectUrlResponseSchema = z
  .object({ url: z.string(), redirect: z.boolean() })
  .meta({ id: 'ProviderRedirect', description: "Send the browser to `url`: the provider's sign-in page." });
