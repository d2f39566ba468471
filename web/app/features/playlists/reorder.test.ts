import { describe, expect, it } from 'vitest';
import { insertAt, moveItem } from './reorder';

describe('reorder helpers', () => {
  it('moves an item up and down, clamped to the list', () => {
    expect(moveItem(['a', 'b', 'c', 'd'], 3, 1)).toEqual(['a', 'd', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 0, 99)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });

  it('puts an item back where it was, or at the end of a shorter list', () => {
    expect(insertAt(['a', 'c'], 1, 'b')).toEqual(['a', 'b', 'c']);
    expect(insertAt(['a'], 4, 'z')).toEqual(['a', 'z']);
  });
});
