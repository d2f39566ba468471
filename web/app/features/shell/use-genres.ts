import { useEffect, useState } from 'react';
import type { Category } from '@cuewave/contract/catalog';
import { apiGet } from '../../lib/api';

let cache: Promise<Category[]> | null = null;

/** GET /v1/genre once per page load, shared by the burger menu and the error page. */
export function loadGenres(): Promise<Category[]> {
  if (!cache) {
    cache = apiGet<Category[]>('/v1/genre').catch((error: unknown) => {
      cache = null; // let a later caller try again
      throw error;
    });
  }
  return cache;
}

export type GenresState = { genres: Category[] | null; failed: boolean };

/** Genres (with subgenres) for the client; loads when `enabled` first becomes true. */
export function useGenres(enabled = true): GenresState {
  const [state, setState] = useState<GenresState>({ genres: null, failed: false });
  useEffect(() => {
    if (!enabled || state.genres) return;
    let live = true;
    loadGenres().then(
      (genres) => live && setState({ genres, failed: false }),
      () => live && setState({ genres: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [enabled, state.genres]);
  return state;
}
