import { useCallback, useEffect, useRef, useState } from 'react';
import type { SearchResponse } from '@cuewave/contract/search';
import { ApiError } from '../../lib/api';
import { searchApi } from './search-api';
import { isSearchable, requestKey, toSearchRequest, type Bounds, type SearchState } from './search-state';

/** Typing searches as you type, this long after the last keystroke (Enter runs at once). */
export const TYPING_DEBOUNCE_MS = 250;

export type SearchFailure = { status: number; error: string; message: string };

export type SearchResults = {
  /** The answer for the current request, or the last one while the next is on its way. */
  data: SearchResponse | null;
  /** The state `data` answers (its page, engine and prompt). */
  dataState: SearchState | null;
  /** A request for the current state is pending (typing pause or in flight). */
  loading: boolean;
  failure: SearchFailure | null;
  /** Run a pending (debounced) request now. */
  flush(): void;
  retry(): void;
};

type Settled = { key: string; state: SearchState; data: SearchResponse | null; failure: SearchFailure | null };

/**
 * POST /v1/product/search for the overlay's state. A change of the prompt waits TYPING_DEBOUNCE_MS
 * (every other change — a filter, the page, the engine — goes at once); a newer request aborts the
 * older one, so answers never arrive out of order. `onSettled` sees every successful answer.
 */
export function useSearchResults(
  state: SearchState,
  bounds: Bounds,
  onSettled?: (state: SearchState, data: SearchResponse) => void,
): SearchResults {
  const searchable = isSearchable(state, bounds);
  const key = searchable ? requestKey(state, bounds) : '';
  const [settled, setSettled] = useState<Settled | null>(null);
  const [attempt, setAttempt] = useState(0);
  const previousPrompt = useRef<string | null>(null);
  const pending = useRef<(() => void) | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const settledRef = useRef(onSettled);
  settledRef.current = onSettled;

  useEffect(() => {
    if (!key) {
      previousPrompt.current = stateRef.current.prompt;
      return;
    }
    const current = stateRef.current;
    const typing = previousPrompt.current !== null && previousPrompt.current !== current.prompt;
    previousPrompt.current = current.prompt;
    const controller = new AbortController();
    const { body, skip, limit } = toSearchRequest(current, bounds);
    const run = () => {
      pending.current = null;
      searchApi.search(body, skip, limit, controller.signal).then(
        (data) => {
          if (controller.signal.aborted) return;
          setSettled({ key, state: current, data, failure: null });
          settledRef.current?.(current, data);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setSettled({ key, state: current, data: null, failure: toFailure(error) });
        },
      );
    };
    const timer = setTimeout(run, typing ? TYPING_DEBOUNCE_MS : 0);
    pending.current = () => {
      clearTimeout(timer);
      run();
    };
    return () => {
      clearTimeout(timer);
      pending.current = null;
      controller.abort();
    };
    // bounds are part of the key
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  const flush = useCallback(() => pending.current?.(), []);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  const current = settled && settled.key === key ? settled : null;
  // While the next answer is on its way the last good one stays on screen (dimmed), so typing doesn't flicker.
  const last = settled?.data ? settled : null;
  return {
    data: key ? (current?.data ?? last?.data ?? null) : null,
    dataState: key ? ((current?.data ? current.state : last?.state) ?? null) : null,
    loading: !!key && !current,
    failure: current?.failure ?? null,
    flush,
    retry,
  };
}

function toFailure(error: unknown): SearchFailure {
  if (error instanceof ApiError) return { status: error.status, error: error.body.error, message: error.body.message };
  return { status: 0, error: 'NETWORK', message: 'The search could not reach the server.' };
}
