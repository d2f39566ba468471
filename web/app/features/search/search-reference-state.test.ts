import { describe, expect, it } from 'vitest';
import { urlWantsSearch } from './search-keys';
import {
  effectiveSort,
  emptySearchState,
  isSearchable,
  parseSearchState,
  searchStateToParams,
  stateFromHistory,
  toSearchRequest,
} from './search-state';

const REF = 'ref_abcdefghijklmnopqrstuv';

describe('the search state of reference links (decision 067)', () => {
  it('round-trips through the URL and makes a search by itself, ranked by relevance', () => {
    const state = { ...emptySearchState(), reference: ['product:neon-rush', REF] };
    const params = searchStateToParams(state);
    expect(params.get('searchReference')).toBe(`product:neon-rush,${REF}`);
    expect(urlWantsSearch(`?${params}`)).toBe(true);
    const back = parseSearchState(`?${params}`);
    expect(back.reference).toEqual(['product:neon-rush', REF]);
    expect(isSearchable(back)).toBe(true);
    expect(effectiveSort(back)).toBe('relevance');
    expect(toSearchRequest(back).body.reference).toEqual(['product:neon-rush', REF]);
  });

  it('drops what is not a reference, duplicates and more than five', () => {
    const many = Array.from({ length: 8 }, (_, i) => `product:t${i}`);
    const parsed = parseSearchState(
      `?searchReference=${encodeURIComponent(['https://x.example/a.mp3', 'ref_short', REF, REF, ...many].join(','))}`,
    );
    expect(parsed.reference).toEqual([REF, 'product:t0', 'product:t1', 'product:t2', 'product:t3']);
    expect(toSearchRequest(emptySearchState()).body.reference).toBeUndefined();
  });

  it('comes back from a history entry', () => {
    const state = stateFromHistory({
      prompt: 'x',
      engine: 'standard',
      type: 'music',
      filters: { reference: [REF, 7] },
    });
    expect(state.reference).toEqual([REF]);
  });
});
