import { describe, expect, it } from 'vitest';
import { promptTerms, SearchIndex, type IndexQuery } from './search-index';
import type { SearchDoc, SearchFilters } from './search.types';

const ref = (name: string) => ({ id: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), name });

let seq = 0;
function doc(partial: Partial<SearchDoc> & { id: string; title: string }): SearchDoc {
  return {
    type: 'music',
    artist: ref('Some Artist'),
    genres: [],
    subgenres: [],
    categories: [],
    moods: [],
    tags: [],
    instruments: [],
    keywords: [],
    description: '',
    bpm: 120,
    duration: 120,
    vocal: false,
    releaseYear: 2020,
    rank: 0,
    createdAt: 1_700_000_000_000,
    seq: ++seq,
    ...partial,
  };
}

/** A small catalogue where each field, filter and sort has products in and out. */
function catalogue(): SearchIndex {
  const index = new SearchIndex();
  index.setTaxonomy(
    new Map([
      ['drum-and-bass', 'electronic'],
      ['house', 'electronic'],
      ['dia-de-muertos', 'musica-latina'],
      ['acoustic-pop', 'pop'],
    ]),
    new Map([
      ['electronic', 'Electronic'],
      ['musica-latina', 'Música Latina'],
      ['pop', 'Pop'],
    ]),
  );
  index.upsert(
    doc({
      id: 'piano-dreams',
      title: 'Piano Dreams',
      artist: ref('Ivy Moss'),
      genres: [ref('Pop')],
      subgenres: [ref('Acoustic Pop')],
      moods: [ref('Peaceful')],
      instruments: ['piano'],
      bpm: 80,
      duration: 95,
      rank: 10,
      createdAt: 1_700_000_000_000,
    }),
  );
  index.upsert(
    doc({
      id: 'city-lights',
      title: 'City Lights',
      artist: ref('Nova Lane'),
      genres: [ref('Electronic')],
      subgenres: [ref('House')],
      moods: [ref('Energetic')],
      tags: [ref('piano')], // a tag hit: ranks below a title hit
      instruments: ['synth bass'],
      bpm: 124,
      duration: 180,
      vocal: true,
      rank: 50,
      createdAt: 1_710_000_000_000,
    }),
  );
  index.upsert(
    doc({
      id: 'calaveras',
      title: 'Calaveras',
      artist: ref('Los Hermanos'),
      genres: [ref('Música Latina')],
      subgenres: [ref('Día de Muertos')],
      moods: [ref('Playful')],
      instruments: ['trumpet', 'acoustic guitar'],
      description: 'A festive mariachi piece with trumpets and guitars.',
      bpm: 140,
      duration: 60,
      rank: 5,
      createdAt: 1_690_000_000_000,
    }),
  );
  index.upsert(
    doc({
      id: 'breakneck',
      title: 'Breakneck',
      artist: ref('Sub Unit'),
      genres: [ref('Electronic')],
      subgenres: [ref('Drum & Bass')],
      moods: [ref('Energetic')],
      bpm: 174,
      duration: 110,
      rank: 30,
      createdAt: 1_720_000_000_000,
    }),
  );
  index.upsert(
    doc({
      id: 'whoosh',
      type: 'sfx',
      title: 'Whoosh Piano Swipe',
      artist: ref('Foley Co'),
      categories: [ref('Whooshes')],
      bpm: null,
      duration: 2,
    }),
  );
  return index;
}

const music: SearchFilters = { type: 'music' };
const run = (index: SearchIndex, prompt: string, extra: Partial<IndexQuery> = {}) =>
  index.query({
    terms: promptTerms(prompt),
    filters: music,
    sort: prompt.trim() ? 'relevance' : 'alphabetic',
    skip: 0,
    limit: 30,
    ...extra,
  });
const ids = (index: SearchIndex, slots: number[]) => slots.map((s) => index.doc(s)!.id);

