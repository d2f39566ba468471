import { randomUUID, createHash } from 'node:crypto';
import type { ProductType } from '@cuewave/contract/catalog';
import {
  SEARCH_AI_TOTAL,
  SEARCH_HISTORY_MAX,
  type NumberRange,
  type SearchHistory,
  type SearchParameters,
  type SearchRequestParsed,
  type SearchResponse,
  type SearchSort,
} from '@cuewave/contract/search';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import { getProductsByIds, type CatalogDeps } from '../catalog/catalog.service';
import { aiScores, type AiEngine } from './ai-search';
import { expandQueryTerm } from './ai/query-terms';
import { acrossWordBoundaries } from './fuzzy';
import { promptTerms } from './search-index';
import type { SearchIndexStore } from './search-index-store';
import { foldText } from './search-text';
import * as repo from './search.repo';
import type { SearchFilters } from './search.types';
import { referenceRanking } from './reference/reference-search';

export type SearchDeps = {
  db: Db;
  clock: Clock;
  catalog: CatalogDeps;
  store: SearchIndexStore;
  ai: AiEngine;
};

export type SearchPage = { skip: number; limit: number };
/** Where the time of a search went (sent as Server-Timing, so benchmarks can report embedding apart). */
export type SearchTiming = { embedMs: number; searchMs: number };

/** POST /v1/product/search (issue 13). */
export async function search(
  deps: SearchDeps,
  body: SearchRequestParsed,
  page: SearchPage,
  viewerId: string | null,
): Promise<{ response: SearchResponse; timing: SearchTiming }> {
  if (body.engine === 'ai' && page.skip + page.limit > SEARCH_AI_TOTAL) {
    throw new AppError(
      'VALIDATION_FAILED',
      `AI search returns the best ${SEARCH_AI_TOTAL} results: skip + limit must not exceed ${SEARCH_AI_TOTAL}`,
    );
  }
  const started = performance.now();
  const catalog = await deps.store.current();
  const prompt = body.prompt.trim();
  const requested = requestFilters(body, catalog.bounds[body.type]);
  // Reference links (decision 067): a sound ranks by closeness; a streaming page's words join the prompt.
  const reference = body.reference?.length
    ? await referenceRanking(deps.db, deps.clock.now(), catalog, body.type, body.reference)
    : null;
  const query = [prompt, ...(reference?.texts ?? [])].join(' ').trim();
  const sort: SearchSort = body.sort ?? (query || reference?.sound ? 'relevance' : 'alphabetic');

  let response: SearchResponse;
  let embedMs = 0;
  if (reference?.sound) {
    const { scores, closeIn } = reference.sound;
    const result = catalog.index.query({ terms: [], filters: requested, sort, ...page, scores });
    const items = await getProductsByIds(
      deps.catalog,
      result.page.map((slot) => catalog.index.doc(slot)!.id),
    );
    const explanations: SearchResponse['explanations'] = {};
    for (const slot of result.page) {
      const id = catalog.index.doc(slot)!.id;
      explanations[id] = { chips: [], closest: [], score: scores.get(slot) ?? 0, closeIn: closeIn(slot) };
    }
    response = {
      items,
      count: result.count,
      engine: body.engine,
      facets: result.facets,
      chips: [],
      explanations,
      corrected: null,
    };
  } else if (body.engine === 'ai' && query) {
    const ai = await aiScores(deps.ai, catalog, query, requested, new Set(body.ignore ?? []));
    embedMs = ai.embedMs;
    const result = catalog.index.query({ terms: [], filters: ai.filters, sort, ...page, scores: ai.scores });
    const items = await getProductsByIds(
      deps.catalog,
      result.page.map((slot) => catalog.index.doc(slot)!.id),
    );
    const explanations: SearchResponse['explanations'] = {};
    for (const slot of result.page) {
      const why = ai.explain(slot);
      if (why) explanations[catalog.index.doc(slot)!.id] = why;
    }
    response = {
      items,
      count: result.count,
      engine: 'ai',
      facets: result.facets,
      chips: ai.chips,
      explanations,
      corrected: null,
    };
  } else {
    const has = (word: string) => catalog.index.hasWord(word);
    const terms = acrossWordBoundaries(
      promptTerms(query, (word) => expandQueryTerm(word, has)),
      has,
    );
    const result = catalog.index.query({ terms, filters: requested, sort, ...page });
    const items = await getProductsByIds(
      deps.catalog,
      result.page.map((slot) => catalog.index.doc(slot)!.id),
    );
    response = {
      items,
      count: result.count,
      engine: body.engine,
      facets: result.facets,
      chips: [],
      explanations: {},
      corrected: result.corrected,
    };
  }
  if (viewerId && prompt && page.skip === 0) await recordHistory(deps, viewerId, body, prompt);
  return { response, timing: { embedMs, searchMs: performance.now() - started - embedMs } };
}

