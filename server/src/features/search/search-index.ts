import type { FacetCount, NumberRange, SearchFacets, SearchSort } from '@cuewave/contract/search';
import { editDistance, deletions } from './fuzzy';
import { foldText, queryWords, words } from './search-text';
import { CATEGORY, GENRE, MOOD, SlotColumns, SUBGENRE, TYPE_CODE } from './slot-columns';
import { intersect, mergePostings, TermListCache, type TermList } from './term-list';
import type { SearchDoc, SearchFilters } from './search.types';

/**
 * The in-memory index of one process (decision 058): an inverted index of the catalogue's words with
 * field weights, and the fields the filters, facets and sorts read. It is a cache of the database,
 * rebuilt or caught up from it (search-index-store.ts); nothing in it is needed by another instance.
 *
 * Documents are append-only slots: a changed product gets a new slot and its old one is emptied, so
 * postings never need rewriting; they are skipped while stale and dropped by `compact()`.
 * Querying is synchronous, so the scratch buffers can be shared by every request of the process.
 */

/** How much a word counts by where it appears: a title hit beats a tag hit. */
export const FIELD_WEIGHTS = {
  title: 10,
  artist: 7,
  subgenre: 6,
  genre: 5,
  category: 5,
  mood: 4,
  instrument: 4,
  tag: 3,
  keyword: 3,
  description: 1,
} as const;

/** A query word and what else it may match: itself, a prefix, a typo, a translation. */
export type QueryTerm = {
  word: string;
  /** Words of other languages or synonyms with the same meaning (e.g. Polish "gitara" → "guitar"). */
  alternatives?: string[];
  /** The word is still being typed: any indexed word starting with it counts. */
  prefix?: boolean;
};

export type IndexQuery = {
  terms: QueryTerm[];
  filters: SearchFilters;
  sort: SearchSort;
  skip: number;
  limit: number;
  /** Only these slots (e.g. the AI engine's candidates), with their own scores for relevance. */
  scores?: Map<number, number>;
};

export type IndexResult = {
  /** slots of the page, in order */
  page: number[];
  count: number;
  facets: SearchFacets;
  /** the query as matched after typo correction, when a word was corrected */
  corrected: string | null;
};

/** A word matched at this factor of its weight: exact 1, translation or prefix less, typos least. */
const MATCH = { exact: 1, alternative: 0.85, prefix: 0.7, typo1: 0.6, typo2: 0.4 } as const;
/** Prefix matching expands to at most this many indexed words (the most frequent first). */
const MAX_PREFIX_EXPANSION = 60;
const MAX_TYPO_CANDIDATES = 8;
/** Products held by the merged word lists in all (8 bytes each: 32 MB). */
const TERM_LIST_PRODUCTS = 4_000_000;

type Posting = number[]; // slot * 16 + weight code (field weight, 1..15), in slot order
/** An indexed word a query word stands for, and how much it counts. */
type Expansion = { word: string; factor: number };

export class SearchIndex {
  private docs: (SearchDoc | undefined)[] = [];
  private slotById = new Map<string, number>();
  private postings = new Map<string, Posting>();
  private columns = new SlotColumns();
  private parentOf: ReadonlyMap<string, string> = new Map();
  private genreNames: ReadonlyMap<string, string> = new Map();
  private live = 0;
  /** Bumped by every upsert and remove, so callers can tell their slot lookups went stale. */
  private changes = 0;
  /** The alphabetic order (folded title, artist, id): slot → position; rebuilt lazily after changes. */
  private alphaRank: Int32Array = new Int32Array(0);
  private alphaDirty = true;
  /** Popularity, then the alphabetic order: slot → position (relevance's tie-break); rebuilt with alphaRank. */
  private popularRank: Int32Array = new Int32Array(0);
  /** All indexed words, sorted, for prefix lookups; rebuilt lazily. */
  private sortedWords: string[] = [];
  private wordsDirty = true;
  /** One-deletion neighbourhoods of indexed words, for typo lookups; rebuilt lazily. */
  private deletionMap = new Map<string, string[]>();
  private scratch = new Float32Array(0);
  private total = new Float32Array(0);
  private cover = new Uint8Array(0);
  /** Merged products per query word (term-list.ts), valid while `termListsAt` equals `changes`. */
  private termLists = new TermListCache<{ expansions: Expansion[]; list: TermList }>(TERM_LIST_PRODUCTS);
  private termListsAt = -1;

