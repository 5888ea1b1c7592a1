import type { CreateArtworkBody } from '@atelier/contracts';
import { api, call, callWithoutContent } from '../../lib/api-client.ts';

const page = (cursor: string | null) => ({ params: { query: cursor ? { cursor } : {} } });
const artwork = (id: string) => ({ params: { path: { id } } });

/** The artwork endpoints (/api/artworks); errors arrive as ApiError with the contract's code. */
export const artworksApi = {
  listPublic: (cursor: string | null) => call(api.GET('/artworks', page(cursor))),
  getPublic: (id: string) => call(api.GET('/artworks/{id}', artwork(id))),
  listOwn: (cursor: string | null) => call(api.GET('/me/artworks', page(cursor))),
  listTeam: (teamId: string, cursor: string | null) =>
    call(api.GET('/teams/{id}/artworks', { params: { path: { id: teamId }, query: cursor ? { cursor } : {} } })),
  create: (body: CreateArtworkBody) => call(api.POST('/artworks', { body })),
  setVisibility: (id: string, isPublic: boolean) =>
    call(api.PATCH('/artworks/{id}', { ...artwork(id), body: { isPublic } })),
  rename: (id: string, title: string) => call(api.PATCH('/artworks/{id}', { ...artwork(id), body: { title } })),
  remove: (id: string) => callWithoutContent(api.DELETE('/artworks/{id}', artwork(id))),
  setLike: (id: string, liked: boolean) =>
    call(liked ? api.PUT('/artworks/{id}/like', artwork(id)) : api.DELETE('/artworks/{id}/like', artwork(id))),
};
