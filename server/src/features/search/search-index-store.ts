import type { ProductType } from '@cuewave/contract/catalog';
import { DEFAULT_SEARCH_PARAMETERS, type SearchParameters } from '@cuewave/contract/search';
import type { Db } from '../../db/client';
import { SearchIndex } from './search-index';
import * as repo from './search.repo';
import type { SoundIndex } from './sound/sound-index';
import { syncSounds } from './sound/sound-sync';
import type { SearchDoc, SearchTaxonomy } from './search.types';

/**
 * Keeps this process's search index in step with the database (decision 058). Every search first reads
 * the catalogue version (one indexed row; concurrent searches share the read). When it moved, the
 * (id, search_seq) pairs of all products are compared with the index's, and only the products that
 * differ are loaded again; products that are gone leave the index. So a track ingested, changed or
 * removed by any process is found (or not) by the next search of every process.
 */
export type SearchCatalog = {
  index: SearchIndex;
  taxonomy: SearchTaxonomy;
  /** BPM and duration bounds of the products of each type (GET /search/parameters). */
  bounds: Record<ProductType, SearchParameters>;
  version: number;
  /** The products' sound descriptors by index slot ("more like this", decision 066). */
  sounds: SoundIndex;
};

export type SearchIndexStore = {
  current(): Promise<SearchCatalog>;
  /** The catalogue as last loaded, without checking for changes (null before the first load). */
  peek(): SearchCatalog | null;
};

export type SearchIndexStoreOptions = {
  /** Products loaded per query while catching up. */
  batchSize?: number;
  /**
   * Awaited after a catch-up that added or changed products (e.g. to enqueue their embeddings), so the
   * search that noticed the change returns after it; a failure here does not fail that search.
   */
  onChanged?: (changedIds: string[]) => Promise<void>;
};

/** Batches of products loaded at once while catching up. */
const LOAD_CONCURRENCY = 3;

/** Emptied slots beyond this share make the store rebuild the index compactly. */
const MAX_GARBAGE = 0.3;

export function createSearchIndexStore(db: Db, options: SearchIndexStoreOptions = {}): SearchIndexStore {
  const batchSize = options.batchSize ?? 2000;
  let state: SearchCatalog | null = null;
  let taxonomyKey = '';
  let syncing: Promise<SearchCatalog> | null = null;

  async function sync(version: number): Promise<SearchCatalog> {
    const taxonomyRows = await repo.selectTaxonomy(db);
    const key = JSON.stringify(taxonomyRows);
    // A renamed genre or mood changes the words of many products: start over rather than patch.
    let index = state && key === taxonomyKey ? state.index : new SearchIndex();
    const { taxonomy, parentOf } = toTaxonomy(taxonomyRows);
    index.setTaxonomy(parentOf, new Map(taxonomy.genres.map((g) => [g.id, g.name])));
    taxonomyKey = key;

    const seqs = await repo.selectSearchSeqs(db);
    const changed: string[] = [];
    for (const [id, seq] of seqs) if (index.seqOf(id) !== seq) changed.push(id);
    const removed = [...index.ids()].filter((id) => !seqs.has(id));
    for (const id of removed) index.remove(id);
    // A few batches in flight: the database assembles the next ones while this process indexes one.
    const batches: string[][] = [];
    for (let i = 0; i < changed.length; i += batchSize) batches.push(changed.slice(i, i + batchSize));
    let next = 0;
    const loader = async () => {
      while (next < batches.length) {
        for (const doc of await repo.selectSearchDocs(db, batches[next++]!)) index.upsert(doc);
      }
    };
    await Promise.all(Array.from({ length: Math.min(LOAD_CONCURRENCY, batches.length) }, loader));
    if (index.garbage > MAX_GARBAGE) index = index.compacted();
    index.warm();
    const sounds = await syncSounds(db, index, state);
    state = { index, taxonomy, bounds: boundsOf(index), version, sounds };
    if (changed.length) await options.onChanged?.(changed);
    return state;
  }

  return {
    peek: () => state,
    async current() {
      if (syncing) return syncing;
      syncing = (async () => {
        const version = await repo.selectCatalogVersion(db);
        if (state && state.version === version) return state;
        return sync(version);
      })().finally(() => {
        syncing = null;
      });
      return syncing;
    },
  };
}

function toTaxonomy(rows: Awaited<ReturnType<typeof repo.selectTaxonomy>>): {
  taxonomy: SearchTaxonomy;
  parentOf: Map<string, string>;
} {
  const parentOf = new Map<string, string>();
  const genres = rows.categories
    .filter((c) => c.kind === 'genre')
    .map((g) => ({ id: g.id, name: g.name, subgenres: [] as { id: string; name: string }[] }));
  const byId = new Map(genres.map((g) => [g.id, g]));
  for (const c of rows.categories) {
    if (c.kind !== 'subgenre' || !c.parent_id) continue;
    parentOf.set(c.id, c.parent_id);
    byId.get(c.parent_id)?.subgenres.push({ id: c.id, name: c.name });
  }
  return {
    taxonomy: {
      genres,
      moods: rows.moods,
      categories: rows.categories.filter((c) => c.kind === 'sfx').map((c) => ({ id: c.id, name: c.name })),
    },
    parentOf,
  };
}

/** Whole numbers around the catalogue's own extremes; the spec's defaults when a type has no products. */
function boundsOf(index: SearchIndex): Record<ProductType, SearchParameters> {
  const acc = {
    music: { bpm: [Infinity, -Infinity], duration: [Infinity, -Infinity] },
    sfx: { bpm: [Infinity, -Infinity], duration: [Infinity, -Infinity] },
  };
  for (const id of index.ids()) {
    const doc = index.doc(index.slotOf(id)!) as SearchDoc;
    const a = acc[doc.type];
    if (doc.bpm !== null) {
      a.bpm[0] = Math.min(a.bpm[0]!, doc.bpm);
      a.bpm[1] = Math.max(a.bpm[1]!, doc.bpm);
    }
    a.duration[0] = Math.min(a.duration[0]!, doc.duration);
    a.duration[1] = Math.max(a.duration[1]!, doc.duration);
  }
  const range = (r: number[], fallback: { from: number; to: number }) =>
    Number.isFinite(r[0]) ? { from: Math.floor(r[0]!), to: Math.ceil(r[1]!) } : { ...fallback };
  const of = (type: ProductType): SearchParameters => ({
    bpm: range(acc[type].bpm, DEFAULT_SEARCH_PARAMETERS.bpm),
    duration: range(acc[type].duration, DEFAULT_SEARCH_PARAMETERS.duration),
  });
  return { music: of('music'), sfx: of('sfx') };
}
