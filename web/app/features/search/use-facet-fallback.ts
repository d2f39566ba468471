import { useEffect, useState } from 'react';
import type { FacetOption } from '../catalog/components/checkbox-facet';
import { catalogApi } from '../catalog/api';
import { loadGenres } from '../shell/use-genres';

export type FacetFallback = { genres: FacetOption[]; moods: FacetOption[]; categories: FacetOption[] };

const EMPTY: FacetFallback = { genres: [], moods: [], categories: [] };
let cache: Promise<FacetFallback> | null = null;

/**
 * The catalogue's genres, moods and sound-effect categories (without counts), for the filters before
 * the first answer has brought facet counts — so filtering can be where a search starts.
 */
export function useFacetFallback(enabled: boolean): FacetFallback {
  const [options, setOptions] = useState<FacetFallback>(EMPTY);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    cache ??= Promise.all([
      loadGenres().catch(() => []),
      catalogApi.moods().catch(() => []),
      catalogApi.categories('sfx').catch(() => []),
    ]).then(([genres, moods, categories]) => ({
      genres: genres.map(({ id, name }) => ({ id, name })),
      moods: moods.map(({ id, name }) => ({ id, name })),
      categories: categories.map(({ id, name }) => ({ id, name })),
    }));
    void cache.then((loaded) => live && setOptions(loaded));
    return () => {
      live = false;
    };
  }, [enabled]);
  return options;
}
