import { formDataBody, type Schema } from '@atelier/api-client';
import type { UpdateProfileInput } from '@atelier/contracts';
import { api, call, callWithoutContent } from '../../lib/api-client.ts';

export const PROFILE_QUERY_KEY = ['profile'] as const;

const profileOf = async (pending: Promise<Schema<'ProfileResult'>>) => (await pending).profile;

/** /api/me: the caller's profile, username, avatar and the account itself. */
export const profileApi = {
  get: () => profileOf(call(api.GET('/me'))),
  update: (changes: UpdateProfileInput) => profileOf(call(api.PATCH('/me', { body: changes }))),
  uploadAvatar: (file: File) =>
    profileOf(call(api.PUT('/me/avatar', { body: { file }, bodySerializer: formDataBody }))),
  removeAvatar: () => profileOf(call(api.DELETE('/me/avatar'))),
  deleteAccount: () => callWithoutContent(api.DELETE('/me')),
};
