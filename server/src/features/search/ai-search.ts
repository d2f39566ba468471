import { SEARCH_AI_TOTAL, type SearchChip, type SearchExplanation } from '@cuewave/contract/search';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { EmbeddingsUnavailableError, type Embeddings } from '../../providers/embeddings/embeddings';
import { readIntent } from './ai/intent';
import { preparePolishStems } from './ai/polish-stems';
import { closestWords, hardShareOf, prepareDocTexts, scoreHit } from './ai/rank';
import { VectorIndex } from './ai/vector-index';
import { expandQueryTerm } from './ai/query-terms';
import { blendReached, reachPrompt, reachVectors } from './ai/reach';
import { correctToVocabulary } from './ai/vocabulary-correction';
import { prepareVocabularyTypos } from './ai/vocabulary-typos';
import { loadWordVectors } from './ai/word-vectors';
import { acrossWordBoundaries } from './fuzzy';
import { promptTerms, topN, type SearchIndex } from './search-index';
import type { SearchCatalog } from './search-index-store';
import * as repo from './search.repo';
import type { Intent, SearchFilters } from './search.types';

/**
 * AI search (issue 13, decisions 059 and 060): the prompt's intent becomes chips and filters, the rest
 * is matched by meaning against the products' vectors, and the best SEARCH_AI_TOTAL are kept, each
 * with why it matched. The vectors live in the database (product_embeddings, one set per embeddings
 * model) and in an in-memory index per process that catches up with what the embedding job wrote.
 */
export type AiEngine = { embeddings: Embeddings; vectors: VectorStore };

/** How many nearest products by meaning (and best by words) are considered before the chips re-rank them. */
const MEANING_CANDIDATES = 1000;
/** How much matching the prompt's own words adds to a score of meaning and chips (0..1 each). */
const LEXICAL_WEIGHT = 0.3;
/**
 * A product counts by words when it has at least this many of the prompt's words (each scored by its
 * rarity and field, so more words and rarer ones score more): one rare word of a long prompt ("traffic"
 * in "traffic noise of a city at night") is worth a place among the candidates.
 */
const LEXICAL_MIN_WORDS = 1;

export type AiScores = {
  /** index slot → score, for the best SEARCH_AI_TOTAL */
  scores: Map<number, number>;
  /** the request's filters with the prompt's hard chips added */
  filters: SearchFilters;
  chips: SearchChip[];
  explain(slot: number): SearchExplanation | undefined;
  embedMs: number;
};