  get size(): number {
    return this.live;
  }

  get generation(): number {
    return this.changes;
  }

  /**
   * The subgenre → genre relation of the taxonomy (a genre filter also matches its subgenres) and the
   * genres' names; set before adding products (a changed taxonomy means a new index, decision 058).
   */
  setTaxonomy(parentOf: ReadonlyMap<string, string>, genreNames: ReadonlyMap<string, string>): void {
    this.parentOf = parentOf;
    this.genreNames = genreNames;
  }

  seqOf(id: string): number | undefined {
    const slot = this.slotById.get(id);
    return slot === undefined ? undefined : this.docs[slot]?.seq;
  }

  ids(): IterableIterator<string> {
    return this.slotById.keys();
  }

  slotOf(id: string): number | undefined {
    return this.slotById.get(id);
  }

  doc(slot: number): SearchDoc | undefined {
    return this.docs[slot];
  }

  /** Adds or replaces a product. */
  upsert(doc: SearchDoc): number {
    this.remove(doc.id);
    const slot = this.docs.length;
    this.docs.push(doc);
    this.columns.write(slot, doc, this.parentOf, (id) => this.genreNames.get(id) ?? id);
    this.slotById.set(doc.id, slot);
    this.live++;
    this.changes++;
    for (const [word, weight] of weightedWords(doc)) {
      let posting = this.postings.get(word);
      if (!posting) {
        posting = [];
        this.postings.set(word, posting);
        this.wordsDirty = true;
      }
      posting.push(slot * 16 + weight);
    }
    this.alphaDirty = true;
    return slot;
  }

  remove(id: string): void {
    const slot = this.slotById.get(id);
    if (slot === undefined) return;
    this.docs[slot] = undefined;
    this.columns.clear(slot);
    this.slotById.delete(id);
    this.live--;
    this.changes++;
    this.alphaDirty = true;
  }

  /** Share of slots that are emptied; the store compacts past a threshold. */
  get garbage(): number {
    return this.docs.length === 0 ? 0 : 1 - this.live / this.docs.length;
  }

  /** A fresh index with the live documents only (slots renumbered). */
  compacted(): SearchIndex {
    const next = new SearchIndex();
    next.setTaxonomy(this.parentOf, this.genreNames);
    for (const doc of this.docs) if (doc) next.upsert(doc);
    return next;
  }

  /** Runs a query: match, filter, facet, sort, page. Synchronous (shares scratch buffers). */
  query(q: IndexQuery): IndexResult {
    this.prepare();
    const matched = q.scores ? { slots: [...q.scores.keys()], corrected: null } : this.match(q.terms, q.filters.type);
    const scores = q.scores;
    const total = this.total;
    const scoreOf = scores
      ? (slot: number) => scores.get(slot) ?? 0
      : q.terms.length
        ? (slot: number) => total[slot]!
        : () => 0;
    const filter = this.compileFilter(q.filters);
    const cols = this.columns;
    const counts = new Int32Array(cols.facetCount);
    const vocal = { vocal: 0, instrumental: 0 };
    const results: number[] = [];
    const consider = (slot: number) => {
      if (!filter.rest(slot)) return;
      const g = filter.genre(slot);
      const c = filter.category(slot);
      const m = filter.mood(slot);
      const v = filter.vocal(slot);
      if (c && m && v) {
        cols.count(slot, GENRE, counts);
        cols.count(slot, SUBGENRE, counts);
      }
      if (g && m && v) cols.count(slot, CATEGORY, counts);
      if (g && c && v) cols.count(slot, MOOD, counts);
      if (g && c && m) {
        if (cols.vocal[slot]) vocal.vocal++;
        else vocal.instrumental++;
      }
      if (g && c && m && v) results.push(slot);
    };
    if (filter.typeOnly) {
      // Nothing filtered but the type (most searches): every facet of a match counts, in one pass over
      // its facet numbers (a slot's four kinds lie next to each other in the pool).
      const { kind, pool, facetStart, facetLength } = cols;
      const code = TYPE_CODE[q.filters.type];
      const each = (slot: number) => {
        if (kind[slot] !== code) return;
        for (
          let i = facetStart[slot * 4]!, end = facetStart[slot * 4 + 3]! + facetLength[slot * 4 + 3]!;
          i < end;
          i++
        ) {
          counts[pool[i]!]!++;
        }
        if (cols.vocal[slot]) vocal.vocal++;
        else vocal.instrumental++;
        results.push(slot);
      };
      if (matched.slots) for (const slot of matched.slots) each(slot);
      else for (let slot = 0; slot < this.docs.length; slot++) each(slot);
    } else if (matched.slots) for (const slot of matched.slots) consider(slot);
    else for (let slot = 0; slot < this.docs.length; slot++) consider(slot);
    const sorted =
      q.sort === 'relevance' && !scores && q.terms.length
        ? this.bestByScore(results, q.skip + q.limit)
        : this.order(results, q.sort, scoreOf, q.skip + q.limit);
    if (!scores) this.resetScores(matched.slots);
    return {
      page: sorted.slice(q.skip, q.skip + q.limit),
      count: results.length,
      facets: this.facets(counts, vocal, q.filters),
      corrected: matched.corrected,
    };
  }

