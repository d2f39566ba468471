import { describe, expect, it } from 'vitest';
import {
  createPlaylistBodySchema,
  noteBodySchema,
  PLAYLIST_ITEMS_MAX,
  productNotesQuerySchema,
  updatePlaylistBodySchema,
} from './playlists';

describe('playlist bodies', () => {
  it('trims the name and fills the defaults', () => {
    expect(createPlaylistBodySchema.parse({ name: '  Road trip  ' })).toEqual({
      name: 'Road trip',
      description: '',
      public: false,
    });
  });

  it('refuses empty, overlong and multi-line names', () => {
    expect(createPlaylistBodySchema.safeParse({ name: '   ' }).success).toBe(false);
    expect(createPlaylistBodySchema.safeParse({ name: 'x'.repeat(101) }).success).toBe(false);
    expect(createPlaylistBodySchema.safeParse({ name: 'x'.repeat(100) }).success).toBe(true);
    expect(createPlaylistBodySchema.safeParse({ name: 'two\nlines' }).success).toBe(false);
  });

  it('keeps markup as text', () => {
    const name = '<script>alert(1)</script>';
    expect(createPlaylistBodySchema.parse({ name }).name).toBe(name);
  });

  it('limits descriptions, notes and the number of items', () => {
    expect(createPlaylistBodySchema.safeParse({ name: 'a', description: 'd'.repeat(1001) }).success).toBe(false);
    expect(noteBodySchema.safeParse({ note: 'n'.repeat(2001) }).success).toBe(false);
    expect(noteBodySchema.parse({ note: '  ' })).toEqual({ note: '' });
    const items = (n: number) => Array.from({ length: n }, (_, i) => `p-${i}`);
    expect(updatePlaylistBodySchema.safeParse({ items: items(PLAYLIST_ITEMS_MAX) }).success).toBe(true);
    expect(updatePlaylistBodySchema.safeParse({ items: items(10_000) }).success).toBe(false);
  });
});

describe('notes query', () => {
  it('splits and de-duplicates ids, at most 100', () => {
    expect(productNotesQuerySchema.parse({ ids: 'a,b,a,,c' })).toEqual({ ids: ['a', 'b', 'c'] });
    const many = Array.from({ length: 101 }, (_, i) => `p${i}`).join(',');
    expect(productNotesQuerySchema.safeParse({ ids: many }).success).toBe(false);
    expect(productNotesQuerySchema.safeParse({ ids: ',' }).success).toBe(false);
  });
});
