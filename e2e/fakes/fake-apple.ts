import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import { FAKE_APPLE_CLIENT_ID, FAKE_APPLE_CLIENT_SECRET } from './fake-apple-client.ts';

export interface FakeApple {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A local OpenID provider that behaves like Sign in with Apple where Atelier depends on it:
 * authorization code flow answered by form_post, ES256-signed ID tokens carrying `email`
 * and `email_verified` as the string "true", client secret sent in the token request body,
 * no PKCE, no userinfo needed. Its login page (oidc-provider's development interactions)
 * accepts any login name, which becomes the account's subject.
 */
export async function startFakeApple(options: { redirectUri: string; port?: number }): Promise<FakeApple> {
  const clientId = FAKE_APPLE_CLIENT_ID;
  const clientSecret = FAKE_APPLE_CLIENT_SECRET;
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'ES256', use: 'sig', kid: 'fake-apple-es256' };

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        id_token_signed_response_alg: 'ES256',
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk] },
    scopes: ['openid', 'email', 'name'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    // Apple puts the e-mail in the ID token itself.
    conformIdTokenClaims: false,
    pkce: { required: () => false },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: `${sub}@privaterelay.appleid.com`, email_verified: 'true' }),
    }),
    // Consent is implied, as with Apple after the first time.
    loadExistingGrant: async (ctx) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email name');
      grant.addOIDCClaims(['email', 'email_verified']);
      await grant.save();
      return grant;
    },
  });
  // A misconfigured fake should say why instead of "oops! something went wrong".
  provider.on('server_error', (_ctx, error) => console.error('fake Apple:', error));
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
