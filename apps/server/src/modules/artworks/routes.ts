import { Readable } from 'node:stream';
import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import {
  artworkIdParamsSchema,
  artworkListQuerySchema,
  artworkListResponseSchema,
  artworkResponseSchema,
  createArtworkBodySchema,
  errorBodySchema,
  likeResponseSchema,
  updateArtworkBodySchema,
} from '@atelier/contracts';
import { Hono } from 'hono';
import { createApiRouter } from '../../platform/http/api-router.ts';
import type { AppEnv } from '../../platform/http/app-env.ts';
import { notFound } from '../../platform/http/app-error.ts';
import { optionalUser, viewerOf } from '../auth/optional-user.ts';
import { requireUser } from '../auth/require-user.ts';
import {
  type ArtworkDeps,
  createArtwork,
  deleteArtwork,
  listOwnArtworks,
  listPublicArtworks,
  openArtworkFile,
  setArtworkLike,
  setArtworkVisibility,
} from './service.ts';

const json = <T>(schema: T, description: string) => ({ description, content: { 'application/json': { schema } } });
const errors = {
  401: json(errorBodySchema, 'Not signed in'),
  404: json(errorBodySchema, 'No such artwork, or not yours'),
};
const tags = ['artworks'];
const idParams = { params: artworkIdParamsSchema };
const jsonBody = <T>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });

/** A route for signed-in users only (401 otherwise). */
const userRoute = <const R extends Omit<RouteConfig, 'tags' | 'middleware'>>(route: R) =>
  createRoute({ ...route, tags, middleware: [requireUser] as const });

const listPublic = createRoute({
  method: 'get',
  path: '/artworks',
  tags,
  summary: 'The public gallery, newest first, 20 per page (visitors too)',
  middleware: [optionalUser] as const,
  request: { query: artworkListQuerySchema },
  responses: { 200: json(artworkListResponseSchema, 'A page of public artworks') },
});

const listOwn = userRoute({
  method: 'get',
  path: '/me/artworks',
  summary: "The caller's artworks, private ones included",
  request: { query: artworkListQuerySchema },
  responses: { 200: json(artworkListResponseSchema, 'A page of own artworks'), 401: errors[401] },
});

const create = userRoute({
  method: 'post',
  path: '/artworks',
  summary: "Saves an output of the caller's succeeded run to their gallery",
  request: jsonBody(createArtworkBodySchema),
  responses: {
    201: json(artworkResponseSchema, 'Saved'),
    200: json(artworkResponseSchema, 'That output was saved before: its artwork'),
    401: errors[401],
    404: json(errorBodySchema, 'No such run or output of the caller'),
    409: json(errorBodySchema, 'The run has not succeeded'),
  },
});

const update = userRoute({
  method: 'patch',
  path: '/artworks/{id}',
  summary: 'Makes an own artwork public or private',
  request: { ...idParams, ...jsonBody(updateArtworkBodySchema) },
  responses: { 200: json(artworkResponseSchema, 'Updated'), ...errors },
});

const remove = userRoute({
  method: 'delete',
  path: '/artworks/{id}',
  summary: 'Deletes an own artwork and its files (cannot be undone)',
  request: idParams,
  responses: { 204: { description: 'Deleted' }, ...errors },
});

const likeRoute = (method: 'put' | 'delete') =>
  userRoute({
    method,
    path: '/artworks/{id}/like',
    summary: method === 'put' ? 'Likes an artwork (idempotent)' : 'Takes a like back (idempotent)',
    request: idParams,
    responses: { 200: json(likeResponseSchema, 'The like state and count'), ...errors },
  });

export function artworkRoutes(deps: ArtworkDeps) {
  const { db } = deps;
  return createApiRouter()
    .openapi(listPublic, async (c) =>
      c.json(await listPublicArtworks(db, viewerOf(c), c.req.valid('query').cursor), 200),
    )
    .openapi(listOwn, async (c) => c.json(await listOwnArtworks(db, c.var.user.id, c.req.valid('query').cursor), 200))
    .openapi(create, async (c) => {
      const { artwork, created } = await createArtwork(deps, c.var.user.id, c.req.valid('json'));
      return created ? c.json({ artwork }, 201) : c.json({ artwork }, 200);
    })
    .openapi(update, async (c) => {
      const artwork = await setArtworkVisibility(
        db,
        c.var.user.id,
        c.req.valid('param').id,
        c.req.valid('json').isPublic,
      );
      return c.json({ artwork }, 200);
    })
    .openapi(remove, async (c) => {
      await deleteArtwork(deps, c.var.user.id, c.req.valid('param').id);
      return c.body(null, 204);
    })
    .openapi(likeRoute('put'), async (c) =>
      c.json(await setArtworkLike(db, c.var.user.id, c.req.valid('param').id, true), 200),
    )
    .openapi(likeRoute('delete'), async (c) =>
      c.json(await setArtworkLike(db, c.var.user.id, c.req.valid('param').id, false), 200),
    );
}

/** Public artworks may sit in any cache for good: their files never change (new artwork, new key). */
const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
/** A private artwork must not outlive the owner's session in any cache, shared or not. */
const PRIVATE_CACHE = 'private, no-store';
/** An SVG opened on its own must not run script. */
const FILE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * GET /files/artworks/<id>/<file>: mounted before the general /files route, which does not
 * serve artworks. A private artwork's files answer 404 to anyone but the owner.
 */
export function artworkFileRoutes(deps: Pick<ArtworkDeps, 'db' | 'storage'>) {
  return new Hono<AppEnv>().get('/*', optionalUser, async (c) => {
    const key = c.req.path.replace(/^\/files\//, '');
    const found = await openArtworkFile(deps, key, viewerOf(c));
    if (!found) throw notFound('File');
    const { object, isPublic } = found;
    return c.body(Readable.toWeb(object.body) as ReadableStream, 200, {
      'Content-Type': object.contentType,
      'Content-Length': String(object.size),
      'Cache-Control': isPublic ? PUBLIC_CACHE : PRIVATE_CACHE,
      'Content-Security-Policy': FILE_CSP,
    });
  });
}