/**
 * The request's filters in the index's terms. A range end at or beyond the catalogue's bound is unset
 * (spec §5), so "0–300 BPM" does not hide products whose tempo is unknown.
 */
export function requestFilters(body: SearchRequestParsed, bounds: SearchParameters): SearchFilters {
  const unique = (ids?: string[]) => (ids && ids.length ? [...new Set(ids)] : undefined);
  const within = (r: NumberRange | undefined, b: { from: number; to: number }): NumberRange | undefined => {
    if (!r) return undefined;
    const from = r.from !== undefined && r.from > b.from ? r.from : undefined;
    const to = r.to !== undefined && r.to < b.to ? r.to : undefined;
    return from === undefined && to === undefined ? undefined : { from, to };
  };
  const filters: SearchFilters = { type: body.type };
  const set = <K extends keyof SearchFilters>(key: K, value: SearchFilters[K] | undefined) => {
    if (value !== undefined) filters[key] = value;
  };
  set('genres', unique(body.genres));
  set('subGenres', unique(body.subGenres));
  set('categories', unique(body.categories));
  set('moods', unique(body.moods));
  set('artists', unique(body.artists));
  set('vocal', body.vocalOnly ? true : body.instrumentalOnly ? false : undefined);
  set('bpm', within(body.bpm, bounds.bpm));
  set('duration', within(body.duration, bounds.duration));
  set(
    'releaseYear',
    body.releaseYear?.from !== undefined || body.releaseYear?.to !== undefined ? body.releaseYear : undefined,
  );
  return filters;
}

/** GET /v1/product/search/parameters */
export async function parameters(deps: SearchDeps, type: ProductType): Promise<SearchParameters> {
  return (await deps.store.current()).bounds[type];
}

/* ------------------------------------------------------------------ history */

/** A prompt still being typed (one extends the other) within this window replaces the newest entry. */
const TYPING_WINDOW_MS = 2 * 60_000;

async function recordHistory(deps: SearchDeps, userId: string, body: SearchRequestParsed, prompt: string) {
  const { prompt: _p, engine, type, ...rest } = body;
  const filters = Object.fromEntries(
    Object.entries(rest).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0)),
  );
  const now = deps.clock.now();
  const folded = foldText(prompt).replace(/\s+/g, ' ');
  const dedupeKey = createHash('sha256')
    .update(JSON.stringify([folded, engine, type, sortKeys(filters)]))
    .digest('base64url');
  const [newest] = await repo.selectHistory(deps.db, userId, 1);
  if (
    newest &&
    newest.dedupe_key !== dedupeKey &&
    newest.engine === engine &&
    newest.type === type &&
    now.getTime() - new Date(newest.created_at).getTime() < TYPING_WINDOW_MS
  ) {
    const before = foldText(newest.prompt).replace(/\s+/g, ' ');
    if (folded.startsWith(before) || before.startsWith(folded)) {
      await repo.deleteHistoryEntry(deps.db, userId, newest.id);
    }
  }
  await repo.upsertHistory(deps.db, {
    id: randomUUID(),
    userId,
    prompt,
    engine,
    type,
    filters,
    dedupe_key: dedupeKey,
    at: now,
  });
  await repo.trimHistory(deps.db, userId, SEARCH_HISTORY_MAX);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

export async function history(deps: SearchDeps, userId: string): Promise<SearchHistory> {
  const rows = await repo.selectHistory(deps.db, userId, SEARCH_HISTORY_MAX);
  return {
    items: rows.map((r) => ({
      id: r.id,
      prompt: r.prompt,
      engine: r.engine,
      type: r.type,
      filters: r.filters,
      createTS: new Date(r.created_at).getTime(),
    })),
  };
}

export async function clearHistory(deps: SearchDeps, userId: string, id?: string): Promise<void> {
  if (id) await repo.deleteHistoryEntry(deps.db, userId, id);
  else await repo.deleteHistory(deps.db, userId);
}
