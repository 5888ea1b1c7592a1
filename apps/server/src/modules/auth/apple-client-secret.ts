import { createPrivateKey, sign } from 'node:crypto';

/** Apple accepts client secrets valid for at most six months. */
const LIFETIME_SECONDS = 180 * 24 * 60 * 60;

const base64url = (value: object | Buffer) =>
  (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

/**
 * Sign in with Apple has no static client secret: the secret is a JWT signed with the team's
 * private key (ES256), made here synchronously with node:crypto. It is made at boot and lasts
 * 180 days; a process running longer than that must be restarted.
 */
export function appleClientSecret(options: {
  clientId: string;
  teamId: string;
  keyId: string;
  privateKey: string;
  issuer: string;
}): string {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url({ alg: 'ES256', kid: options.keyId, typ: 'JWT' });
  const payload = base64url({
    iss: options.teamId,
    sub: options.clientId,
    aud: options.issuer,
    iat: now,
    exp: now + LIFETIME_SECONDS,
  });
  // JWS wants the raw r||s signature (IEEE P1363), not DER.
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), {
    key: createPrivateKey(options.privateKey),
    dsaEncoding: 'ieee-p1363',
  });
  return `${header}.${payload}.${base64url(signature)}`;
}
