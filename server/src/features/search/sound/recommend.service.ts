import type { ProductType } from '@cuewave/contract/catalog';
import type { Recommendations, RecommendQuery } from '@cuewave/contract/recommend';
import { RECOMMEND_TOTAL } from '@cuewave/contract/recommend';
import { notFound } from '../../../lib/errors';
import { getProductsByIds, recommendProducts, type CatalogDeps } from '../../catalog/catalog.service';
import type { SearchIndexStore } from '../search-index-store';
import { descriptorOf, soundScores } from './sound-search';

export type RecommendDeps = { catalog: CatalogDeps; store: SearchIndexStore };

/** Shown when a product's sound is not known yet and the answer falls back to metadata. */
export const NOT_ANALYSED_NOTICE =
  "This track's sound has not been analysed yet: these tracks share its genre and a nearby tempo.";

/**
 * GET /v1/product/{type}/recommended (decision 066): by sound with `id`; by metadata (`like`, the older
 * strip) or popularity otherwise.
 */
export async function recommend(deps: RecommendDeps, type: ProductType, q: RecommendQuery): Promise<Recommendations> {
  if (!q.id) {
    const { items } = await recommendProducts(deps.catalog, type, {
      like: q.like,
      limit: Math.min(q.skip + q.limit, RECOMMEND_TOTAL),
    });
    const page = items.slice(q.skip, q.skip + q.limit);
    return { items: page, count: items.length, basis: q.like ? 'metadata' : 'popular', closeIn: {}, notice: null };
  }
  return moreLikeThis(deps, type, q.id, q);
}

async function moreLikeThis(
  deps: RecommendDeps,
  type: ProductType,
  id: string,
  page: { skip: number; limit: number },
): Promise<Recommendations> {
  const catalog = await deps.store.current();
  const slot = catalog.index.slotOf(id);
  if (slot === undefined || catalog.index.doc(slot)?.type !== type) throw notFound(`Product ${id}`);
  const target = descriptorOf(catalog, id);
  if (!target) {
    // Not analysed yet (an older catalogue whose backfill job has not reached it): the metadata
    // neighbours are a useful answer, and the notice says why they are not "by sound".
    const { items } = await recommendProducts(deps.catalog, type, { like: id, limit: RECOMMEND_TOTAL });
    const others = items.filter((p) => p.id !== id);
    return {
      items: others.slice(page.skip, page.skip + page.limit),
      count: others.length,
      basis: 'metadata',
      closeIn: {},
      notice: NOT_ANALYSED_NOTICE,
    };
  }
  const { scores, closeIn } = soundScores(catalog, type, target, { excludeId: id, limit: RECOMMEND_TOTAL });
  const result = catalog.index.query({ terms: [], filters: { type }, sort: 'relevance', ...page, scores });
  const ids = result.page.map((s) => catalog.index.doc(s)!.id);
  const items = await getProductsByIds(deps.catalog, ids);
  const close: Recommendations['closeIn'] = {};
  result.page.forEach((s, i) => (close[ids[i]!] = closeIn(s)));
  return { items, count: result.count, basis: 'sound', closeIn: close, notice: null };
}