describe('search index: matching', () => {
  it('weights a title hit above a tag hit and keeps the type apart', () => {
    const index = catalogue();
    const r = run(index, 'piano ');
    expect(ids(index, r.page)).toEqual(['piano-dreams', 'city-lights']);
    expect(r.count).toBe(2);
    const sfx = run(index, 'piano ', { filters: { type: 'sfx' } });
    expect(ids(index, sfx.page)).toEqual(['whoosh']);
  });

  it('matches the word being typed as a prefix, but not a finished word', () => {
    const index = catalogue();
    expect(ids(index, run(index, 'calav').page)).toEqual(['calaveras']);
    expect(run(index, 'calav ').count).toBe(0);
  });

  it('forgives typos and missing diacritics, and says what it understood', () => {
    const index = catalogue();
    const typo = run(index, 'pianno ');
    expect(ids(index, typo.page)).toEqual(['piano-dreams', 'city-lights']);
    expect(typo.corrected).toBe('piano');
    expect(ids(index, run(index, 'dia de muertos ').page)).toEqual(['calaveras']);
    expect(ids(index, run(index, 'MÚSICA latina ').page)).toEqual(['calaveras']);
    expect(ids(index, run(index, 'trumpts ').page)).toEqual(['calaveras']);
    expect(run(index, 'dia de muertos ').corrected).toBeNull();
  });

  it('needs every word when some product has them all, else the most', () => {
    const index = catalogue();
    expect(ids(index, run(index, 'energetic drum bass ').page)).toEqual(['breakneck']);
    // No product is "energetic mariachi piano": the ones with two of the three words remain.
    expect(ids(index, run(index, 'energetic piano zzzz ').page).sort()).toEqual(['city-lights']);
  });

  it('scores every product with at least `minWords` of the words for AI search', () => {
    const index = catalogue();
    const terms = promptTerms('energetic piano zzzz ');
    // the standard rule keeps only the products with the most words (at least half)…
    expect(ids(index, [...index.lexicalScores(terms, 'music', 10).keys()])).toEqual(['city-lights']);
    // …AI search takes any product with one of them (a title hit may outscore two tag hits)
    const any = ids(index, [...index.lexicalScores(terms, 'music', 10, 1).keys()]);
    expect(any).toEqual(expect.arrayContaining(['city-lights', 'piano-dreams']));
    expect(index.lexicalScores(promptTerms('zzzz '), 'music', 10, 1).size).toBe(0);
    expect(index.hasWord('piano')).toBe(true);
    expect(index.hasWord('zzzz')).toBe(false);
  });

  it('translates through alternatives (e.g. Polish words)', () => {
    const index = catalogue();
    const terms = promptTerms('gitara ', (w) => (w === 'gitara' ? ['guitar'] : []));
    const r = index.query({ terms, filters: music, sort: 'relevance', skip: 0, limit: 30 });
    expect(ids(index, r.page)).toEqual(['calaveras']);
  });

  it('treats markup, SQL and long prompts as plain words', () => {
    const index = catalogue();
    expect(run(index, "<script>alert('x')</script> ").count).toBe(0);
    expect(run(index, "'; DROP TABLE products; -- ").count).toBe(0);
    expect(() => run(index, 'piano '.repeat(2000))).not.toThrow();
  });
});

