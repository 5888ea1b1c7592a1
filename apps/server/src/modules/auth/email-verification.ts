import type { Context } from 'hono';
import type { DbOrTx } from '../../platform/db/database.ts';
import { routedRequest } from '../../platform/http/api-version.ts';
import type { AppEnv } from '../../platform/http/app-env.ts';
import { claimByVerificationLink } from './account-claim.ts';
import { type AuthRouteDeps, forward } from './better-auth-proxy.ts';
import * as repo from './repo.ts';

/**
 * The address a verification link's token names. The token is Better Auth's signed JWT: this
 * only reads its payload, to know whose account the link is about; Better Auth checks the
 * signature, and nothing is done with the answer unless Better Auth verified the address.
 */
export function verificationTokenEmail(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const { email } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { email?: unknown };
    return typeof email === 'string' ? email.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** The account a verification link is about, and whether its address is verified yet. */
export const findAuthUserByEmail = (db: DbOrTx, email: string) => repo.findAuthUserByEmail(db, email);

export const isEmailVerified = (db: DbOrTx, userId: string) => repo.findEmailVerified(db, userId);

/**
 * The verification link: Better Auth confirms the address; Atelier then hands the account to
 * whoever proved it (account-claim.ts). The request goes on without its cookie, so Better Auth
 * always makes a fresh session, after the claim's moment — the sessions before it all end.
 */
export async function openVerificationLink(deps: AuthRouteDeps, c: Context<AppEnv>): Promise<Response> {
  const { db } = deps.claims;
  const email = verificationTokenEmail(c.req.query('token') ?? '');
  const account = email ? await findAuthUserByEmail(db, email) : undefined;
  if (!account || account.emailVerified) return forward(deps, c, routedRequest(c));
  const claimant = await c
    .get('getSessionUser')(c.req.raw.headers, { touch: false })
    .catch(() => null);
  const at = new Date();
  const headers = new Headers(c.req.raw.headers);
  headers.delete('cookie');
  const res = await forward(deps, c, new Request(routedRequest(c), { headers }));
  if (!(await isEmailVerified(db, account.id))) return res;

  const keepPassword = claimant?.id === account.id;
  const claim = { userId: account.id, at, keepPassword };
  const { resetToken } = await claimByVerificationLink(deps.claims, deps.config.adminEmails, claim);
  if (resetToken === null) return res;
  // Better Auth's answer would set the cookie of the session just ended: a plain redirect to
  // choosing a password instead.
  return new Response(null, {
    status: 302,
    headers: { location: `/reset-password?token=${encodeURIComponent(resetToken)}&claim=1` },
  });
}