  /* ------------------------------------------------------------------ matching */

  /**
   * Slots matching the words, scored into `this.total`. Every word must match (by itself, a translation,
   * a prefix or a typo); when no product has them all, the products matching the most of them are kept,
   * so a long descriptive prompt still finds the closest tracks. `slots` is null for "no words: all".
   */
  private match(
    terms: QueryTerm[],
    type: SearchDoc['type'],
    minWords?: number,
  ): { slots: number[] | null; corrected: string | null } {
    if (terms.length === 0) return { slots: null, corrected: null };
    this.ensureScratch();
    const typeCode = TYPE_CODE[type];
    const found = terms.map((term) => this.termList(term, typeCode));
    const corrected = correction(
      terms,
      found.map((f) => f.expansions),
    );
    const lists = found.map((f) => f.list);
    if (terms.length > 1 && (minWords === undefined || minWords >= terms.length)) {
      const every = intersect(lists);
      if (every) return { slots: this.keepScores(every), corrected };
      // None has them all: the most words is all but one, when some product has that many.
      const most = minWords === undefined && terms.length > 2 ? this.matchAllButOne(lists) : null;
      if (most) return { slots: most, corrected };
    }
    const { total, cover } = this;
    const touched: number[] = [];
    for (const { slots, weights } of lists) {
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i]!;
        if (cover[slot] === 0) touched.push(slot);
        total[slot]! += weights[i]!;
        cover[slot]!++;
      }
    }
    let best = 0;
    for (const slot of touched) if (cover[slot]! > best) best = cover[slot]!;
    // All words, or (none has all) the most words; a single stray word is not a match for a long prompt.
    const need =
      minWords !== undefined
        ? Math.max(1, minWords)
        : best === terms.length
          ? best
          : Math.max(best, Math.ceil(terms.length / 2));
    const slots: number[] = [];
    for (const slot of touched) {
      if (cover[slot]! >= need) slots.push(slot);
      else {
        total[slot] = 0;
        cover[slot] = 0;
      }
    }
    return { slots, corrected };
  }

  /** Writes a match's scores into `this.total` (which query() sorts by and resetScores() clears). */
  private keepScores({ slots, weights }: TermList): number[] {
    const out = new Array<number>(slots.length);
    for (let i = 0; i < slots.length; i++) {
      out[i] = slots[i]!;
      this.total[slots[i]!] = weights[i]!;
    }
    return out;
  }

  /**
   * The products with every word but one (for each word, the products with all the others: these sets
   * are disjoint), scored into `this.total`; null when there are none.
   */
  private matchAllButOne(lists: TermList[]): number[] | null {
    const found: number[] = [];
    for (let left = 0; left < lists.length; left++) {
      const every = intersect(lists.filter((_, i) => i !== left));
      if (every) found.push(...this.keepScores(every));
    }
    return found.length ? found : null;
  }

  /** A query word's products of one type, merged over its expansions; kept until the index changes. */
  private termList(term: QueryTerm, typeCode: number): { expansions: Expansion[]; list: TermList } {
    if (this.termListsAt !== this.changes) {
      this.termLists.clear();
      this.termListsAt = this.changes;
    }
    const key = `${typeCode}|${term.prefix ? 1 : 0}|${term.word}|${(term.alternatives ?? []).join('|')}`;
    const cached = this.termLists.get(key);
    if (cached) return cached;
    const expansions = this.expand(term);
    const postings = expansions.map(({ word, factor }) => {
      const posting = this.postings.get(word)!;
      return { posting, weight: factor * Math.log(1 + this.live / posting.length) };
    });
    const entry = { expansions, list: mergePostings(postings, this.columns.kind, typeCode, this.scratch) };
    this.termLists.set(key, entry);
    return entry;
  }

  private resetScores(slots: number[] | null): void {
    if (!slots) return;
    for (const slot of slots) {
      this.total[slot] = 0;
      this.cover[slot] = 0;
    }
  }

  /** The indexed words a query word stands for, each with how much it counts. */
  private expand(term: QueryTerm): Expansion[] {
    const out = new Map<string, number>();
    const add = (word: string, factor: number) => {
      if (this.postings.has(word) && (out.get(word) ?? 0) < factor) out.set(word, factor);
    };
    add(term.word, MATCH.exact);
    for (const alt of term.alternatives ?? []) for (const w of words(alt)) add(w, MATCH.alternative);
    if (term.prefix && term.word.length >= 2) {
      for (const w of this.wordsWithPrefix(term.word)) add(w, MATCH.prefix);
    }
    if (out.size === 0 && term.word.length >= 4 && !/^\d+$/.test(term.word)) {
      for (const { word, distance } of this.typoCandidates(term.word)) {
        add(word, distance === 1 ? MATCH.typo1 : MATCH.typo2);
      }
    }
    return [...out].map(([word, factor]) => ({ word, factor }));
  }

  private wordsWithPrefix(prefix: string): string[] {
    let lo = 0;
    let hi = this.sortedWords.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sortedWords[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const found: string[] = [];
    for (let i = lo; i < this.sortedWords.length && this.sortedWords[i]!.startsWith(prefix); i++) {
      found.push(this.sortedWords[i]!);
    }
    if (found.length <= MAX_PREFIX_EXPANSION) return found;
    return found
      .sort((a, b) => this.postings.get(b)!.length - this.postings.get(a)!.length)
      .slice(0, MAX_PREFIX_EXPANSION);
  }

  /**
   * Indexed words within one edit (two for words of 8+ letters) of the word: deletions of the word
   * looked up among the words and their own deletions cover insertions, deletions, substitutions and
   * swaps of neighbours; candidates are then checked with the true distance.
   */
  private typoCandidates(word: string): { word: string; distance: number }[] {
    const maxDistance = word.length >= 8 ? 2 : 1;
    const seen = new Set<string>();
    const probe = (key: string) => {
      if (this.postings.has(key)) seen.add(key);
      for (const w of this.deletionMap.get(key) ?? []) seen.add(w);
    };
    probe(word);
    const first = deletions(word);
    for (const d of first) probe(d);
    if (maxDistance === 2) for (const d of first) for (const dd of deletions(d)) probe(dd);
    const found: { word: string; distance: number }[] = [];
    for (const candidate of seen) {
      const distance = editDistance(word, candidate, maxDistance);
      if (distance > 0 && distance <= maxDistance) found.push({ word: candidate, distance });
    }
    return found
      .sort((a, b) => a.distance - b.distance || this.postings.get(b.word)!.length - this.postings.get(a.word)!.length)
      .slice(0, MAX_TYPO_CANDIDATES);
  }

  /* ------------------------------------------------------------------ filters and facets */

  /**
   * The filters as checks on a slot's columns. Every check also refuses empty slots and other types
   * (`rest`). The catalogue listings' genre rule: a genre matches itself and its subgenres; with
   * subgenres chosen, only those subgenres (of the chosen genres, if any) match. Unknown ids match nothing.
   */
  private compileFilter(f: SearchFilters) {
    const cols = this.columns;
    const flags = (kind: number, ids?: string[]) => {
      if (!ids || ids.length === 0) return null;
      const wanted = new Uint8Array(cols.facetCount);
      for (const id of ids) {
        const n = cols.facetNumber(kind, id);
        if (n >= 0) wanted[n] = 1;
      }
      return wanted;
    };
    const genres = flags(GENRE, f.genres);
    let subGenres = flags(SUBGENRE, f.subGenres);
    if (subGenres && genres) {
      // Only subgenres of the chosen genres.
      for (let n = 0; n < subGenres.length; n++) {
        if (subGenres[n] && !genres[cols.parentGenre[n] ?? -1]) subGenres[n] = 0;
      }
    }
    if (subGenres === null && f.subGenres?.length) subGenres = new Uint8Array(0);
    const categories = flags(CATEGORY, f.categories);
    const moods = flags(MOOD, f.moods);
    const artists = f.artists?.length ? new Set(f.artists.map((id) => cols.artistNumber(id))) : null;
    const typeCode = TYPE_CODE[f.type];
    const range = (r?: NumberRange) => (r ? { from: r.from ?? -Infinity, to: r.to ?? Infinity } : null);
    const bpm = range(f.bpm);
    const duration = range(f.duration);
    const year = range(f.releaseYear);
    // NaN (unknown) fails every comparison, so an unknown value never passes a range.
    const inRange = (value: number, r: { from: number; to: number } | null) => !r || (value >= r.from && value <= r.to);
    const vocal = f.vocal === undefined ? -1 : f.vocal ? 1 : 0;
    return {
      typeOnly: !genres && !subGenres && !categories && !moods && !artists && !bpm && !duration && !year && vocal < 0,
      rest: (slot: number) =>
        cols.kind[slot] === typeCode &&
        (!artists || artists.has(cols.artist[slot]!)) &&
        inRange(cols.bpm[slot]!, bpm) &&
        inRange(cols.duration[slot]!, duration) &&
        inRange(cols.year[slot]!, year),
      genre: (slot: number) =>
        subGenres ? cols.hasAny(slot, SUBGENRE, subGenres) : !genres || cols.hasAny(slot, GENRE, genres),
      category: (slot: number) => !categories || cols.hasAny(slot, CATEGORY, categories),
      mood: (slot: number) => !moods || cols.hasAny(slot, MOOD, moods),
      vocal: (slot: number) => vocal < 0 || cols.vocal[slot] === vocal,
    };
  }

  /** Most results first; the chosen ids are always listed (with 0 when nothing is left), so they can be unticked. */
  private facets(counts: Int32Array, vocal: SearchFacets['vocal'], filters: SearchFilters): SearchFacets {
    const cols = this.columns;
    const lists: FacetCount[][] = [[], [], [], []];
    for (let n = 0; n < counts.length; n++) {
      if (counts[n]! > 0)
        lists[cols.facetKind[n]!]!.push({ id: cols.facetId[n]!, name: cols.facetName[n]!, count: counts[n]! });
    }
    const finish = (list: FacetCount[], chosen?: string[]) => {
      for (const id of chosen ?? []) if (!list.some((e) => e.id === id)) list.push({ id, name: id, count: 0 });
      return list.sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
    };
    return {
      genres: finish(lists[GENRE]!, filters.genres),
      subGenres: finish(lists[SUBGENRE]!, filters.subGenres),
      categories: finish(lists[CATEGORY]!, filters.categories),
      moods: finish(lists[MOOD]!, filters.moods),
      vocal,
    };
  }

  /** Whether some product has this folded word (AI search reaches for other words only when none has). */
  hasWord(word: string): boolean {
    return this.postings.has(word);
  }

  /**
   * Word-match scores of the products of a type (the standard engine's matching: every word, else the
   * most words; with `minWords`, every product matching at least that many, scored by the words it
   * matches), for AI search to blend with meaning. At most `limit`, the best first.
   */
  lexicalScores(terms: QueryTerm[], type: SearchDoc['type'], limit: number, minWords?: number): Map<number, number> {
    this.prepare();
    if (minWords !== undefined && terms.length > 0 && (terms.length === 1 || minWords < terms.length)) {
      return this.anyWordsBest(terms, type, limit, Math.max(1, minWords));
    }
    const { slots } = this.match(terms, type, minWords);
    if (!slots) return new Map();
    const total = this.total;
    // A prompt's common words can match most of the catalogue: select the best without sorting them all.
    const best = topN(slots, limit, (a, b) => total[b]! - total[a]!);
    const scored = new Map(best.map((slot) => [slot, total[slot]!]));
    this.resetScores(slots);
    return scored;
  }

  /**
   * The best `limit` products having at least `need` of the words, scored by the words they have (what
   * match() does with minWords, for AI search's word matches): the common words of a long prompt can
   * touch most of the catalogue, so the scores add up in typed scratch and the best are chosen by a
   * threshold (the limit-th best score, by selection) instead of comparing every product. Equal scores
   * keep the order in which the products were first met, as a stable sort would.
   */
  private anyWordsBest(terms: QueryTerm[], type: SearchDoc['type'], limit: number, need: number): Map<number, number> {
    const lists = terms.map((term) => this.termList(term, TYPE_CODE[type]).list);
    const { total, cover } = this;
    const touched = this.touchedScratch();
    let count = 0;
    for (const { slots, weights } of lists) {
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i]!;
        if (cover[slot] === 0) touched[count++] = slot;
        total[slot]! += weights[i]!;
        cover[slot]!++;
      }
    }
    // The products with enough words, in the order met, and their scores.
    let kept = 0;
    const values = this.valueScratch(count);
    for (let i = 0; i < count; i++) {
      const slot = touched[i]!;
      if (cover[slot]! >= need) {
        touched[kept] = slot;
        values[kept++] = total[slot]!;
      } else total[slot] = 0;
      cover[slot] = 0;
    }
    let chosen: number[];
    if (kept <= limit) chosen = Array.from(touched.subarray(0, kept));
    else {
      const threshold = kthLargest(values.slice(0, kept), limit);
      chosen = [];
      for (let i = 0; i < kept && chosen.length < limit; i++) if (values[i]! > threshold) chosen.push(touched[i]!);
      for (let i = 0; i < kept && chosen.length < limit; i++) if (values[i] === threshold) chosen.push(touched[i]!);
    }
    // Array.prototype.sort is stable: equal scores stay in the order met.
    chosen.sort((a, b) => total[b]! - total[a]!);
    const scored = new Map<number, number>();
    for (const slot of chosen) scored.set(slot, total[slot]!);
    for (let i = 0; i < kept; i++) total[touched[i]!] = 0;
    return scored;
  }

  private touched = new Int32Array(0);
  private values = new Float32Array(0);

  private touchedScratch(): Int32Array {
    if (this.touched.length < this.docs.length) this.touched = new Int32Array(Math.ceil(this.docs.length * 1.25));
    return this.touched;
  }

  private valueScratch(n: number): Float32Array {
    if (this.values.length < n) this.values = new Float32Array(Math.max(n, this.docs.length));
    return this.values;
  }

  /** Builds the lazily kept lookups now (the store calls it after loading, so no search pays for it). */
  warm(): void {
    this.prepare();
  }

  /** Every product in the index. */
  *documents(): Generator<SearchDoc> {
    for (const doc of this.docs) if (doc) yield doc;
  }

  /** The live slots of products of the type. */
  *slots(type: SearchDoc['type']): Generator<number> {
    const code = TYPE_CODE[type];
    for (let slot = 0; slot < this.docs.length; slot++) if (this.columns.kind[slot] === code) yield slot;
  }

  /** Whether a slot passes every filter (for callers that rank candidates themselves, like AI search). */
  filterFn(f: SearchFilters): (slot: number) => boolean {
    const c = this.compileFilter(f);
    return (slot) => c.rest(slot) && c.genre(slot) && c.category(slot) && c.mood(slot) && c.vocal(slot);
  }

  /* ------------------------------------------------------------------ order */

  private order(slots: number[], sort: SearchSort, scoreOf: (slot: number) => number, need: number): number[] {
    const alpha = this.alphaRank;
    const { rank, created, bpm, duration } = this.columns;
    const byAlpha = (a: number, b: number) => alpha[a]! - alpha[b]!;
    // Unknown values (NaN) last, whichever the direction.
    const numeric = (column: Float32Array, dir: 1 | -1) => (a: number, b: number) => {
      const x = column[a]!;
      const y = column[b]!;
      if (x === y || (x !== x && y !== y)) return byAlpha(a, b);
      if (x !== x) return 1;
      if (y !== y) return -1;
      return (x - y) * dir;
    };
    let compare: (a: number, b: number) => number;
    switch (sort) {
      case 'relevance':
        compare = (a, b) => scoreOf(b) - scoreOf(a) || rank[b]! - rank[a]! || byAlpha(a, b);
        break;
      case 'newest':
        compare = (a, b) => created[b]! - created[a]! || byAlpha(a, b);
        break;
      case 'bpm_asc':
        compare = numeric(bpm, 1);
        break;
      case 'bpm_desc':
        compare = numeric(bpm, -1);
        break;
      case 'duration_asc':
        compare = numeric(duration, 1);
        break;
      case 'duration_desc':
        compare = numeric(duration, -1);
        break;
      default:
        compare = byAlpha;
    }
    return topN(slots, need, compare);
  }

  /**
   * The first `need` of the matches by relevance (score in `this.total`, then popularity, then the
   * alphabet: the same order as order()'s 'relevance'), without a comparison function: popularity and
   * the alphabet are one precomputed position per slot (`popularRank`), so a match is compared with
   * the worst kept one by two typed-array reads. A common word matches a hundred thousand products.
   */
  private bestByScore(slots: number[], need: number): number[] {
    const total = this.total;
    const popular = this.popularRank;
    const n = Math.min(need, slots.length);
    if (n <= 0) return [];
    // A max-heap of the worst first: heap[0] is the worst kept (lowest score, then highest position).
    const heap = new Int32Array(n);
    let size = 0;
    const worse = (a: number, b: number) =>
      total[a]! < total[b]! || (total[a] === total[b] && popular[a]! > popular[b]!);
    for (const slot of slots) {
      if (size < n) {
        let i = size++;
        while (i > 0) {
          const parent = (i - 1) >> 1;
          if (!worse(slot, heap[parent]!)) break;
          heap[i] = heap[parent]!;
          i = parent;
        }
        heap[i] = slot;
      } else if (worse(heap[0]!, slot)) {
        let i = 0;
        for (;;) {
          const l = 2 * i + 1;
          if (l >= n) break;
          const r = l + 1;
          const m = r < n && worse(heap[r]!, heap[l]!) ? r : l;
          if (!worse(heap[m]!, slot)) break;
          heap[i] = heap[m]!;
          i = m;
        }
        heap[i] = slot;
      }
    }
    return Array.from(heap).sort((a, b) => total[b]! - total[a]! || popular[a]! - popular[b]!);
  }

  /** Lazily rebuilt lookups: the alphabetic order, the sorted word list, typo neighbourhoods, buffers. */
  private prepare(): void {
    if (this.alphaDirty) {
      const keys = this.docs.map((doc) =>
        doc ? `${foldText(doc.title)}\u0000${foldText(doc.artist.name)}\u0000${doc.id}` : '',
      );
      const order = [...keys.keys()].filter((slot) => this.docs[slot]).sort((a, b) => (keys[a]! < keys[b]! ? -1 : 1));
      this.alphaRank = new Int32Array(this.docs.length);
      order.forEach((slot, position) => (this.alphaRank[slot] = position));
      // Relevance's tie-break: popularity, then the alphabet, as one position per slot.
      const rank = this.columns.rank;
      order.sort((a, b) => rank[b]! - rank[a]! || this.alphaRank[a]! - this.alphaRank[b]!);
      this.popularRank = new Int32Array(this.docs.length);
      order.forEach((slot, position) => (this.popularRank[slot] = position));
      this.alphaDirty = false;
    }
    if (this.wordsDirty) {
      this.sortedWords = [...this.postings.keys()].sort();
      this.deletionMap = new Map();
      for (const word of this.sortedWords) {
        if (word.length < 3 || /^\d+$/.test(word)) continue;
        for (const d of deletions(word)) {
          const list = this.deletionMap.get(d);
          if (list) list.push(word);
          else this.deletionMap.set(d, [word]);
        }
      }
      this.wordsDirty = false;
    }
    this.ensureScratch();
  }

  private ensureScratch(): void {
    if (this.scratch.length >= this.docs.length) return;
    const size = Math.max(1024, Math.ceil(this.docs.length * 1.25));
    this.scratch = new Float32Array(size);
    this.total = new Float32Array(size);
    this.cover = new Uint8Array(size);
  }
}

