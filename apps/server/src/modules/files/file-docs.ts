import { z } from '@hono/zod-openapi';
import { type Access, apiRoute, errorResponse } from '../../platform/http/api-route.ts';
import type { ApiRouter } from '../../platform/http/api-router.ts';

/**
 * The file URLs that runs, artworks and profiles point to, served by files/routes.ts and
 * artworks/routes.ts at `/files/…` and, like every operation of the document, under its server
 * (`/api/v1/files/…`). Described here so a client knows what they answer; their paths name
 * each segment, so no parameter holds a slash.
 */

const image = {
  description: 'The file',
  headers: {
    'Cache-Control': {
      description:
        "An avatar or a run's file may be cached for good (a run's only by its owner); a public artwork's only while a cache asks again each time (`no-cache`, with its `ETag`), since it may become private; a private one never",
      schema: { type: 'string' as const },
    },
  },
  content: {
    'image/*': {
      schema: z.custom<Blob>((value) => value instanceof Blob).meta({ type: 'string', format: 'binary' }),
    },
  },
};
const segment = (description: string) => z.string().max(255).meta({ description });

const fileRoute = (spec: {
  path: string;
  operationId: string;
  access: Access;
  summary: string;
  params: z.ZodObject;
  notFound: string;
  /** Answers 304 to a matching `If-None-Match` (a cache asking again). */
  revalidated?: boolean;
}) =>
  apiRoute({
    method: 'get',
    path: spec.path,
    operationId: spec.operationId,
    tag: 'files',
    access: spec.access,
    apiKey: spec.access !== 'public',
    summary: spec.summary,
    request: { params: spec.params },
    responses: {
      200: image,
      ...(spec.revalidated
        ? { 304: { description: 'Unchanged since the ETag the cache sent, and still public' } }
        : {}),
      404: errorResponse(spec.notFound),
    },
  });

export function registerFileOperations(api: ApiRouter) {
  const routes = [
    fileRoute({
      path: '/files/runs/{userId}/{runId}/{file}',
      operationId: 'getRunFile',
      access: 'optional',
      summary: "A run's input or output (`Run.outputs[].url`): only its owner may read it",
      params: z.object({
        userId: segment("The run owner's id"),
        runId: segment("The run's id"),
        file: segment('output-<n>.<ext> or input-<field>.<ext>'),
      }),
      notFound: 'No such file, or not yours: visitors and other users get the same answer (NOT_FOUND)',
    }),
    fileRoute({
      path: '/files/artworks/{artworkId}/{file}',
      operationId: 'getArtworkFile',
      access: 'optional',
      summary:
        "An artwork's image, thumbnail (`Artwork.imageUrl`, `thumbnails[].url`) or share image (`share.jpg`: 1200×630 JPEG for link previews, made when first asked for); a private one only for its owner",
      params: z.object({ artworkId: segment("The artwork's id"), file: segment('The image or a thumbnail') }),
      notFound: 'No such file, or a private artwork of someone else (NOT_FOUND)',
      revalidated: true,
    }),
    fileRoute({
      path: '/files/avatars/{userId}/{file}',
      operationId: 'getAvatarFile',
      access: 'public',
      summary: 'An avatar (`Profile.avatarUrl`): a 256×256 WebP',
      params: z.object({ userId: segment("The profile's user id"), file: segment('<random>.webp') }),
      notFound: 'No such file (NOT_FOUND)',
    }),
  ];
  for (const route of routes) api.openAPIRegistry.registerPath(route);
}
