import createClient, { type ClientOptions } from 'openapi-fetch';
import type { components as adminComponents, paths as adminPaths } from './admin-schema.ts';
import type { components, operations, paths } from './schema.ts';

export type { adminComponents, adminPaths, components, operations, paths };

/** The named schemas of the API document: `Schema<'Run'>`, `Schema<'ApiError'>` … */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/**
 * A typed client of Atelier's API (openapi-fetch over the types generated from its OpenAPI
 * document): `await client.GET('/runs/{id}', { params: { path: { id } } })` answers
 * `{ data }` typed as the operation's success, or `{ error }` typed as its `Error` body.
 * `baseUrl` is where the API is served (`https://atelier.example/api/v1`; `/api` in the SPA).
 * A browser sends the session cookie by itself; elsewhere keep it with a middleware.
 */
export function createAtelierClient(options: ClientOptions = {}) {
  return createClient<paths>({ baseUrl: '/api', ...options });
}
export type AtelierClient = ReturnType<typeof createAtelierClient>;

/** The named schemas of the admin API document: `AdminSchema<'AdminUserDetail'>` … */
export type AdminSchema<Name extends keyof adminComponents['schemas']> = adminComponents['schemas'][Name];

/**
 * A typed client of the admin console's API (/api/admin, its own document: admins only).
 * `baseUrl` is where it is served (`/api/admin` in the SPA).
 */
export function createAtelierAdminClient(options: ClientOptions = {}) {
  return createClient<adminPaths>({ baseUrl: '/api/admin', ...options });
}

/**
 * The body of a multipart operation (a run with images, an avatar) as FormData: a Blob is sent
 * as a file, any other value as text, an absent one not at all. Pass it as `bodySerializer`:
 * `client.POST('/tools/image-upscale/runs', { body: { image }, bodySerializer: formDataBody })`.
 */
export function formDataBody(body: object): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      form.append(name, item instanceof Blob ? item : String(item));
    }
  }
  return form;
}

/** Whether a value is the API's error body (`{"error":{"code","message"}}`). */
export function isErrorBody(value: unknown): value is Schema<'ApiError'> {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const { error } = value;
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string';
}

/**
 * The run a run start answered. Its 200 is typed as the run or an image (an image answers a start
 * sent with `Accept: image/…`); without that header it is always `{ run }`.
 */
export function runOf<T extends object>(answer: T): Extract<T, { run: unknown }>['run'] {
  if (!('run' in answer)) throw new Error('A run start answered an image: it was sent with Accept: image/…');
  return (answer as Extract<T, { run: unknown }>).run;
}