export async function aiScores(
  engine: AiEngine,
  catalog: SearchCatalog,
  prompt: string,
  requested: SearchFilters,
  ignore: ReadonlySet<string>,
): Promise<AiScores> {
  const { index } = catalog;
  // Typos and other inflections of vocabulary words are read as those words (ai/vocabulary-correction.ts).
  const wv = await reachVectors(engine.embeddings.model, loadWordVectors);
  const readable = correctToVocabulary(prompt, { known: (w) => index.hasWord(w), wv }).text;
  const intent = withinType(readIntent(readable, catalog.taxonomy, ignore), requested.type);
  const filters = mergeFilters(requested, intent.filters);
  const passes = index.filterFn(filters);

  // Meaning: what is left of the prompt (soft wishes keep their words there); when the chips took every
  // word, the wishes' own first words.
  const promptMeaning =
    intent.remainder.trim() ||
    intent.wishes
      .map((w) => w.words?.[0] ?? '')
      .join(' ')
      .trim();
  // English words outside the vocabulary reach its nearest words by their word vectors (ai/reach.ts),
  // embedded apart and blended in at a lower weight; they count for meaning only, not as word matches.
  const reach = reachPrompt(promptMeaning, wv, filters.type);
  const meaningText = reach.reachedText ? `${promptMeaning} ${reach.reachedText}` : promptMeaning;
  let query: Float32Array | null = null;
  let embedMs = 0;
  if (meaningText) {
    const started = performance.now();
    try {
      const texts = reach.reachedText ? [promptMeaning, reach.reachedText] : [promptMeaning];
      const [own, reached] = (await engine.embeddings.embed(texts, { kind: 'query' })) as Float32Array[];
      query = blendReached(own!, reached);
    } catch (error) {
      if (error instanceof EmbeddingsUnavailableError) {
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          `AI search is unavailable right now (${error.message}); standard search still works`,
        );
      }
      throw error;
    }
    embedMs = performance.now() - started;
  }

  const similarity = new Map<number, number>();
  if (query) {
    await engine.vectors.sync();
    for (const hit of engine.vectors.nearest(query, MEANING_CANDIDATES, index, passes)) {
      similarity.set(hit.slot, hit.score);
    }
  }
  // The words themselves count too (the standard engine's matching, typos forgiven): a title, an artist
  // or a word the vocabulary does not know ("thunderstorm") still finds its products.
  const lexical = promptMeaning
    ? index.lexicalScores(
        acrossWordBoundaries(
          promptTerms(`${promptMeaning} `, (w) => expandQueryTerm(w, (x) => index.hasWord(x))),
          (w) => index.hasWord(w),
        ),
        filters.type,
        MEANING_CANDIDATES,
        LEXICAL_MIN_WORDS,
      )
    : new Map<number, number>();
  let maxLexical = 0;
  for (const score of lexical.values()) maxLexical = Math.max(maxLexical, score);

  // Without any words left for meaning (the prompt was all chips), every product that passes the hard
  // filters is a candidate and scores alike, so popularity ranks them: only the best are scored (there
  // can be a hundred thousand of them).
  const allChips = !query && lexical.size === 0 && intent.wishes.length === 0;
  const byPopularity = (a: number, b: number) => index.doc(b)!.rank - index.doc(a)!.rank;
  const candidates = allChips
    ? topN(passingSlots(index, filters.type, passes), SEARCH_AI_TOTAL, byPopularity)
    : new Set([...similarity.keys(), ...lexical.keys()]);
  const ranked: { slot: number; score: number; chips: string[] }[] = [];
  for (const slot of candidates) {
    if (!passes(slot)) continue;
    const doc = index.doc(slot)!;
    const hit = scoreHit(doc, intent, similarity.get(slot) ?? 0);
    const words = maxLexical > 0 ? (lexical.get(slot) ?? 0) / maxLexical : 0;
    const score = hit.score + LEXICAL_WEIGHT * words;
    if (score <= 0 && !allChips) continue;
    ranked.push({ slot, score, chips: hit.chips });
  }
  // Never empty-handed: when the prompt's hard chips together leave nothing ("dreamy synth pop with
  // vocals" where no synth pop track has vocals), they rank instead of filtering, so the products that
  // satisfy most of them come first; each result's explanation still lists the chips it satisfies.
  let applied = filters;
  if (ranked.length === 0 && JSON.stringify(filters) !== JSON.stringify(requested)) {
    applied = requested;
    const relaxed = index.filterFn(applied);
    if (query)
      for (const hit of engine.vectors.nearest(query, MEANING_CANDIDATES, index, relaxed))
        similarity.set(hit.slot, hit.score);
    const share = hardShareOf(intent);
    let pool: Iterable<number> = new Set([...similarity.keys(), ...lexical.keys()]);
    if (allChips) {
      // Every product of the type competes on how many of the chips it passes (all else is equal), then
      // popularity: the index's typed filters count them, and only the best are scored.
      const tests = hardChipTests(index, intent, filters.type);
      const byCount: number[][] = tests.map(() => []);
      byCount.push([]);
      for (const slot of index.slots(filters.type)) {
        if (!relaxed(slot)) continue;
        let passed = 0;
        for (const test of tests) if (test(slot)) passed++;
        byCount[passed]!.push(slot);
      }
      const best: number[] = [];
      for (let n = tests.length; n >= 0 && best.length < SEARCH_AI_TOTAL; n--) {
        best.push(...topN(byCount[n]!, SEARCH_AI_TOTAL - best.length, byPopularity));
      }
      pool = best;
    }
    for (const slot of pool) {
      if (!relaxed(slot)) continue;
      const doc = index.doc(slot)!;
      const hit = scoreHit(doc, intent, similarity.get(slot) ?? 0);
      const words = maxLexical > 0 ? (lexical.get(slot) ?? 0) / maxLexical : 0;
      const score = hit.score + LEXICAL_WEIGHT * words + share(doc);
      if (score > 0) ranked.push({ slot, score, chips: hit.chips });
    }
  }
  ranked.sort((a, b) => b.score - a.score || index.doc(b.slot)!.rank - index.doc(a.slot)!.rank);
  const best = ranked.slice(0, SEARCH_AI_TOTAL);
  const bySlot = new Map(best.map((r) => [r.slot, r]));

  return {
    scores: new Map(best.map((r) => [r.slot, r.score])),
    filters: applied,
    chips: intent.chips,
    embedMs,
    explain(slot) {
      const r = bySlot.get(slot);
      if (!r) return undefined;
      const doc = index.doc(slot)!;
      return {
        chips: r.chips,
        closest: closestWords(engine.embeddings, query, doc, meaningText, engine.vectors.vector(doc.id)),
        score: Math.max(0, Math.min(1, similarity.get(slot) ?? 0)),
      };
    },
  };
}

