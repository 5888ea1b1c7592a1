import { z } from 'zod';
import { passwordSchema } from './auth.ts';
import { CODE_MAX_LENGTH } from './limits.ts';

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238) and one-time backup codes,
 * under /api/auth/two-factor (Better Auth's two-factor plugin behind Atelier's API).
 */

/** A code from an authenticator app: six digits (spaces a person types are dropped). */
const TOTP_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';
export const totpCodeSchema = z
  .string()
  .max(CODE_MAX_LENGTH)
  // Six digits, spaces anywhere (as apps show them: "123 456"); the pattern is in the document.
  .regex(/^\s*(?:\d\s*){6}$/, TOTP_CODE_MESSAGE)
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TOTP_CODE_MESSAGE));

/** A backup code as it was shown (letters, digits and a dash). */
export const backupCodeSchema = z
  .string()
  .trim()
  .min(1, 'Enter one of your backup codes')
  .max(CODE_MAX_LENGTH)
  .regex(/^[A-Za-z0-9-]+$/, 'Enter one of your backup codes');

export const enableTwoFactorRequestSchema = z
  .object({ password: passwordSchema })
  .meta({ id: 'EnableTwoFactorRequest', description: "The account's password, to turn two-factor sign-in on." });

export const enableTwoFactorResponseSchema = z
  .object({
    /** The `otpauth://` address an authenticator app reads (also as `qrCodeSvg`). */
    totpURI: z.string(),
    /** The same secret for typing into an app by hand (base32). */
    secret: z.string(),
    /** The address as a QR code, an SVG document. */
    qrCodeSvg: z.string(),
    /** One-time codes for when the app is not at hand: shown once, keep them somewhere safe. */
    backupCodes: z.array(z.string()),
  })
  .meta({
    id: 'EnableTwoFactorResult',
    description: 'Set up the app with this, then confirm with a code (verifyTwoFactorCode) to turn it on.',
  });

export const twoFactorCodeRequestSchema = z
  .object({ code: totpCodeSchema })
  .meta({ id: 'TwoFactorCodeRequest', description: 'A code from the authenticator app.' });

export const backupCodeRequestSchema = z
  .object({ code: backupCodeSchema })
  .meta({ id: 'BackupCodeRequest', description: 'One of the backup codes; each works once.' });

export const disableTwoFactorRequestSchema = z
  .object({ password: passwordSchema })
  .meta({ id: 'DisableTwoFactorRequest' });

/** A password sign-in of an account with two-factor on: no session yet, a code is asked for. */
export const twoFactorChallengeSchema = z
  .object({ twoFactorRedirect: z.literal(true), twoFactorMethods: z.array(z.string()) })
  .meta({
    id: 'TwoFactorChallenge',
    description: 'The password was right; send a code to verifyTwoFactorCode (or a backup code) within 10 minutes.',
  });
export type EnableTwoFactorResponse = z.infer<typeof enableTwoFactorResponseSchema>;
