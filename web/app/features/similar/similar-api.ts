import type { Product, ProductType } from '@cuewave/contract/catalog';
import type { Recommendations } from '@cuewave/contract/recommend';
import { apiGet } from '../../lib/api';

/** "More like this" (spec §7 GET /v1/product/{type}/recommended?id=, decision 066). */
export const similarApi = {
  product: (type: ProductType, id: string) => apiGet<Product>(`/v1/product/${type}/${encodeURIComponent(id)}`),
  moreLike: (type: ProductType, id: string, page: { skip: number; limit: number }) =>
    apiGet<Recommendations>(`/v1/product/${type}/recommended`, {
      query: { id, skip: page.skip || undefined, limit: page.limit },
    }),
};

/** Where a product's "more like this" results live; pass through `useLocalize()` like other catalogue paths. */
export const similarPath = (product: Pick<Product, 'type' | 'id'>) =>
  `/c/similar/${product.type}/${encodeURIComponent(product.id)}`;
