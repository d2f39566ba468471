import { data } from 'react-router';
import type {
  Category,
  Mood,
  Playlist,
  PlaylistSummary,
  Product,
  ProductList,
  ProductType,
  RecommendedList,
  ReelsPlaylist,
  Tag,
} from '@cuewave/contract/catalog';
import { ApiError, apiGet, isNotFound } from '../../lib/api';
import type { ProductQuery } from './filters';

/** The catalogue's API calls (spec §7, Catalogue and Playlists). Used by the route loaders. */
export const catalogApi = {
  genres: () => apiGet<Category[]>('/v1/genre'),
  genre: (id: string) => apiGet<Category>(`/v1/genre/${encodeURIComponent(id)}`),
  categories: (kind: 'genre' | 'sfx' | 'reels') => apiGet<Category[]>('/v1/category', { query: { kind } }),
  moods: () => apiGet<Mood[]>('/v1/mood'),
  tags: () => apiGet<Tag[]>('/v1/tag'),
  products: (type: ProductType, query: ProductQuery) => apiGet<ProductList>(`/v1/product/${type}`, { query }),
  recommended: (type: ProductType, like?: string) =>
    apiGet<RecommendedList>(`/v1/product/${type}/recommended`, { query: { like } }),
  song: (id: string) => apiGet<Product>(`/v1/product/music/${encodeURIComponent(id)}`),
  playlistProducts: (id: string, skip: number) =>
    apiGet<ProductList>(`/v1/product/playlist/${encodeURIComponent(id)}`, { query: { skip: skip || undefined } }),
  topTracks: () => apiGet<{ products: Product[] }>('/v1/playlist/top-tracks'),
  reels: () => apiGet<ReelsPlaylist[]>('/v1/playlist/public/reels-and-shorts'),
  homepagePlaylists: () => apiGet<PlaylistSummary[]>('/v1/playlist/public/homepage'),
  publicPlaylists: (type: ProductType) => apiGet<PlaylistSummary[]>(`/v1/playlist/public/${type}`),
  playlist: (id: string) => apiGet<Playlist>(`/v1/playlist/${encodeURIComponent(id)}`),
};

/**
 * Ids in catalogue paths come from the URL; one the API rejects as malformed (400) names no page,
 * so it is a 404 like an unknown id (and is not logged as a failure).
 */
const namesNoPage = (error: unknown) => isNotFound(error) || (error instanceof ApiError && error.status === 400);

/** A list load that may have failed; the page then shows it empty with a message (spec §8). */
export type Loaded<T> = { value: T; failed: boolean };

/**
 * Loads a list the page can live without. A failure other than 404 leaves the list empty and flags
 * it, so the page renders with a friendly message instead of crashing. A 404 still means "no such page".
 */
export async function loadList<T>(load: () => Promise<T>, empty: T): Promise<Loaded<T>> {
  try {
    return { value: await load(), failed: false };
  } catch (error) {
    if (namesNoPage(error)) throw notFound();
    logLoadFailure(error);
    return { value: empty, failed: true };
  }
}

/** Loads what a page is about (a genre, a playlist …): a 404 becomes the app's 404 page. */
export async function loadOr404<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (namesNoPage(error)) throw notFound();
    throw error;
  }
}

/** The ids of a loaded option list, or null when it failed (then nothing is known to be unknown). */
export const offeredIds = (loaded: Loaded<Array<{ id: string }>>): string[] | null =>
  loaded.failed ? null : loaded.value.map((option) => option.id);

export const notFound = () => data(null, { status: 404 });

export const emptyProductList = (): ProductList => ({ items: [], count: 0 });

function logLoadFailure(error: unknown) {
  if (process.env.NODE_ENV !== 'test')
    console.warn('[catalog] load failed:', error instanceof Error ? error.message : error);
}
