import { beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedEmbeddings } from '../../../providers/embeddings/embedded-engine';
import type { SearchDoc, SearchFilters } from '../search.types';
import { DOCS, TAXONOMY } from './dev-set.fixture';
import { embeddingText } from './document-text';
import { readIntent } from './intent';
import { closestWords, scoreHit } from './rank';
import { normPhrase, tokenize } from './text';
import { STOP_WORDS_EN, STOP_WORDS_PL } from './vocabulary';
import { VectorIndex } from './vector-index';

/**
 * The AI engine end to end on its own development set (decision 059), the way the search service uses
 * it: intent → hard filters, the remainder and the soft wishes' words embedded, the vector index's
 * candidates scored by scoreHit. Only this synthetic set is used here, never bench/search-quality.
 */

const engine = createEmbeddedEmbeddings();
const index = new VectorIndex();
let vectors: Float32Array[] = [];

beforeAll(async () => {
  vectors = await engine.embed(DOCS.map(embeddingText), { kind: 'document' });
  vectors.forEach((v, i) => index.set(i, v));
});

function passes(doc: SearchDoc, f: Partial<SearchFilters>): boolean {
  const any = (refs: { id: string }[], ids?: string[]) => !ids || refs.some((r) => ids.includes(r.id));
  const within = (v: number | null, r?: { from?: number; to?: number }) =>
    !r || (v !== null && (r.from === undefined || v >= r.from) && (r.to === undefined || v <= r.to));
  return (
    (!f.type || doc.type === f.type) &&
    any(doc.genres, f.genres) &&
    any(doc.subgenres, f.subGenres) &&
    any(doc.categories, f.categories) &&
    (f.vocal === undefined || doc.vocal === f.vocal) &&
    within(doc.bpm, f.bpm) &&
    within(doc.duration, f.duration)
  );
}

async function search(prompt: string, ignore: string[] = []) {
  const intent = readIntent(prompt, TAXONOMY, new Set(ignore));
  const meaning = [intent.remainder, ...intent.wishes.flatMap((w) => w.words ?? [])].join(' ').trim();
  const [query] = meaning ? await engine.embed([meaning], { kind: 'query' }) : [null];
  const similarity = new Map(
    query ? index.topK(query, 100, (i) => passes(DOCS[i]!, intent.filters)).map((h) => [h.docIndex, h.score]) : [],
  );
  const ranked = DOCS.map((doc, i) => ({ i, doc, ...scoreHit(doc, intent, similarity.get(i) ?? 0) }))
    .filter((r) => passes(r.doc, intent.filters) && (r.score > 0 || !query))
    .sort((a, b) => b.score - a.score);
  return {
    intent,
    ids: ranked.map((r) => r.doc.id),
    hits: ranked.map((r) => ({
      id: r.doc.id,
      chips: r.chips,
      closest: closestWords(engine, query ?? null, r.doc, meaning, vectors[r.i]),
    })),
  };
}

/** The development prompts with the products that answer them (graded 2 = ideal, 1 = fits). */
const DEV: [string, Record<string, number>][] = [
  ['relaxing piano', { 'calm-piano': 2, lofi: 1, 'sad-score': 1, 'inspiring-piano': 1, lullaby: 1 }],
  ['upbeat', { 'house-happy': 2, surf: 2, corporate: 2, 'dnb-fast': 1, 'dnb-vocal': 1, 'acoustic-pop': 1, playful: 1 }],
  ['spokojna muzyka z pianinem do reklamy', { 'calm-piano': 2, 'inspiring-piano': 2, 'sad-score': 1, lofi: 1 }],
  ['serene ambient for meditation', { 'calm-piano': 2, lullaby: 1, lofi: 1 }],
  ['cheerful tune for kids', { playful: 2, lullaby: 1, muertos: 1 }],
  ['wesoła muzyka dla dzieci', { playful: 2, lullaby: 1, muertos: 1 }],
  ['smutna muzyka filmowa', { 'sad-score': 2 }],
  ['melancholic strings', { 'sad-score': 2, 'epic-trailer': 1 }],
  ['gitara akustyczna na wycieczkę', { 'acoustic-pop': 2, 'folk-calm': 2, bossa: 1 }],
  ['calm acoustic guitar for a travel vlog', { 'folk-calm': 2, 'acoustic-pop': 2, bossa: 1 }],
  ['beach party', { 'house-happy': 2, surf: 2 }],
  ['dark club music', { 'techno-dark': 2, trap: 1 }],
  ['romantic brazilian guitar', { bossa: 2 }],
  ['energetic breakbeat', { 'dnb-fast': 2, 'dnb-vocal': 2 }],
  ['muzyka do nauki', { lofi: 2, 'calm-piano': 2 }],
  ['mroczna i napięta', { 'techno-dark': 2, 'epic-trailer': 1, trap: 1 }],
  ['inspiring corporate presentation', { corporate: 2, 'inspiring-piano': 2 }],
  ['heroic orchestral trailer', { 'epic-trailer': 2 }],
  ['sleepy music box for babies', { lullaby: 2 }],
  ['festive mexican trumpets', { muertos: 2 }],
];

