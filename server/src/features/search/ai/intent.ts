import type { NumberRange, SearchChip, SearchChipValue } from '@cuewave/contract/search';
import type { Intent, SearchFilters, SearchTaxonomy } from '../search.types';
import { quantityAt, type QuantityHit } from './quantities';
import { indexTaxonomy, taxaOf, type Taxon, type TaxonomyIndex } from './taxonomy-match';
import { POLISH_LETTERS, tokenize, type Token } from './text';
import {
  ENGLISH_MARKERS,
  POLISH_MARKERS,
  STOP_WORDS_EN,
  STOP_WORDS_PL,
  VOCABULARY,
  lookup,
  type Concept,
} from './vocabulary';

/**
 * The intent reader of AI search (decision 059): words that mean filters become chips. Hard chips
 * (type, genre/subgenre/category, vocal, tempo, duration) filter; soft chips (moods, instruments, uses)
 * only rank. Total on any input: a prompt is read word by word, at most MAX_TOKENS of them.
 */

const MAX_TOKENS = 400;
/** Words that make a prompt about sound effects without being a chip of their own. */
const SFX_CONTEXT = new Set([
  'sound',
  'sounds',
  'noise',
  'noises',
  'effect',
  'effects',
  'dzwiek',
  'dzwieki',
  'odglosy',
]);

type Lang = 'en' | 'pl';
type Hit =
  | { start: number; end: number; what: 'concepts'; concepts: Concept[]; taxa: Taxon[]; lang: 'en' | 'pl' | 'both' }
  | { start: number; end: number; what: 'taxa'; taxa: Taxon[] }
  | { start: number; end: number; what: 'quantity'; q: QuantityHit };

type Draft = {
  chip: SearchChip;
  hard: boolean;
  tokens: number[];
  filters?: Partial<SearchFilters>;
  wish?: { moods?: string[]; words?: string[] };
};

export function readIntent(prompt: string, taxonomy: SearchTaxonomy, ignore: ReadonlySet<string>): Intent {
  const text = typeof prompt === 'string' ? prompt : '';
  const tokens = tokenize(text, MAX_TOKENS);
  const index = indexTaxonomy(taxonomy);
  const hits = scan(tokens, text, index);
  const language = detectLanguage(text, tokens, hits);
  const sfxContext =
    tokens.some((t) => SFX_CONTEXT.has(t.norm)) ||
    hits.some((h) => h.what === 'concepts' && h.concepts.some((c) => c.kind === 'type'));

  const drafts: Draft[] = [];
  for (const hit of hits) drafts.push(...draftsOf(hit, tokens, text, index, language, sfxContext));

  // one chip per id (the same concept said twice merges its words); the first tempo, duration, vocal wins
  const chips: SearchChip[] = [];
  const filters: Partial<SearchFilters> = {};
  const wishes: Intent['wishes'] = [];
  const consumed = new Set<number>();
  const seen = new Map<string, SearchChip>();
  const taken = new Set<string>();
  for (const d of drafts) {
    if (ignore.has(d.chip.id)) continue;
    const prior = seen.get(d.chip.id);
    if (prior) {
      if (!prior.words.includes(d.chip.words)) prior.words = `${prior.words} ${d.chip.words}`;
      if (d.hard) d.tokens.forEach((t) => consumed.add(t));
      continue;
    }
    const slot = d.chip.kind === 'vocal' || d.chip.kind === 'instrumental' ? 'vocal' : d.chip.kind;
    if ((slot === 'tempo' || slot === 'duration' || slot === 'vocal') && taken.has(slot)) continue;
    taken.add(slot);
    seen.set(d.chip.id, d.chip);
    chips.push(d.chip);
    if (d.filters) merge(filters, d.filters);
    if (d.wish) wishes.push({ chipId: d.chip.id, ...d.wish });
    // hard chips are satisfied by the filter: their words leave the meaning; soft chips' words stay,
    // so "relaxing piano" also ranks by how close each product is to relaxing and to piano
    if (d.hard) d.tokens.forEach((t) => consumed.add(t));
  }

  // a stop word inside a known phrase stays ("drum and bass", "r&b", "bez wokalu" when its chip is ignored)
  const inPhrase = new Set<number>();
  for (const h of hits) if (h.what !== 'quantity') for (let k = h.start; k < h.end; k++) inPhrase.add(k);
  const remainder = tokens
    .filter(
      (t, i) => !consumed.has(i) && (inPhrase.has(i) || (!STOP_WORDS_EN.has(t.norm) && !STOP_WORDS_PL.has(t.norm))),
    )
    .map((t) => t.raw.toLowerCase())
    .join(' ');
  return { language, chips, filters, wishes, remainder };
}

