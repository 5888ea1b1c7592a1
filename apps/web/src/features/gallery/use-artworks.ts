import type { Artwork, ArtworkListResponse } from '@atelier/contracts';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client.ts';
import { artworksApi } from './artworks-api.ts';

/** The gallery's tabs: the public feed, the viewer's own artworks, the selected team's library. */
export type ArtworkFeedKind = 'public' | 'mine' | 'team';
type Feed = InfiniteData<ArtworkListResponse, string | null>;

export const ARTWORKS_QUERY_KEY = ['artworks'] as const;
/** The public feed depends on who looks (userLiked), so the viewer is part of its key; a team's, the team. */
const feedKey = (kind: ArtworkFeedKind, viewerId: string | null, teamId?: string) =>
  [...ARTWORKS_QUERY_KEY, kind, viewerId, ...(kind === 'team' ? [teamId ?? null] : [])] as const;

function listPage(kind: ArtworkFeedKind, cursor: string | null, teamId?: string) {
  if (kind === 'public') return artworksApi.listPublic(cursor);
  if (kind === 'team' && teamId) return artworksApi.listTeam(teamId, cursor);
  return artworksApi.listOwn(cursor);
}

/** A feed's pages; the server renderer answers the public feed's first page ahead (ADR 0016). */
export const artworkFeedQuery = (kind: ArtworkFeedKind, viewerId: string | null, teamId?: string) =>
  infiniteQueryOptions({
    queryKey: feedKey(kind, viewerId, teamId),
    queryFn: ({ pageParam }) => listPage(kind, pageParam, teamId),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // The public feed's first page came with the page: not asked again as the page mounts.
    staleTime: kind === 'public' ? 60_000 : 0,
  });

/**
 * A public artwork for its page; null when there is none to show (private, deleted, a
 * malformed id): the page is then the 404 page, on the server and in the browser alike.
 */
export const publicArtworkQuery = (id: string) =>
  queryOptions({
    queryKey: [...ARTWORKS_QUERY_KEY, 'one', id] as const,
    queryFn: async () => {
      try {
        return (await artworksApi.getPublic(id)).artwork;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });

export function useArtworkFeed(kind: ArtworkFeedKind, viewerId: string | null, teamId?: string) {
  return useInfiniteQuery(artworkFeedQuery(kind, viewerId, teamId));
}

/** Applies a change to one artwork wherever it is cached (both tabs show the same artwork). */
function patchCachedArtwork(client: QueryClient, id: string, change: (artwork: Artwork) => Artwork | null): void {
  client.setQueriesData<Feed>({ queryKey: ARTWORKS_QUERY_KEY }, (feed) =>
    feed
      ? {
          ...feed,
          pages: feed.pages.map((page) => ({
            ...page,
            artworks: page.artworks.flatMap((a) => (a.id === id ? (change(a) ?? []) : [a])),
          })),
        }
      : feed,
  );
}

/**
 * Like and unlike with an optimistic update: the heart and count change at once, and go back
 * to what they were if the server refuses. The count never shows below zero.
 */
export function useLikeArtwork(onFailure: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, liked }: { id: string; liked: boolean }) => artworksApi.setLike(id, liked),
    onMutate: async ({ id, liked }) => {
      await client.cancelQueries({ queryKey: ARTWORKS_QUERY_KEY });
      const snapshot = client.getQueriesData<Feed>({ queryKey: ARTWORKS_QUERY_KEY });
      patchCachedArtwork(client, id, (a) =>
        a.userLiked === liked
          ? a
          : { ...a, userLiked: liked, likesCount: Math.max(0, a.likesCount + (liked ? 1 : -1)) },
      );
      return { snapshot };
    },
    onError: (_error, _vars, context) => {
      for (const [key, data] of context?.snapshot ?? []) client.setQueryData(key, data);
      onFailure();
    },
    onSuccess: (state, { id }) => patchCachedArtwork(client, id, (a) => ({ ...a, ...state })),
  });
}

export function useSetArtworkVisibility(onFailure: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isPublic }: { id: string; isPublic: boolean }) => artworksApi.setVisibility(id, isPublic),
    onSuccess: ({ artwork }) => {
      patchCachedArtwork(client, artwork.id, () => artwork);
      // It joins or leaves the public feed, at a place only the server knows.
      void client.invalidateQueries({ queryKey: [...ARTWORKS_QUERY_KEY, 'public'] });
    },
    onError: onFailure,
  });
}

/** Renames an own artwork; the caller shows the server's refusal (in the user's language) by the field. */
export function useRenameArtwork() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: string; title: string }) => artworksApi.rename(id, title),
    onSuccess: ({ artwork }) => {
      patchCachedArtwork(client, artwork.id, () => artwork);
      void client.invalidateQueries({ queryKey: publicArtworkQuery(artwork.id).queryKey });
    },
  });
}

export function useDeleteArtwork(onFailure: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => artworksApi.remove(id),
    onSuccess: (_result, id) => patchCachedArtwork(client, id, () => null),
    onError: onFailure,
  });
}