/** The words of a product with the best field weight each appears in. */
function weightedWords(doc: SearchDoc): Map<string, number> {
  const out = new Map<string, number>();
  const add = (text: string, weight: number) => {
    for (const w of words(text)) if ((out.get(w) ?? 0) < weight) out.set(w, weight);
  };
  add(doc.title, FIELD_WEIGHTS.title);
  add(doc.artist.name, FIELD_WEIGHTS.artist);
  for (const r of doc.subgenres) add(r.name, FIELD_WEIGHTS.subgenre);
  for (const r of doc.genres) add(r.name, FIELD_WEIGHTS.genre);
  for (const r of doc.categories) add(r.name, FIELD_WEIGHTS.category);
  for (const r of doc.moods) add(r.name, FIELD_WEIGHTS.mood);
  for (const i of doc.instruments) add(i, FIELD_WEIGHTS.instrument);
  for (const r of doc.tags) add(r.name, FIELD_WEIGHTS.tag);
  for (const k of doc.keywords) add(k, FIELD_WEIGHTS.keyword);
  add(doc.description, FIELD_WEIGHTS.description);
  return out;
}

/** The prompt as matched when a word was only found through a typo (shown as "did you mean"), else null. */
function correction(terms: QueryTerm[], expanded: Expansion[][]): string | null {
  let corrected = false;
  const out = terms.map((term, i) => {
    const expansions = expanded[i]!;
    const typo = expansions.find((e) => e.factor <= MATCH.typo1);
    if (!typo || expansions.some((e) => e.factor > MATCH.typo1)) return term.word;
    corrected = true;
    return typo.word;
  });
  return corrected ? out.join(' ') : null;
}