function merge(into: Partial<SearchFilters>, add: Partial<SearchFilters>) {
  for (const key of ['genres', 'subGenres', 'categories', 'moods'] as const) {
    const ids = add[key];
    if (ids) into[key] = [...new Set([...(into[key] ?? []), ...ids])];
  }
  if (add.type) into.type = add.type;
  if (add.vocal !== undefined) into.vocal = add.vocal;
  if (add.bpm) into.bpm = add.bpm;
  if (add.duration) into.duration = add.duration;
}

/** Longest match first at each position: numbers, vocabulary phrases, catalogue names. */
function scan(tokens: Token[], text: string, index: TaxonomyIndex): Hit[] {
  const hits: Hit[] = [];
  const longest = Math.max(VOCABULARY.maxPhrase, index.maxPhrase);
  let i = 0;
  while (i < tokens.length) {
    const q = quantityAt(tokens, i, text);
    if (q) {
      hits.push({ start: q.start, end: q.end, what: 'quantity', q });
      i = q.end;
      continue;
    }
    let matched = false;
    for (let len = Math.min(longest, tokens.length - i); len >= 1 && !matched; len--) {
      const phrase = tokens
        .slice(i, i + len)
        .map((t) => t.norm)
        .join(' ');
      const entry = len <= VOCABULARY.maxPhrase ? lookup(phrase) : undefined;
      const taxa = index.byName.get(phrase) ?? [];
      if (entry) {
        hits.push({ start: i, end: i + len, what: 'concepts', concepts: entry.concepts, taxa, lang: entry.lang });
        matched = true;
      } else if (taxa.length) {
        hits.push({ start: i, end: i + len, what: 'taxa', taxa });
        matched = true;
      }
      if (matched) i += len;
    }
    if (!matched) i += 1;
  }
  return hits;
}

function detectLanguage(text: string, tokens: Token[], hits: Hit[]): Lang {
  if (POLISH_LETTERS.test(text)) return 'pl';
  let pl = 0;
  let en = 0;
  for (const t of tokens) {
    if (POLISH_MARKERS.has(t.norm)) pl += 1;
    if (ENGLISH_MARKERS.has(t.norm)) en += 1;
  }
  for (const h of hits) {
    if (h.what !== 'concepts') continue;
    if (h.lang === 'pl') pl += 2;
    if (h.lang === 'en') en += 2;
  }
  return pl > en ? 'pl' : 'en';
}

function range(lang: Lang, unit: 'bpm' | 'seconds', r: NumberRange): string {
  const f = (v: number) => (unit === 'bpm' ? String(v) : clock(v));
  const u = unit === 'bpm' ? ' BPM' : '';
  if (r.from !== undefined && r.to !== undefined) return `${f(r.from)}–${f(r.to)}${u}`;
  if (r.from !== undefined)
    return unit === 'bpm' ? `${f(r.from)}+${u}` : `${lang === 'pl' ? 'ponad' : 'over'} ${f(r.from)}`;
  return `${lang === 'pl' ? 'do' : 'up to'} ${f(r.to ?? 0)}${u}`;
}

