import type { SearchHistoryEntry } from '@cuewave/contract/search';
import { SEARCH_HISTORY_MAX, SEARCH_PROMPT_MAX } from '@cuewave/contract/search';

/**
 * A visitor's search history (spec §3), kept in this browser's localStorage in the API's own shape
 * so the overlay shows both the same way. It follows the server's rules for a signed-in user
 * (contract/src/search.ts): newest first, no duplicates, at most SEARCH_HISTORY_MAX, and a prompt
 * that was still being typed (a prefix of the newest entry, or extended by it, within two minutes)
 * replaces that entry instead of adding one.
 */
export const LOCAL_HISTORY_KEY = 'cw-search-history';
export const TYPING_WINDOW_MS = 2 * 60 * 1000;

export type HistoryEntry = SearchHistoryEntry;

const normal = (prompt: string) => prompt.trim().toLowerCase().replace(/\s+/g, ' ');

/** Whether two entries are the same search (same words, engine and type; filters may differ). */
const sameSearch = (a: HistoryEntry, b: HistoryEntry) =>
  normal(a.prompt) === normal(b.prompt) && a.engine === b.engine && a.type === b.type;

/** Whether `next` continues the typing that produced `previous`. */
function stillTyping(previous: HistoryEntry, next: HistoryEntry): boolean {
  if (next.createTS - previous.createTS > TYPING_WINDOW_MS || next.createTS < previous.createTS) return false;
  if (previous.engine !== next.engine || previous.type !== next.type) return false;
  const a = normal(previous.prompt);
  const b = normal(next.prompt);
  return a.startsWith(b) || b.startsWith(a);
}

/** The history with `entry` recorded (a blank prompt records nothing). */
export function addToHistory(list: HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  if (normal(entry.prompt) === '') return list;
  const [newest, ...rest] = list;
  const base = newest && stillTyping(newest, entry) ? rest : list;
  return [entry, ...base.filter((item) => !sameSearch(item, entry))].slice(0, SEARCH_HISTORY_MAX);
}

export function removeFromHistory(list: HistoryEntry[], id: string): HistoryEntry[] {
  return list.filter((item) => item.id !== id);
}

function isEntry(value: unknown): value is HistoryEntry {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.prompt === 'string' &&
    v.prompt.length <= SEARCH_PROMPT_MAX &&
    (v.engine === 'ai' || v.engine === 'standard') &&
    (v.type === 'music' || v.type === 'sfx') &&
    typeof v.createTS === 'number' &&
    Number.isFinite(v.createTS) &&
    !!v.filters &&
    typeof v.filters === 'object' &&
    !Array.isArray(v.filters)
  );
}

/** What this browser holds; anything unreadable (another version, a hand edit) is dropped. */
export function readLocalHistory(storage: Storage | null = browserStorage()): HistoryEntry[] {
  if (!storage) return [];
  try {
    const parsed: unknown = JSON.parse(storage.getItem(LOCAL_HISTORY_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(isEntry)
      .sort((a, b) => b.createTS - a.createTS)
      .slice(0, SEARCH_HISTORY_MAX);
  } catch {
    return [];
  }
}

export function writeLocalHistory(list: HistoryEntry[], storage: Storage | null = browserStorage()): void {
  if (!storage) return;
  try {
    if (list.length) storage.setItem(LOCAL_HISTORY_KEY, JSON.stringify(list));
    else storage.removeItem(LOCAL_HISTORY_KEY);
  } catch {
    // Private mode or a full quota: the history just isn't kept.
  }
}

function browserStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** A new local entry's id: unique enough within one browser's 20 entries. */
export function localEntryId(now: number): string {
  return `local-${now.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