/**
 * The k-th largest of `values` (1-based; k ≤ length), by selection (Hoare's partition on a copy the
 * caller gives away): linear on average, where sorting a hundred thousand scores is not.
 */
export function kthLargest(values: Float32Array, k: number): number {
  let lo = 0;
  let hi = values.length - 1;
  const target = k - 1; // position in descending order
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! > pivot) i++;
      while (values[j]! < pivot) j--;
      if (i <= j) {
        const t = values[i]!;
        values[i++] = values[j]!;
        values[j--] = t;
      }
    }
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else return values[target]!;
  }
  return values[target]!;
}

/** The first `n` of `items` in order, without sorting all of them when n is small. */
export function topN(items: number[], n: number, compare: (a: number, b: number) => number): number[] {
  if (items.length <= n || items.length < 2000) return items.sort(compare).slice(0, n);
  // A bounded max-heap of the best n so far: O(items · log n).
  const heap: number[] = [];
  const worse = (i: number, j: number) => compare(heap[i]!, heap[j]!) > 0;
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j]!, heap[i]!]);
  for (const item of items) {
    if (heap.length < n) {
      heap.push(item);
      for (let i = heap.length - 1; i > 0;) {
        const parent = (i - 1) >> 1;
        if (!worse(i, parent)) break;
        swap(i, parent);
        i = parent;
      }
    } else if (compare(item, heap[0]!) < 0) {
      heap[0] = item;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let top = i;
        if (l < heap.length && worse(l, top)) top = l;
        if (r < heap.length && worse(r, top)) top = r;
        if (top === i) break;
        swap(i, top);
        i = top;
      }
    }
  }
  return heap.sort(compare);
}

/** The words of a typed prompt as index terms; the last one is being typed unless the prompt ends in a space. */
export function promptTerms(prompt: string, alternativesOf: (word: string) => string[] = () => []): QueryTerm[] {
  const list = queryWords(prompt);
  const typing = !/\s$/.test(prompt);
  return list.map((word, i) => ({
    word,
    alternatives: alternativesOf(word),
    prefix: typing && i === list.length - 1,
  }));
}