function clock(seconds: number): string {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * What a chip stands for, beside its label in the prompt's language: clients label it in their reader's
 * language from this (decision 059). Ranges are copied, so a chip never shares an object with the filters.
 */
function valueOf(v: Partial<SearchChipValue>): SearchChipValue {
  return {
    concept: v.concept ?? null,
    names: v.names ?? [],
    bpm: v.bpm ? { ...v.bpm } : null,
    seconds: v.seconds ? { ...v.seconds } : null,
  };
}

function rangeId(r: NumberRange): string {
  if (r.from !== undefined && r.to !== undefined) return `${r.from}-${r.to}`;
  if (r.from !== undefined) return `min-${r.from}`;
  return `max-${r.to ?? 0}`;
}

function wordsOf(tokens: Token[], text: string, start: number, end: number): string {
  const first = tokens[start];
  const last = tokens[end - 1];
  return first && last ? text.slice(first.start, last.end) : '';
}

function slug(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function taxonFilters(taxa: Taxon[]): Partial<SearchFilters> {
  const ids = (level: Taxon['level']) => taxa.filter((t) => t.level === level).map((t) => t.id);
  const f: Partial<SearchFilters> = {};
  if (ids('genre').length) f.genres = ids('genre');
  if (ids('subgenre').length) f.subGenres = ids('subgenre');
  if (ids('category').length) {
    f.categories = ids('category');
    f.type = 'sfx';
  }
  return f;
}

function draftsOf(
  hit: Hit,
  tokens: Token[],
  text: string,
  index: TaxonomyIndex,
  lang: Lang,
  sfxContext: boolean,
): Draft[] {
  const span = Array.from({ length: hit.end - hit.start }, (_, k) => hit.start + k);
  const words = wordsOf(tokens, text, hit.start, hit.end);

  if (hit.what === 'quantity') {
    const { q } = hit;
    if (q.unit === 'bpm') {
      const id = `tempo:${rangeId(q.range)}`;
      const label = `Tempo: ${range(lang, 'bpm', q.range)}`;
      const value = valueOf({ bpm: q.range });
      return [
        { chip: { id, kind: 'tempo', label, value, words }, hard: true, tokens: span, filters: { bpm: q.range } },
      ];
    }
    const id = `duration:${rangeId(q.range)}`;
    const head =
      q.kind === 'max'
        ? lang === 'pl'
          ? `Poniżej ${clock(q.range.to ?? 0)}`
          : `Under ${clock(q.range.to ?? 0)}`
        : q.kind === 'min'
          ? lang === 'pl'
            ? `Powyżej ${clock(q.range.from ?? 0)}`
            : `Over ${clock(q.range.from ?? 0)}`
          : `${lang === 'pl' ? 'Długość' : 'Length'} ${range(lang, 'seconds', q.range)}`;
    const value = valueOf({ seconds: q.range });
    return [
      {
        chip: { id, kind: 'duration', label: head, value, words },
        hard: true,
        tokens: span,
        filters: { duration: q.range },
      },
    ];
  }

  if (hit.what === 'taxa') return taxonDrafts(hit.taxa, span, words, sfxContext);

  const out: Draft[] = [];
  for (const c of hit.concepts) {
    const label = c.label[lang];
    switch (c.kind) {
      case 'type':
        out.push({
          chip: { id: `type:${c.key}`, kind: 'type', label, value: valueOf({ concept: c.key }), words },
          hard: true,
          tokens: span,
          filters: { type: 'sfx' },
        });
        break;
      case 'genre': {
        const taxa = taxaOf(index, c);
        if (!taxa.length) break;
        const kind = taxa[0]?.level === 'subgenre' ? 'subgenre' : 'genre';
        out.push({
          chip: {
            id: `${kind}:${c.key}`,
            kind,
            label: taxa.map((t) => t.name).join(', '),
            value: valueOf({ concept: c.key, names: taxa.map((t) => t.name) }),
            words,
          },
          hard: true,
          tokens: span,
          filters: taxonFilters(taxa),
        });
        break;
      }
      case 'mood': {
        const moods = taxaOf(index, c).map((t) => t.id);
        out.push({
          chip: { id: `mood:${c.key}`, kind: 'mood', label, value: valueOf({ concept: c.key }), words },
          hard: false,
          tokens: span,
          wish: { moods, words: englishWords(c) },
        });
        break;
      }
      case 'instrument':
      case 'use':
        out.push({
          chip: { id: `${c.kind}:${c.key}`, kind: c.kind, label, value: valueOf({ concept: c.key }), words },
          hard: false,
          tokens: span,
          wish: { words: englishWords(c) },
        });
        break;
      case 'tempo':
        if (!c.bpm) break;
        out.push({
          chip: {
            id: `tempo:${c.key}`,
            kind: 'tempo',
            label: `${label}: ${range(lang, 'bpm', c.bpm)}`,
            value: valueOf({ concept: c.key, bpm: c.bpm }),
            words,
          },
          hard: true,
          tokens: span,
          filters: { bpm: c.bpm },
        });
        break;
      case 'duration':
        if (!c.seconds) break;
        out.push({
          chip: {
            id: `duration:${c.key}`,
            kind: 'duration',
            label: `${label}: ${range(lang, 'seconds', c.seconds)}`,
            value: valueOf({ concept: c.key, seconds: c.seconds }),
            words,
          },
          hard: true,
          tokens: span,
          filters: { duration: c.seconds },
        });
        break;
      case 'instrumental':
        out.push({
          chip: { id: 'vocal:no', kind: 'instrumental', label, value: valueOf({ concept: c.key }), words },
          hard: true,
          tokens: span,
          filters: { vocal: false },
        });
        break;
      case 'vocal':
        out.push({
          chip: { id: 'vocal:yes', kind: 'vocal', label, value: valueOf({ concept: c.key }), words },
          hard: true,
          tokens: span,
          filters: { vocal: true },
        });
        break;
      case 'sfx':
      case 'theme': {
        if (c.kind === 'theme' && !sfxContext) break;
        if (c.sfxContextOnly && !sfxContext) break;
        const taxa = taxaOf(index, c);
        if (!taxa.length) break;
        out.push({
          chip: {
            id: `category:${c.key}`,
            kind: 'category',
            label: taxa.map((t) => t.name).join(', '),
            value: valueOf({ concept: c.key, names: taxa.map((t) => t.name) }),
            words,
          },
          hard: true,
          tokens: span,
          filters: taxonFilters(taxa),
        });
        break;
      }
    }
  }
  // a catalogue name the vocabulary knows under another meaning ("Playful" the mood and the subgenre)
  // stays with the vocabulary's reading; one it does not read at all still becomes a filter
  if (!out.length && hit.taxa.length) return taxonDrafts(hit.taxa, span, words, sfxContext);
  return out;
}

function taxonDrafts(taxa: Taxon[], span: number[], words: string, sfxContext: boolean): Draft[] {
  const moods = taxa.filter((t) => t.level === 'mood');
  // one level, as for concepts: a subgenre's exact name beats a genre's, a category needs an sfx prompt
  // unless no music entry has that name
  const level = (['subgenre', 'genre', 'category'] as const).find((l) => taxa.some((t) => t.level === l));
  const out: Draft[] = [];
  if (level && (level !== 'category' || sfxContext || !moods.length)) {
    const chosen = taxa.filter((t) => t.level === level);
    const first = chosen[0]!;
    out.push({
      chip: {
        id: `${level}:${slug(first.name)}`,
        kind: level,
        label: chosen.map((t) => t.name).join(', '),
        value: valueOf({ names: chosen.map((t) => t.name) }),
        words,
      },
      hard: true,
      tokens: span,
      filters: taxonFilters(chosen),
    });
  } else if (moods.length) {
    const first = moods[0]!;
    out.push({
      chip: {
        id: `mood:${slug(first.name)}`,
        kind: 'mood',
        label: first.name,
        value: valueOf({ names: [first.name] }),
        words,
      },
      hard: false,
      tokens: span,
      wish: { moods: moods.map((m) => m.id), words: [first.norm] },
    });
  }
  return out;
}

/** The English words a product's text is searched for when a soft chip ranks. */
function englishWords(c: Concept): string[] {
  return [...new Set([...c.enForms, ...(c.names ?? []).map((n) => n.toLowerCase())])];
}
