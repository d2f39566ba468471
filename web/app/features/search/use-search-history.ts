import { useCallback, useEffect, useRef, useState } from 'react';
import type { SearchRequest } from '@cuewave/contract/search';
import { searchApi } from './search-api';
import {
  addToHistory,
  localEntryId,
  readLocalHistory,
  removeFromHistory,
  writeLocalHistory,
  type HistoryEntry,
} from './search-history';
import { historyFilters } from './search-state';

export type SearchHistoryApi = {
  items: HistoryEntry[];
  /** The signed-in history could not be loaded. */
  failed: boolean;
  remove(id: string): void;
  clear(): void;
  /** A search with a prompt was answered (the server records a signed-in user's searches itself). */
  record(body: SearchRequest): void;
};

/**
 * Recent searches (spec §3): a signed-in user's from the API (GET/DELETE /v1/product/search/history),
 * reloaded each time they are shown; a visitor's from this browser (search-history.ts).
 */
export function useSearchHistory(signedIn: boolean, visible: boolean): SearchHistoryApi {
  const [items, setItems] = useState<HistoryEntry[]>([]);
  const [failed, setFailed] = useState(false);
  const itemsRef = useRef(items);
  itemsRef.current = items;

  useEffect(() => {
    if (!visible) return;
    if (!signedIn) {
      setItems(readLocalHistory());
      return;
    }
    const controller = new AbortController();
    searchApi.history(controller.signal).then(
      (history) => {
        setItems(history.items);
        setFailed(false);
      },
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [signedIn, visible]);

  const remove = useCallback(
    (id: string) => {
      const before = itemsRef.current;
      const next = removeFromHistory(before, id);
      setItems(next);
      if (!signedIn) return writeLocalHistory(removeFromHistory(readLocalHistory(), id));
      searchApi.deleteHistory(id).catch(() => setItems(before));
    },
    [signedIn],
  );

  const clear = useCallback(() => {
    const before = itemsRef.current;
    setItems([]);
    if (!signedIn) return writeLocalHistory([]);
    searchApi.deleteHistory().catch(() => setItems(before));
  }, [signedIn]);

  const record = useCallback(
    (body: SearchRequest) => {
      if (signedIn || !body.prompt?.trim()) return;
      const now = Date.now();
      const entry: HistoryEntry = {
        id: localEntryId(now),
        prompt: body.prompt.trim(),
        engine: body.engine ?? 'standard',
        type: body.type ?? 'music',
        filters: historyFilters(body),
        createTS: now,
      };
      const next = addToHistory(readLocalHistory(), entry);
      writeLocalHistory(next);
      setItems(next);
    },
    [signedIn],
  );

  return { items, failed, remove, clear, record };
}
