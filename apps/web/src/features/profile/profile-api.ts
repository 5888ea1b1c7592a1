import { formDataBody, type Schema } from '@atelier/api-client';
import type { UpdateProfileInput } from '@atelier/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api, call, callWithoutContent } from '../../lib/api-client.ts';

export const PROFILE_QUERY_KEY = ['profile'] as const;

/** GET /api/me: the profile, the effective plan and what that plan gives. */
export type Me = Schema<'MeResult'>;

/** How long a fetched account is taken as current before a page that shows it asks again. */
const ME_STALE_MS = 10_000;

/**
 * The caller's account, one request for everything a page shows of it: the balance in the top
 * bar, the profile page, the admin link (`role`) and the plan's locks. Fresh for a few seconds: a
 * page the server rendered with it (ADR 0024) does not ask again the moment it mounts; anything
 * that changes credits or the plan invalidates PROFILE_QUERY_KEY.
 */
export const meQuery = queryOptions({
  queryKey: PROFILE_QUERY_KEY,
  queryFn: (): Promise<Me> => call(api.GET('/me')),
  staleTime: ME_STALE_MS,
});

const profileOf = async (pending: Promise<Schema<'ProfileResult'>>) => (await pending).profile;

/** /api/me: the caller's profile, username, avatar and the account itself. */
export const profileApi = {
  update: (changes: UpdateProfileInput) => profileOf(call(api.PATCH('/me', { body: changes }))),
  uploadAvatar: (file: File) =>
    profileOf(call(api.PUT('/me/avatar', { body: { file }, bodySerializer: formDataBody }))),
  removeAvatar: () => profileOf(call(api.DELETE('/me/avatar'))),
  deleteAccount: () => callWithoutContent(api.DELETE('/me')),
};
