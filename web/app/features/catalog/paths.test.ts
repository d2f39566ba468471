import { describe, expect, it } from 'vitest';
import { catalogPaths, localize } from './paths';

describe('localize', () => {
  it('keeps catalogue links from /us pages under /us', () => {
    expect(localize('/c/genres', 'us')).toBe('/us/c/genres');
    expect(localize('/', 'us')).toBe('/us');
    expect(localize('/us/c/genres', 'us')).toBe('/us/c/genres');
  });

  it('leaves the eu edition alone', () => {
    expect(localize('/c/genres', 'eu')).toBe('/c/genres');
  });
});

describe('catalogPaths', () => {
  it('escapes ids', () => {
    expect(catalogPaths.subgenre('hip-hop', 'all')).toBe('/c/genres/hip-hop/all');
    expect(catalogPaths.song('a/b')).toBe('/c/song/a%2Fb');
  });
});