/**
 * Builds now what AI search would otherwise build on first use (each product's phrase text, the
 * vocabulary's spelling neighbourhood, the Polish stem tables): a few seconds at 250,000 products, paid
 * at start rather than by the first searches.
 */
export function prepareAiSearch(index: SearchIndex): void {
  prepareDocTexts(index.documents());
  prepareVocabularyTypos();
  preparePolishStems();
}

/** The filter field each kind of hard chip sets (the type chip is the search's own type). */
const CHIP_FIELDS = {
  genre: 'genres',
  subgenre: 'subGenres',
  category: 'categories',
  vocal: 'vocal',
  instrumental: 'vocal',
  tempo: 'bpm',
  duration: 'duration',
} as const satisfies Record<string, keyof SearchFilters>;

/** One typed-column test per hard chip of the prompt: whether a slot passes that chip alone. */
function hardChipTests(index: SearchIndex, intent: Intent, type: SearchFilters['type']): ((slot: number) => boolean)[] {
  return intent.chips.flatMap((chip) => {
    const field = CHIP_FIELDS[chip.kind as keyof typeof CHIP_FIELDS];
    return field ? [index.filterFn({ type, [field]: intent.filters[field] })] : [];
  });
}

/** The slots of products of the type that `accept` lets through. */
function passingSlots(index: SearchIndex, type: SearchFilters['type'], accept: (slot: number) => boolean): number[] {
  const out: number[] = [];
  for (const slot of index.slots(type)) if (accept(slot)) out.push(slot);
  return out;
}

/**
 * The music / sound effects switch is the user's explicit choice: chips that belong to the other type
 * (a "sound effects" type chip, sfx categories while searching music — "cartoon" is one — or genres while
 * searching sound effects) would only empty the results, so they are dropped; their words still count
 * for meaning.
 */
function withinType(intent: Intent, type: SearchFilters['type']): Intent {
  const foreign = new Set<string>(type === 'music' ? ['type', 'category'] : ['genre', 'subgenre']);
  const { type: _type, categories, genres, subGenres, ...rest } = intent.filters;
  const filters: Intent['filters'] = type === 'music' ? { ...rest, genres, subGenres } : { ...rest, categories };
  for (const key of Object.keys(filters) as (keyof typeof filters)[])
    if (filters[key] === undefined) delete filters[key];
  return { ...intent, filters, chips: intent.chips.filter((c) => !foreign.has(c.kind)) };
}

/**
 * The user's filters and the prompt's: both apply. Where both name ids of the same kind, the ids in
 * both; if none are, the user's own choice wins. Ranges intersect the same way.
 */