/** A plain keyword baseline measured beside: products ranked by how many prompt words their text has. */
function keywordSearch(prompt: string): string[] {
  const words = tokenize(prompt)
    .map((t) => t.norm)
    .filter((w) => !STOP_WORDS_EN.has(w) && !STOP_WORDS_PL.has(w));
  return DOCS.map((doc) => {
    const text = ` ${normPhrase(embeddingText(doc))} `;
    return { id: doc.id, hits: words.filter((w) => text.includes(` ${w} `)).length };
  })
    .filter((r) => r.hits > 0)
    .sort((a, b) => b.hits - a.hits)
    .map((r) => r.id);
}

function ndcg(ranked: string[], gains: Record<string, number>, k = 5): number {
  const dcg = ranked.slice(0, k).reduce((s, id, i) => s + (gains[id] ?? 0) / Math.log2(i + 2), 0);
  const ideal = Object.values(gains)
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((s, g, i) => s + g / Math.log2(i + 2), 0);
  return ideal ? dcg / ideal : 0;
}

describe('AI search on the development set', () => {
  it('ranks calm and piano tracks above energetic ones for "relaxing piano"', async () => {
    const { ids, hits } = await search('relaxing piano');
    expect(ids[0]).toBe('calm-piano');
    const position = (id: string) => (ids.includes(id) ? ids.indexOf(id) : Infinity);
    for (const energetic of ['dnb-fast', 'dnb-vocal', 'surf', 'house-happy', 'trap']) {
      for (const calmOrPiano of ['calm-piano', 'lofi', 'inspiring-piano', 'sad-score']) {
        expect(position(calmOrPiano)).toBeLessThan(position(energetic));
      }
    }
    expect(hits[0]!.chips).toEqual(['mood:calm', 'instrument:piano']);
    expect(hits[0]!.closest.slice(0, 2)).toEqual(expect.arrayContaining(['Chill', 'piano']));
  });

  it('finds happy and energetic tracks for "upbeat"', async () => {
    const { ids } = await search('upbeat');
    for (const id of ids.slice(0, 4)) {
      expect(DOCS.find((d) => d.id === id)!.moods.some((m) => ['Happy', 'Energetic'].includes(m.name))).toBe(true);
    }
  });

  it('answers the Polish prompt with calm piano for an advert first', async () => {
    const { ids, intent } = await search('spokojna muzyka z pianinem do reklamy');
    expect(intent.chips.map((c) => c.label)).toEqual(['Spokojna', 'Pianino', 'Reklama']);
    expect(['calm-piano', 'inspiring-piano']).toContain(ids[0]);
  });

  it('filters by the hard chips and keeps only what satisfies all of them', async () => {
    const { ids, hits } = await search('fast drum and bass without vocals under two minutes');
    expect(ids).toEqual(['dnb-fast']);
    expect(hits[0]!.chips).toEqual(['tempo:fast', 'subgenre:dnb', 'vocal:no', 'duration:max-120']);
    // a removed chip stops filtering
    expect((await search('fast drum and bass without vocals under two minutes', ['duration:max-120'])).ids).toEqual([
      'dnb-fast',
    ]);
    expect((await search('fast drum and bass', [])).ids.sort()).toEqual(['dnb-fast', 'dnb-vocal']);
    const vocalAllowed = await search('drum and bass under two minutes', ['subgenre:dnb']);
    expect(vocalAllowed.ids[0]).toBe('dnb-fast');
  });

  it('ignores unknown words and odd input', async () => {
    expect((await search('zxqv blorf piano')).ids[0]).toBe((await search('piano')).ids[0]);
    expect((await search('<script>relaxing</script> piano; DROP TABLE')).ids[0]).toBe('calm-piano');
    // nothing known to mean anything: no answer rather than an arbitrary one
    expect((await search('zxqv blorf')).ids).toEqual([]);
  });

  it('reaches the development quality bar (nDCG@5, printed for decision 059)', async () => {
    const scores: number[] = [];
    const baseline: number[] = [];
    for (const [prompt, gains] of DEV) {
      const { ids } = await search(prompt);
      const score = ndcg(ids, gains);
      scores.push(score);
      baseline.push(ndcg(keywordSearch(prompt), gains));
      expect(gains[ids[0]!], `${prompt}: first is ${ids[0]}`).toBeGreaterThan(0);
    }
    const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const mean = avg(scores);
    console.log(
      `AI dev set: ${DEV.length} prompts, nDCG@5 ${mean.toFixed(3)}; keyword baseline ${avg(baseline).toFixed(3)}`,
    );
    expect(mean).toBeGreaterThan(0.8);
  });
});