describe('search index: filters, facets, sorts, pages', () => {
  it('filters like the catalogue: a genre covers its subgenres, ranges are inclusive', () => {
    const index = catalogue();
    const q = (filters: Partial<SearchFilters>) =>
      ids(index, run(index, '', { filters: { ...music, ...filters } }).page);
    expect(q({ genres: ['electronic'] })).toEqual(['breakneck', 'city-lights']);
    expect(q({ genres: ['electronic'], subGenres: ['house'] })).toEqual(['city-lights']);
    expect(q({ subGenres: ['house'], genres: ['pop'] })).toEqual([]);
    expect(q({ bpm: { from: 124, to: 174 } })).toEqual(['breakneck', 'calaveras', 'city-lights']);
    expect(q({ duration: { to: 95 } })).toEqual(['calaveras', 'piano-dreams']);
    expect(q({ vocal: true })).toEqual(['city-lights']);
    expect(q({ vocal: false, moods: ['energetic'] })).toEqual(['breakneck']);
    expect(q({ artists: ['ivy-moss'] })).toEqual(['piano-dreams']);
    expect(q({ releaseYear: { from: 2021 } })).toEqual([]);
    expect(q({ genres: ['no-such-genre'] })).toEqual([]);
  });

  it('counts facets over the other filters, so a choice shows what it would leave', () => {
    const index = catalogue();
    const r = run(index, '', { filters: { ...music, genres: ['electronic'], moods: ['energetic'] } });
    expect(r.count).toBe(2);
    // Genres ignore the genre filter (but keep the mood filter): both electronic tracks are energetic.
    expect(r.facets.genres).toEqual([{ id: 'electronic', name: 'Electronic', count: 2 }]);
    // Moods ignore the mood filter (but keep the genre filter).
    expect(r.facets.moods).toEqual([{ id: 'energetic', name: 'Energetic', count: 2 }]);
    expect(r.facets.vocal).toEqual({ vocal: 1, instrumental: 1 });
    const none = run(index, '', { filters: { ...music, moods: ['missing'] } });
    expect(none.facets.moods).toContainEqual({ id: 'missing', name: 'missing', count: 0 });
  });

  it('sorts alphabetically by default, and by newest, tempo and length both ways', () => {
    const index = catalogue();
    const sorted = (sort: IndexQuery['sort']) => ids(index, run(index, '', { sort }).page);
    expect(sorted('alphabetic')).toEqual(['breakneck', 'calaveras', 'city-lights', 'piano-dreams']);
    expect(sorted('newest')).toEqual(['breakneck', 'city-lights', 'piano-dreams', 'calaveras']);
    expect(sorted('bpm_asc')).toEqual(['piano-dreams', 'city-lights', 'calaveras', 'breakneck']);
    expect(sorted('bpm_desc')).toEqual(['breakneck', 'calaveras', 'city-lights', 'piano-dreams']);
    expect(sorted('duration_asc')).toEqual(['calaveras', 'piano-dreams', 'breakneck', 'city-lights']);
    expect(sorted('duration_desc')[0]).toBe('city-lights');
  });

  it('pages without overlap, large sets through the bounded selection too', () => {
    const index = new SearchIndex();
    for (let i = 0; i < 5000; i++) {
      index.upsert(doc({ id: `t${i}`, title: `Track ${String(i).padStart(4, '0')}`, bpm: i % 200, rank: i % 7 }));
    }
    const seen: string[] = [];
    for (let skip = 0; skip < 90; skip += 30) {
      seen.push(...ids(index, run(index, '', { skip, limit: 30, sort: 'bpm_desc' }).page));
    }
    expect(new Set(seen).size).toBe(90);
    expect(seen[0]).toBe('t199'); // bpm 199, and of those the alphabetically first ("Track 0199")
    const all = run(index, '', { sort: 'alphabetic' });
    expect(all.count).toBe(5000);
    expect(ids(index, all.page)[0]).toBe('t0');
  });
});

describe('search index: following the catalogue', () => {
  it('replaces a changed product and forgets a removed one', () => {
    const index = catalogue();
    index.upsert(doc({ id: 'breakneck', title: 'Slow Motion', moods: [ref('Peaceful')] }));
    expect(run(index, 'breakneck ').count).toBe(0);
    expect(ids(index, run(index, 'slow motion ').page)).toEqual(['breakneck']);
    index.remove('calaveras');
    expect(run(index, 'calaveras ').count).toBe(0);
    expect(index.size).toBe(4);
    const compact = index.compacted();
    expect(compact.garbage).toBe(0);
    expect(ids(compact, run(compact, 'slow ').page)).toEqual(['breakneck']);
  });
});
