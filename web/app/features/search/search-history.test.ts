import { beforeEach, describe, expect, it } from 'vitest';
import {
  addToHistory,
  LOCAL_HISTORY_KEY,
  readLocalHistory,
  removeFromHistory,
  TYPING_WINDOW_MS,
  writeLocalHistory,
  type HistoryEntry,
} from './search-history';

const entry = (prompt: string, createTS: number, extra: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id: `id-${prompt}-${createTS}`,
  prompt,
  engine: 'standard',
  type: 'music',
  filters: {},
  createTS,
  ...extra,
});

beforeEach(() => localStorage.clear());

describe('visitor search history', () => {
  it('keeps the newest first, without duplicates, at most 20', () => {
    let list: HistoryEntry[] = [];
    const hour = 60 * 60 * 1000;
    for (let i = 0; i < 25; i++) list = addToHistory(list, entry(`query ${i}`, i * hour));
    expect(list).toHaveLength(20);
    expect(list[0]!.prompt).toBe('query 24');
    list = addToHistory(list, entry('Query 10', 30 * hour));
    expect(list[0]!.prompt).toBe('Query 10');
    expect(list.filter((e) => e.prompt.toLowerCase() === 'query 10')).toHaveLength(1);
  });

  it('replaces the entry that was still being typed, within two minutes', () => {
    let list = addToHistory([], entry('pia', 1000));
    list = addToHistory(list, entry('piano', 2000));
    list = addToHistory(list, entry('piano calm', 3000));
    expect(list.map((e) => e.prompt)).toEqual(['piano calm']);
    // Later, or with another engine, it is a new search.
    list = addToHistory(list, entry('piano', 3000 + TYPING_WINDOW_MS + 1));
    expect(list.map((e) => e.prompt)).toEqual(['piano', 'piano calm']);
    list = addToHistory(list, entry('pian', 3000 + TYPING_WINDOW_MS + 2, { engine: 'ai' }));
    expect(list.map((e) => e.prompt)).toEqual(['pian', 'piano', 'piano calm']);
  });

  it('records nothing for a blank prompt, and removes one entry by id', () => {
    const list = addToHistory([entry('rain', 1)], entry('   ', 2));
    expect(list).toHaveLength(1);
    expect(removeFromHistory(list, list[0]!.id)).toEqual([]);
  });

  it('lives in localStorage and drops what it cannot read', () => {
    writeLocalHistory([entry('rain', 5), entry('wind', 9)]);
    expect(readLocalHistory().map((e) => e.prompt)).toEqual(['wind', 'rain']);
    localStorage.setItem(
      LOCAL_HISTORY_KEY,
      JSON.stringify([entry('ok', 1), { id: 1, prompt: 'bad' }, entry('also bad', 2, { engine: 'video' as never })]),
    );
    expect(readLocalHistory().map((e) => e.prompt)).toEqual(['ok']);
    localStorage.setItem(LOCAL_HISTORY_KEY, '{not json');
    expect(readLocalHistory()).toEqual([]);
    writeLocalHistory([]);
    expect(localStorage.getItem(LOCAL_HISTORY_KEY)).toBeNull();
  });
});
