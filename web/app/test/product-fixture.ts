import type { Product } from '@cuewave/contract/catalog';

/**
 * A song as the catalogue API answers it, for component tests: "Golden Hour" by Mila Grey, no
 * taxonomy, no files unless given. Tests pass the files (and anything else) their case needs.
 */
export function productFixture(overrides: Partial<Product> = {}): Product {
  return {
    id: 'p1',
    type: 'music',
    title: 'Golden Hour',
    artist: { id: 'a1', name: 'Mila Grey' },
    bpm: 118,
    duration: 180,
    vocal: true,
    cover: null,
    genres: [],
    subgenres: [],
    categories: [],
    moods: [],
    tags: [],
    files: [],
    ...overrides,
  };
}
