import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  artworkIdParamsSchema,
  artworkListQuerySchema,
  artworkListResponseSchema,
  artworkResponseSchema,
  createArtworkBodySchema,
  likeResponseSchema,
  updateArtworkBodySchema,
} from '@atelier/contracts';
import { Hono } from 'hono';
import { apiRoute, errorResponse } from '../../platform/http/api-route.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import type { AppEnv } from '../../platform/http/app-env.ts';
import { notFound } from '../../platform/http/app-error.ts';
import { jsonBody, jsonContent } from '../../platform/http/json-content.ts';
import { optionalUser, viewerOf } from '../auth/optional-user.ts';
import { requireUser } from '../auth/require-user.ts';
import {
  type ArtworkDeps,
  createArtwork,
  deleteArtwork,
  getPublicArtwork,
  listOwnArtworks,
  listPublicArtworks,
  openArtworkFile,
  setArtworkLike,
  updateArtwork,
} from './service.ts';

const notYours = errorResponse('No such artwork, or not yours (NOT_FOUND)');
const idParams = { params: artworkIdParamsSchema };

const listPublic = apiRoute({
  method: 'get',
  path: '/artworks',
  operationId: 'listPublicArtworks',
  tag: 'artworks',
  access: 'optional',
  apiKey: true,
  summary: 'The public gallery, newest first, 20 per page (visitors too)',
  middleware: [optionalUser] as const,
  request: { query: artworkListQuerySchema },
  responses: { 200: jsonContent(artworkListResponseSchema, 'A page of public artworks') },
});

const getPublic = apiRoute({
  method: 'get',
  path: '/artworks/{id}',
  operationId: 'getPublicArtwork',
  tag: 'artworks',
  access: 'optional',
  apiKey: true,
  summary: 'One public artwork, for its page /gallery/{id} (visitors too)',
  middleware: [optionalUser] as const,
  request: idParams,
  responses: {
    200: jsonContent(artworkResponseSchema, 'The artwork'),
    404: errorResponse('No such artwork, or a private one (NOT_FOUND)'),
  },
});

const listOwn = apiRoute({
  method: 'get',
  path: '/me/artworks',
  operationId: 'listMyArtworks',
  tag: 'artworks',
  access: 'user',
  apiKey: true,
  summary: "The caller's artworks, private ones included",
  middleware: [requireUser] as const,
  request: { query: artworkListQuerySchema },
  responses: { 200: jsonContent(artworkListResponseSchema, 'A page of own artworks') },
});

const create = apiRoute({
  method: 'post',
  path: '/artworks',
  operationId: 'createArtwork',
  tag: 'artworks',
  access: 'user',
  apiKey: true,
  summary: "Saves an output of the caller's succeeded run to their gallery",
  middleware: [requireUser] as const,
  request: jsonBody(createArtworkBodySchema),
  responses: {
    201: jsonContent(artworkResponseSchema, 'Saved'),
    200: jsonContent(artworkResponseSchema, 'That output was saved before: its artwork'),
    404: errorResponse('No such run or output of the caller (NOT_FOUND)'),
    409: errorResponse(
      'The run has not succeeded (CONFLICT), or a demo-engine result was to be public (DEMO_NOT_PUBLISHABLE)',
    ),
  },
});

const update = apiRoute({
  method: 'patch',
  path: '/artworks/{id}',
  operationId: 'updateArtwork',
  tag: 'artworks',
  access: 'user',
  apiKey: true,
  summary: "Makes an own artwork, or one of a team's library the caller belongs to, public or private, or renames it",
  middleware: [requireUser] as const,
  request: { ...idParams, ...jsonBody(updateArtworkBodySchema) },
  responses: {
    200: jsonContent(artworkResponseSchema, 'Updated'),
    404: notYours,
    409: errorResponse('A demo-engine result cannot be made public (DEMO_NOT_PUBLISHABLE)'),
  },
});

const remove = apiRoute({
  method: 'delete',
  path: '/artworks/{id}',
  operationId: 'deleteArtwork',
  tag: 'artworks',
  access: 'user',
  apiKey: true,
  summary: 'Deletes an own artwork and its files (cannot be undone)',
  middleware: [requireUser] as const,
  request: idParams,
  responses: { 204: { description: 'Deleted' }, 404: notYours },
});

const likeRoute = (method: 'put' | 'delete') =>
  apiRoute({
    method,
    path: '/artworks/{id}/like',
    operationId: method === 'put' ? 'likeArtwork' : 'unlikeArtwork',
    tag: 'artworks',
    access: 'user',
    apiKey: true,
    rateLimited: true,
    summary: method === 'put' ? 'Likes an artwork (idempotent)' : 'Takes a like back (idempotent)',
    middleware: [requireUser] as const,
    request: idParams,
    responses: {
      200: jsonContent(likeResponseSchema, 'The like state and count'),
      404: errorResponse('No such artwork, or a private one of someone else (NOT_FOUND)'),
    },
  });

export function artworkRoutes(deps: ArtworkDeps) {
  const { db } = deps;
  return createApiRouter()
    .openapi(listPublic, async (c) =>
      c.json(await listPublicArtworks(db, viewerOf(c), c.req.valid('query').cursor), 200),
    )
    .openapi(getPublic, async (c) =>
      c.json({ artwork: await getPublicArtwork(db, c.req.valid('param').id, viewerOf(c)) }, 200),
    )
    .openapi(listOwn, async (c) => c.json(await listOwnArtworks(db, c.var.user.id, c.req.valid('query').cursor), 200))
    .openapi(create, async (c) => {
      const { artwork, created } = await createArtwork(deps, c.var.user.id, c.req.valid('json'));
      return created ? c.json({ artwork }, 201) : c.json({ artwork }, 200);
    })
    .openapi(update, async (c) => {
      const artwork = await updateArtwork(db, c.var.user.id, c.req.valid('param').id, c.req.valid('json'));
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

/**
 * A public artwork may become private at any moment, so no cache may answer for it without
 * asking first (`no-cache`: revalidate every time). Its files never change under their key, so
 * the ETag is the key's and asking costs a 304; once private, the question gets a 404.
 */
const PUBLIC_CACHE = 'public, no-cache';
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
    const cacheControl = isPublic ? PUBLIC_CACHE : PRIVATE_CACHE;
    const etag = `"${createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;
    if (
      isPublic &&
      c.req
        .header('if-none-match')
        ?.split(/\s*,\s*/)
        .includes(etag)
    ) {
      object.body.on('error', () => {}).destroy(); // unread: closing it is all that is left to do
      return c.body(null, 304, { ETag: etag, 'Cache-Control': cacheControl });
    }
    return c.body(Readable.toWeb(object.body) as ReadableStream, 200, {
      'Content-Type': object.contentType,
      'Content-Length': String(object.size),
      'Cache-Control': cacheControl,
      ...(isPublic ? { ETag: etag } : {}),
      'Content-Security-Policy': FILE_CSP,
    });
  });
}
