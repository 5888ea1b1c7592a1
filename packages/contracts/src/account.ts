import { z } from 'zod';
import { entitlementsSchema, planIdSchema } from './entitlements.ts';
import { LANGUAGES } from './languages.ts';
import { PASSWORD_MAX_LENGTH, USERNAME_INPUT_MAX_LENGTH } from './limits.ts';
import { USER_ROLES } from './roles.ts';
import { lineText, nameText } from './text-fields.ts';

/** Account rules: password, username, avatar, free credits, deletion phrase, sign-in limits. */
export const PASSWORD_MIN_LENGTH = 8;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 20;
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,20}$/;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const FREE_PLAN_CREDITS = 30;
export const DELETE_ACCOUNT_PHRASES = {
  en: 'DELETE MY ACCOUNT',
  ja: 'DELETE MY ACCOUNT',
  'zh-CN': '删除我的账户',
  'zh-TW': '刪除我的帳戶',
} as const;
/** Failed sign-ins: 5 in a 60-minute window, then a 15-minute block. */
export const SIGN_IN_MAX_FAILURES = 5;
export const RATE_LIMIT_WINDOW_MINUTES = 60;
export const RATE_LIMIT_BLOCK_MINUTES = 15;
/** Reset e-mails one address may be sent per hour: enough for typos, not for mail bombing. */
export const PASSWORD_RESET_REQUESTS_PER_HOUR = 5;
/** Reset requests one client may make per hour, whatever addresses it names (shared networks). */
export const PASSWORD_RESET_REQUESTS_PER_CLIENT_PER_HOUR = 30;
/** A password-reset link works once and for this long. */
export const PASSWORD_RESET_EXPIRES_MINUTES = 60;
/**
 * Failed sign-ins of one account, from anywhere, before each further attempt on it waits: a soft,
 * growing delay (1 s, 2 s, 4 s … up to the maximum), never a lock — a lock would let anyone keep
 * the owner out by typing wrong passwords. Each client address keeps its own hard limit above.
 */
export const SIGN_IN_ACCOUNT_SOFT_FAILURES = 10;
export const SIGN_IN_ACCOUNT_MAX_DELAY_SECONDS = 60;
/** Accounts one client address may open per hour (sign-up attempts that reach account checks). */
export const SIGN_UPS_PER_CLIENT_PER_HOUR = 5;
/** Sign-ups with addresses at one e-mail domain within a short window: stops scripted bursts. */
export const SIGN_UPS_PER_DOMAIN_PER_WINDOW = 20;
export const SIGN_UP_DOMAIN_WINDOW_MINUTES = 10;
/** One-time backup codes given when two-factor sign-in is turned on. */
export const TWO_FACTOR_BACKUP_CODES = 10;
/** Referral codes: 8 upper-case letters and digits. */
export const REFERRAL_CODE_LENGTH = 8;
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** Avatars are stored as square WebP images of this side. */
export const AVATAR_SIZE_PX = 256;
/** Where the SPA keeps a `?ref=` code between /login and sign-up (the referral issue reads it). */
export const REFERRAL_CODE_STORAGE_KEY = 'referralCode';

const USERNAME_MESSAGE = `Username must be ${USERNAME_MIN_LENGTH}-${USERNAME_MAX_LENGTH} characters: letters, numbers and underscores`;

/** 3-20 letters, digits and underscores (enforced by the server, not only hinted). */
export const usernameSchema = z.string().regex(USERNAME_PATTERN, USERNAME_MESSAGE);

export const languageSchema = z.enum(LANGUAGES).meta({
  id: 'Language',
  description: 'An interface language: English, Traditional or Simplified Chinese, Japanese.',
});

/** GET /api/me: the caller's profile. */
export const profileSchema = z
  .object({
    userId: z.string(),
    email: z.string(),
    username: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    credits: z.number().int(),
    subscriptionType: z.string(),
    referralCode: z.string(),
    language: languageSchema,
    role: z
      .enum(USER_ROLES)
      .describe("The account's own role: 'admin' for the people who run this Atelier, else 'user'."),
    createdAt: z.string().describe('ISO 8601'),
    updatedAt: z.string().describe('ISO 8601'),
  })
  .meta({ id: 'Profile', description: "The caller's profile: credits, plan, username, avatar, referral code." });
export type ProfileDto = z.infer<typeof profileSchema>;

export const profileResponseSchema = z.object({ profile: profileSchema }).meta({ id: 'ProfileResult' });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/**
 * GET /api/me: the profile, the plan the account has now (bought, granted, earned or an
 * experience pass — the best of them) and what that plan gives (ADR 0032).
 */
export const meResponseSchema = profileResponseSchema
  .extend({ plan: planIdSchema, entitlements: entitlementsSchema })
  .meta({ id: 'MeResult' });
export type MeResponse = z.infer<typeof meResponseSchema>;

/** PATCH /api/me. A blank username (after trimming) removes it. */
export const updateProfileSchema = z
  .object({
    username: nameText()
      .max(USERNAME_INPUT_MAX_LENGTH)
      // Once trimmed: a username, or nothing (the pattern is in the document).
      .regex(new RegExp(`^(?:${USERNAME_PATTERN.source.slice(1, -1)})?$`), USERNAME_MESSAGE)
      .transform((v) => (v === '' ? null : v))
      .pipe(usernameSchema.nullable())
      .nullable()
      .optional(),
    language: languageSchema.optional(),
  })
  .strict()
  .meta({ id: 'UpdateProfileRequest' });
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/** GET /api/auth/providers: which third-party sign-in buttons the login page shows. */
export const authProvidersSchema = z.object({ apple: z.boolean() }).meta({ id: 'AuthProviders' });
export type AuthProviders = z.infer<typeof authProvidersSchema>;

/** POST /api/auth/sign-in/username. */
export const usernameSignInSchema = z
  .object({
    username: lineText().min(1, 'Please enter your username').max(USERNAME_INPUT_MAX_LENGTH),
    password: z.string().min(1, 'Please enter your password').max(PASSWORD_MAX_LENGTH),
    rememberMe: z.boolean().optional(),
  })
  .meta({ id: 'UsernameSignInRequest' });
