import { describe, expect, it } from 'vitest';
import { trackPagePath } from './track-link';

describe('trackPagePath', () => {
  it('a song links to its own page', () => {
    expect(trackPagePath({ id: 's 1', type: 'music', categories: [] })).toBe('/c/song/s%201');
  });

  it('a sound effect links to its category, never to a song page', () => {
    const path = trackPagePath({ id: 'fx1', type: 'sfx', categories: [{ id: 'impacts', name: 'Impacts' }] });
    expect(path).toBe('/c/sfx/impacts');
  });

  it('a sound effect without a category links to the sound-effects index', () => {
    expect(trackPagePath({ id: 'fx2', type: 'sfx', categories: [] })).toBe('/c/sfx');
  });
});
