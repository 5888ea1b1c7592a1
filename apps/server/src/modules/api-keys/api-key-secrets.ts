import { createHash, randomBytes } from 'node:crypto';

/**
 * API key secrets (ADR 0018): `atk_` and 32 random bytes in base64url. Only the SHA-256 is
 * stored; 256 random bits leave nothing to guess, so a slow password hash would only cost time
 * on every request. The prefix is the recognisable start a person sees in the list.
 */
export const API_KEY_SECRET_PREFIX = 'atk_';
const PREFIX_SHOWN = API_KEY_SECRET_PREFIX.length + 6;

export function newApiKeySecret(): { secret: string; prefix: string; hash: string } {
  const secret = `${API_KEY_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, PREFIX_SHOWN), hash: hashApiKeySecret(secret) };
}

export const hashApiKeySecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** Whether the Authorization header names the Bearer scheme at all, with or without a usable secret. */
export const isBearerCredential = (authorization: string | undefined) => /^\s*Bearer(\s|$)/i.test(authorization ?? '');

/** The secret of `Authorization: Bearer <secret>`, or undefined when the header is not one. */
export function bearerSecret(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

/** A Standard Webhooks signing secret: `whsec_` and 24 random bytes in base64. */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
