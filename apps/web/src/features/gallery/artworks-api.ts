import type { ArtworkListResponse, ArtworkResponse, CreateArtworkBody, LikeResponse } from '@atelier/contracts';
import { apiFetch, postJson } from '../../lib/api-client.ts';

const withCursor = (path: string, cursor: string | null) =>
  cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path;

/** The artwork endpoints (DESIGN §4); errors arrive as ApiError with the contract's code. */
export const artworksApi = {
  listPublic: (cursor: string | null) => apiFetch<ArtworkListResponse>(withCursor('/api/artworks', cursor)),
  listOwn: (cursor: string | null) => apiFetch<ArtworkListResponse>(withCursor('/api/me/artworks', cursor)),
  create: (body: CreateArtworkBody) => apiFetch<ArtworkResponse>('/api/artworks', postJson(body)),
  setVisibility: (id: string, isPublic: boolean) =>
    apiFetch<ArtworkResponse>(`/api/artworks/${id}`, { method: 'PATCH', body: JSON.stringify({ isPublic }) }),
  remove: (id: string) => apiFetch<null>(`/api/artworks/${id}`, { method: 'DELETE' }),
  setLike: (id: string, liked: boolean) =>
    apiFetch<LikeResponse>(`/api/artworks/${id}/like`, { method: liked ? 'PUT' : 'DELETE' }),
};
