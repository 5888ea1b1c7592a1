import {
  AVATAR_MAX_BYTES,
  ENTITLEMENTS,
  meResponseSchema,
  profileResponseSchema,
  updateProfileSchema,
} from '@atelier/contracts';
import { z } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import type { Database } from '../../platform/db/database.ts';
import { apiRoute, errorResponse } from '../../platform/http/api-route.ts';
import { createApiRouter } from '../../platform/http/api-router.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { jsonBody, jsonContent } from '../../platform/http/json-content.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { Auth } from '../auth/auth.ts';
import { requireUser } from '../auth/require-user.ts';
import { deleteAccount, getProfile, removeAvatar, setAvatar, toProfileDto, updateProfile } from './service.ts';

const profileOk = jsonContent(profileResponseSchema, 'The profile');

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', 'Please select an image smaller than 5MB');
/** Room for the multipart envelope around a file of the maximum size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

const getMe = apiRoute({
  method: 'get',
  path: '/me',
  operationId: 'getProfile',
  tag: 'profile',
  access: 'user',
  apiKey: true,
  summary: "The caller's profile (credits, username, avatar, referral code), effective plan and its entitlements",
  middleware: [requireUser] as const,
  responses: {
    200: jsonContent(meResponseSchema, 'The profile, the plan and what it gives'),
    404: errorResponse('No profile (NOT_FOUND)'),
  },
});

const patchMe = apiRoute({
  method: 'patch',
  path: '/me',
  operationId: 'updateProfile',
  tag: 'profile',
  access: 'user',
  summary: 'Change the username (3-20 of A-Z a-z 0-9 _, unique ignoring case; blank removes it) or language',
  middleware: [requireUser] as const,
  request: jsonBody(updateProfileSchema),
  responses: {
    200: profileOk,
    409: errorResponse('Username taken (USERNAME_TAKEN)'),
  },
});

const putAvatar = apiRoute({
  method: 'put',
  path: '/me/avatar',
  operationId: 'uploadAvatar',
  tag: 'profile',
  access: 'user',
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
          schema: z
            .object({ file: z.instanceof(File).openapi({ type: 'string', format: 'binary' }) })
            .meta({ id: 'AvatarUpload' }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: profileOk,
    400: errorResponse('No file (VALIDATION_ERROR), or not an image (INVALID_IMAGE)'),
    413: errorResponse('Larger than 5 MB (PAYLOAD_TOO_LARGE)'),
  },
});

const deleteAvatar = apiRoute({
  method: 'delete',
  path: '/me/avatar',
  operationId: 'deleteAvatar',
  tag: 'profile',
  access: 'user',
  summary: 'Remove the avatar',
  middleware: [requireUser] as const,
  responses: { 200: profileOk },
});

const deleteMe = apiRoute({
  method: 'delete',
  path: '/me',
  operationId: 'deleteAccount',
  tag: 'profile',
  access: 'user',
  summary: 'Delete the account: its rows and stored files are removed and its sessions end',
  middleware: [requireUser] as const,
  responses: { 204: { description: 'Deleted; the session cookie is cleared' } },
});

export function profileRoutes({ db, storage, auth }: { db: Database; storage: Storage; auth: Auth }) {
  return createApiRouter()
    .openapi(getMe, async (c) => {
      const profile = toProfileDto(await getProfile(db, c.var.user.id));
      const plan = await c.var.planOf(c.var.user.id);
      return c.json({ profile, plan, entitlements: ENTITLEMENTS[plan] }, 200);
    })
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