export function mergeFilters(user: SearchFilters, fromPrompt: Partial<SearchFilters>): SearchFilters {
  const out: SearchFilters = { ...user };
  for (const key of ['genres', 'subGenres', 'categories', 'moods', 'artists'] as const) {
    const a = user[key];
    const b = fromPrompt[key];
    if (!b?.length) continue;
    if (!a?.length) out[key] = b;
    else {
      const both = a.filter((id) => b.includes(id));
      out[key] = both.length ? both : a;
    }
  }
  if (user.vocal === undefined && fromPrompt.vocal !== undefined) out.vocal = fromPrompt.vocal;
  for (const key of ['bpm', 'duration', 'releaseYear'] as const) {
    const a = user[key];
    const b = fromPrompt[key];
    if (!b) continue;
    if (!a) {
      out[key] = b;
      continue;
    }
    const from = Math.max(a.from ?? -Infinity, b.from ?? -Infinity);
    const to = Math.min(a.to ?? Infinity, b.to ?? Infinity);
    if (from <= to) {
      out[key] = {
        ...(Number.isFinite(from) ? { from } : {}),
        ...(Number.isFinite(to) ? { to } : {}),
      };
    }
  }
  return out;
}

/**
 * This process's vectors of the current embeddings model, caught up from product_embeddings by
 * sequence number (the embedding job writes them one batch after another, so they arrive in order).
 * Vectors of products that are gone stay until restart but are never returned: callers accept only
 * ids the search index still has.
 */
export class VectorStore {
  private readonly index = new VectorIndex();
  private readonly ids: string[] = [];
  private readonly numberOf = new Map<string, number>();
  private lastSeq = 0;
  private syncing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly model: string,
  ) {}

  sync(): Promise<void> {
    this.syncing ??= this.catchUp().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  private async catchUp(): Promise<void> {
    const max = await repo.selectEmbeddingMaxSeq(this.db, this.model);
    while (this.lastSeq < max) {
      const rows = await repo.selectEmbeddingsSince(this.db, this.model, this.lastSeq, 5000);
      if (rows.length === 0) break;
      for (const row of rows) {
        let n = this.numberOf.get(row.productId);
        if (n === undefined) {
          n = this.ids.length;
          this.ids.push(row.productId);
          this.numberOf.set(row.productId, n);
        }
        this.index.set(n, row.vector);
        this.lastSeq = row.seq;
      }
    }
  }

  get size(): number {
    return this.ids.length;
  }

  /** The product's vector, if this process has it. */
  vector(productId: string): Float32Array | null {
    const n = this.numberOf.get(productId);
    return n === undefined ? null : this.index.get(n);
  }

  /** The k products nearest the query among the index's slots that `accept` lets through. */
  nearest(
    query: Float32Array,
    k: number,
    index: SearchIndex,
    accept: (slot: number) => boolean,
  ): { slot: number; score: number }[] {
    const slots = this.slotsIn(index);
    return this.index
      .topK(strongest(query, QUERY_DIMENSIONS), k, (n) => n < slots.length && slots[n]! >= 0 && accept(slots[n]!))
      .map((h) => ({ slot: slots[h.docIndex]!, score: h.score }));
  }

  /**
   * The index slot of each vector (-1: not in the index), kept until the index or the vectors change: a
   * query tests hundreds of thousands of candidates, too many for a lookup by product id each.
   */
  private slotCache: { index: SearchIndex; generation: number; slots: Int32Array } | null = null;

  private slotsIn(index: SearchIndex): Int32Array {
    const cached = this.slotCache;
    if (
      cached &&
      cached.index === index &&
      cached.generation === index.generation &&
      cached.slots.length === this.ids.length
    ) {
      return cached.slots;
    }
    const slots = new Int32Array(this.ids.length);
    for (let n = 0; n < this.ids.length; n++) slots[n] = index.slotOf(this.ids[n]!) ?? -1;
    this.slotCache = { index, generation: index.generation, slots };
    return slots;
  }
}

/**
 * A sparse query keeps only its strongest dimensions for the candidate search: each dimension costs a
 * pass over every product that has it, and the weak ones hardly move the ranking (the candidates are
 * re-scored with the chips and words afterwards). Dense vectors (external models) are left whole.
 */
const QUERY_DIMENSIONS = 12;

export function strongest(query: Float32Array, keep: number): Float32Array {
  let nonZero = 0;
  for (const x of query) if (x !== 0) nonZero++;
  if (nonZero <= keep || nonZero > query.length / 4) return query;
  const threshold = [...query].map(Math.abs).sort((a, b) => b - a)[keep - 1]!;
  let kept = 0;
  return query.map((x) => (Math.abs(x) >= threshold && kept++ < keep ? x : 0));
}
