import type { ProfileDto, ProfileResponse, UpdateProfileInput } from '@atelier/contracts';
import { apiFetch } from '../../lib/api-client.ts';

export const PROFILE_QUERY_KEY = ['profile'] as const;

const profileOf = async (call: Promise<ProfileResponse>): Promise<ProfileDto> => (await call).profile;

/** /api/me: the caller's profile, username, avatar and the account itself. */
export const profileApi = {
  get: () => profileOf(apiFetch<ProfileResponse>('/api/me')),
  update: (changes: UpdateProfileInput) =>
    profileOf(apiFetch<ProfileResponse>('/api/me', { method: 'PATCH', body: JSON.stringify(changes) })),
  uploadAvatar: (file: File) => {
    const form = new FormData();
    form.set('file', file);
    return profileOf(apiFetch<ProfileResponse>('/api/me/avatar', { method: 'PUT', body: form }));
  },
  removeAvatar: () => profileOf(apiFetch<ProfileResponse>('/api/me/avatar', { method: 'DELETE' })),
  deleteAccount: () => apiFetch<null>('/api/me', { method: 'DELETE' }),
};
