import type { ProfileDto } from '@atelier/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type Me, meQuery, PROFILE_QUERY_KEY } from './profile-api.ts';

export function useProfile() {
  return useQuery({ ...meQuery, select: (me) => me.profile });
}

/** Puts a profile the server answered with into the cache, so every card shows it at once. */
export function useSetProfile(): (profile: ProfileDto) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (profile) => queryClient.setQueryData<Me>(PROFILE_QUERY_KEY, (me) => me && { ...me, profile }),
    [queryClient],
  );
}
