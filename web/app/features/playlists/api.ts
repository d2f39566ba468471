import type {
  CreatePlaylistBody,
  ProductNote,
  ProductNotes,
  UpdatePlaylistBody,
  UserPlaylist,
  UserPlaylistSummary,
} from '@cuewave/contract/playlists';
import { apiGet, apiSend, type ApiOptions } from '../../lib/api';

const seg = encodeURIComponent;

/** The playlist, favourite and note calls (spec §7 Playlists; contract/src/playlists.ts). */
export const playlistsApi = {
  list: (options?: ApiOptions) => apiGet<UserPlaylistSummary[]>('/v1/playlist', options),
  get: (id: string, options?: ApiOptions) => apiGet<UserPlaylist>(`/v1/playlist/${seg(id)}`, options),
  favorites: (options?: ApiOptions) => apiGet<UserPlaylist>('/v1/playlist/favorites', options),
  create: (body: CreatePlaylistBody) => apiSend<UserPlaylist>('POST', '/v1/playlist', { json: body }),
  update: (id: string, body: UpdatePlaylistBody) =>
    apiSend<UserPlaylist>('POST', `/v1/playlist/${seg(id)}`, { json: body }),
  remove: (id: string) => apiSend<void>('DELETE', `/v1/playlist/${seg(id)}`),
  addItem: (id: string, productId: string, position?: number) =>
    apiSend<UserPlaylistSummary>('POST', `/v1/playlist/${seg(id)}/${seg(productId)}`, { query: { position } }),
  removeItem: (id: string, productId: string) =>
    apiSend<UserPlaylistSummary>('DELETE', `/v1/playlist/${seg(id)}/${seg(productId)}`),
  addFavorite: (productId: string) => apiSend<UserPlaylistSummary>('POST', `/v1/playlist/favorites/${seg(productId)}`),
  removeFavorite: (productId: string) =>
    apiSend<UserPlaylistSummary>('DELETE', `/v1/playlist/favorites/${seg(productId)}`),
  setProductNote: (productId: string, note: string) =>
    apiSend<ProductNote>('POST', `/v1/product/${seg(productId)}/note`, { json: { note } }),
  productNotes: (ids: string[], options?: ApiOptions) =>
    apiGet<ProductNotes>('/v1/product/notes', { ...options, query: { ids: ids.join(',') } }),
};
