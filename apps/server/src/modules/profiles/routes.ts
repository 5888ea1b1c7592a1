import { createRoute, z } from '@hono/zod-openapi';
import { AVATAR_MAX_BYTES, errorBodySchema, profileResponseSchema, updateProfileSchema } from '@atelier/contracts';
import { bodyLimit } from 'hono/body-limit';
import type { Database } from '../../platform/db/database.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import { jsonContent } from '../../platform/http/json-content.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/require-user.ts';
import { deleteAccount, getProfile, removeAvatar, setAvatar, toProfileDto, updateProfile } from './service.ts';

const profileOk = jsonContent(profileResponseSchema, 'The profile');
const unauthenticated = jsonContent(errorBodySchema, 'Not signed in (UNAUTHENTICATED)');

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', 'Please select an image smaller than 5MB');
/** Room for the multipart envelope around a file of the maximum size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const getMe = createRoute({
  method: 'get',
  path: '/me',
  tags: ['profile'],
  summary: "The caller's profile: credits, plan, username, avatar, referral code",
  middleware: [requireUser] as const,
  responses: { 200: profileOk, 401: unauthenticated, 404: jsonContent(errorBodySchema, 'No profile (NOT_FOUND)') },
});

const patchMe = createRoute({
  method: 'patch',
  path: '/me',
  tags: ['profile'],
  summary: 'Change the username (3-20 of A-Z a-z 0-9 _, unique ignoring case; blank removes it) or language',
  middleware: [requireUser] as const,
  request: { body: { content: { 'application/json': { schema: updateProfileSchema } }, required: true } },
  responses: {
    200: profileOk,
    400: jsonContent(errorBodySchema, 'Invalid username (VALIDATION_ERROR)'),
    401: unauthenticated,
    409: jsonContent(errorBodySchema, 'Username taken (USERNAME_TAKEN)'),
  },
});

const putAvatar = createRoute({
  method: 'put',
  path: '/me/avatar',
  tags: ['profile'],
  summary: 'Upload an avatar (multipart field `file`, an image of at most 5 MB); stored as a 256×256 WebP',
  middleware: [
    requireUser,
    bodyLimit({
      maxSize: AVATAR_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
      onError: () => {
        throw tooLarge();
      },
    }),
  ] as const,
  request: {
    body: {
      content: {
        'multipart/form-data': {
          schema: z.object({ file: z.instanceof(File).openapi({ type: 'string', format: 'binary' }) }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: profileOk,
    400: jsonContent(errorBodySchema, 'Not an image (INVALID_IMAGE)'),
    401: unauthenticated,
    413: jsonContent(errorBodySchema, 'Larger than 5 MB (PAYLOAD_TOO_LARGE)'),
  },
});

const deleteAvatar = createRoute({
  method: 'delete',
  path: '/me/avatar',
  tags: ['profile'],
  summary: 'Remove the avatar',
  middleware: [requireUser] as const,
  responses: { 200: profileOk, 401: unauthenticated },
});

const deleteMe = createRoute({
  method: 'delete',
  path: '/me',
  tags: ['profile'],
  summary: 'Delete the account: its rows and stored files are removed and its sessions end',
  middleware: [requireUser] as const,
  responses: { 204: { description: 'Deleted; the session cookie is cleared' }, 401: unauthenticated },
});

export function profileRoutes({ db, storage, auth }: { db: Database; storage: Storage; auth: Auth }) {
  return createApiRouter()
    .openapi(getMe, async (c) => c.json({ profile: toProfileDto(await getProfile(db, c.var.user.id)) }, 200))
    .openapi(patchMe, async (c) => {
      const profile = await updateProfile(db, c.var.user.id, c.req.valid('json'));
      return c.json({ profile: toProfileDto(profile) }, 200);
    })
    .openapi(putAvatar, async (c) => {
      const { file } = c.req.valid('form');
      if (file.size > AVATAR_MAX_BYTES) throw tooLarge();
      const profile = await setAvatar(db, storage, c.var.user.id, Buffer.from(await file.arrayBuffer()));
      return c.json({ profile: toProfileDto(profile) }, 200);
    })
    .openapi(deleteAvatar, async (c) => {
      const profile = await removeAvatar(db, storage, c.var.user.id);
      return c.json({ profile: toProfileDto(profile) }, 200);
    })
    .openapi(deleteMe, async (c) => {
      // Sign out first: its response carries the Set-Cookie lines that clear the cookies.
      const signOut = await auth.api.signOut({ headers: c.req.raw.headers, asResponse: true });
      await deleteAccount(db, storage, c.var.user.id);
      for (const cookie of signOut.headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
      return c.body(null, 204);
    });
}
