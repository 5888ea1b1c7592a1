import type { ProfileDto } from '@atelier/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { PROFILE_QUERY_KEY, profileApi } from './profile-api.ts';

export function useProfile() {
  return useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: profileApi.get });
}

/** Puts a profile the server answered with into the cache, so every card shows it at once. */
export function useSetProfile(): (profile: ProfileDto) => void {
  const queryClient = useQueryClient();
  return useCallback((profile) => queryClient.setQueryData(PROFILE_QUERY_KEY, profile), [queryClient]);
}
