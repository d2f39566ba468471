import type { ProductType } from '@cuewave/contract/catalog';
import type { SearchHistory, SearchParameters, SearchRequest, SearchResponse } from '@cuewave/contract/search';
import { apiGet, apiSend } from '../../lib/api';

/** The search API (spec §7 Search; contract/src/search.ts). */
export const searchApi = {
  search: (body: SearchRequest, skip: number, limit: number, signal?: AbortSignal) =>
    apiSend<SearchResponse>('POST', '/v1/product/search', { json: body, query: { skip, limit }, signal }),
  parameters: (type: ProductType) => apiGet<SearchParameters>('/v1/product/search/parameters', { query: { type } }),
  history: (signal?: AbortSignal) => apiGet<SearchHistory>('/v1/product/search/history', { signal }),
  /** Removes one entry, or every entry when `id` is left out. */
  deleteHistory: (id?: string) => apiSend('DELETE', '/v1/product/search/history', { query: { id } }),
};

const parameterCache = new Map<ProductType, Promise<SearchParameters>>();

/** The catalogue's BPM and duration bounds, once per type and page load (a failure is retried later). */
export function loadSearchParameters(type: ProductType): Promise<SearchParameters> {
  let cached = parameterCache.get(type);
  if (!cached) {
    cached = searchApi.parameters(type).catch((error: unknown) => {
      parameterCache.delete(type);
      throw error;
    });
    parameterCache.set(type, cached);
  }
  return cached;
}
