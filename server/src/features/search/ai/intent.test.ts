import { describe, expect, it } from 'vitest';
import type { SearchTaxonomy } from '../search.types';
import { TAXONOMY } from './dev-set.fixture';
import { readIntent } from './intent';

const read = (prompt: string, ignore: string[] = [], taxonomy: SearchTaxonomy = TAXONOMY) =>
  readIntent(prompt, taxonomy, new Set(ignore));
const ids = (prompt: string, ignore: string[] = []) => read(prompt, ignore).chips.map((c) => c.id);
const concept = (key: string) => ({ concept: key, names: [], bpm: null, seconds: null });

describe('readIntent', () => {
  it('reads a Polish prompt into a calm mood, a piano and an advertising use, labelled in Polish', () => {
    const intent = read('spokojna muzyka z pianinem do reklamy');
    expect(intent.language).toBe('pl');
    expect(intent.chips).toEqual([
      { id: 'mood:calm', kind: 'mood', label: 'Spokojna', value: concept('calm'), words: 'spokojna' },
      { id: 'instrument:piano', kind: 'instrument', label: 'Pianino', value: concept('piano'), words: 'pianinem' },
      { id: 'use:advertising', kind: 'use', label: 'Reklama', value: concept('advertising'), words: 'reklamy' },
    ]);
    // soft wishes rank, they do not filter
    expect(intent.filters).toEqual({});
    const calm = intent.wishes.find((w) => w.chipId === 'mood:calm')!;
    expect(calm.moods).toEqual(expect.arrayContaining(['id-chill', 'id-peaceful']));
    expect(intent.wishes.find((w) => w.chipId === 'instrument:piano')!.words).toContain('piano');
    expect(intent.wishes.find((w) => w.chipId === 'use:advertising')!.words).toContain('advertising');
    expect(intent.remainder).toBe('spokojna pianinem reklamy');
  });

  it('reads tempo, subgenre, no vocals and a length limit as hard filters', () => {
    const intent = read('fast drum and bass without vocals under two minutes');
    expect(intent.language).toBe('en');
    expect(intent.chips.map((c) => [c.id, c.kind, c.label, c.words])).toEqual([
      ['tempo:fast', 'tempo', 'Fast: 120+ BPM', 'fast'],
      ['subgenre:dnb', 'subgenre', 'Drum & Bass', 'drum and bass'],
      ['vocal:no', 'instrumental', 'Instrumental', 'without vocals'],
      ['duration:max-120', 'duration', 'Under 2:00', 'under two minutes'],
    ]);
    expect(intent.filters).toEqual({
      bpm: { from: 120 },
      subGenres: ['id-drum-bass'],
      vocal: false,
      duration: { to: 120 },
    });
    expect(intent.wishes).toEqual([]);
    expect(intent.remainder).toBe('');
  });

  it('drops an ignored chip and leaves its words to meaning', () => {
    const intent = read('fast drum and bass without vocals', ['subgenre:dnb']);
    expect(intent.chips.map((c) => c.id)).toEqual(['tempo:fast', 'vocal:no']);
    expect(intent.filters.subGenres).toBeUndefined();
    expect(intent.remainder).toBe('drum and bass');
    expect(read('spokojna muzyka z pianinem', ['mood:calm']).wishes.map((w) => w.chipId)).toEqual(['instrument:piano']);
  });

  it.each([
    ['dnb', 'subgenre:dnb'],
    ['d&b', 'subgenre:dnb'],
    ['drum n bass', 'subgenre:dnb'],
    ['Drum & Bass', 'subgenre:dnb'],
    ['dia de muertos', 'subgenre:mariachi'],
    ['Día de Muertos', 'subgenre:mariachi'],
    ['lo-fi hip hop', 'subgenre:lofi'],
    ['lofi', 'subgenre:lofi'],
    ['hip hop', 'genre:hiphop'],
    ['rap', 'genre:hiphop'],
    ['jazz', 'genre:jazz'],
    ['electronic', 'genre:electronic'],
    ['muzyka elektroniczna', 'genre:electronic'],
    ['boom bap', 'subgenre:boom-bap'],
    ['acoustic pop', 'subgenre:acoustic-pop'],
    ['bossa nova', 'subgenre:bossanova'],
    ['reggaeton', 'subgenre:reggaeton'],
  ])('reads "%s" as %s from the taxonomy', (prompt, chip) => {
    expect(ids(prompt)).toEqual([chip]);
  });

  it('matches any catalogue by its names, not only the demo taxonomy', () => {
    const taxonomy: SearchTaxonomy = {
      genres: [
        { id: 'g1', name: 'Metal', subgenres: [{ id: 's1', name: 'Doom Metal' }] },
        { id: 'g2', name: 'Latin & Tropical', subgenres: [{ id: 's2', name: 'Samba Enredo' }] },
      ],
      moods: [
        { id: 'm1', name: 'Relaxed' },
        { id: 'm2', name: 'Quirky' },
      ],
      categories: [{ id: 'c1', name: 'Door Slams' }],
    };
    const doom = read('doom metal', [], taxonomy);
    expect(doom.filters).toEqual({ subGenres: ['s1'] });
    expect(read('heavy metal riffs', [], taxonomy).filters).toEqual({ genres: ['g1'] });
    expect(read('latino party', [], taxonomy).filters).toEqual({ genres: ['g2'] });
    expect(read('samba enredo', [], taxonomy).filters).toEqual({ subGenres: ['s2'] });
    expect(read('relaxing', [], taxonomy).wishes[0]?.moods).toEqual(['m1']);
    expect(read('quirky', [], taxonomy).wishes[0]?.moods).toEqual(['m2']);
    expect(read('door slams sound effects', [], taxonomy).filters).toEqual({ categories: ['c1'], type: 'sfx' });
    // a genre the catalogue does not have is no filter: its words go to meaning
    const techno = read('techno', [], taxonomy);
    expect(techno.chips).toEqual([]);
    expect(techno.remainder).toBe('techno');
  });

  it.each([
    ['around 100 bpm', { bpm: { from: 95, to: 105 } }, 'tempo:95-105'],
    ['120-130 bpm', { bpm: { from: 120, to: 130 } }, 'tempo:120-130'],
    ['between 120 and 130 bpm', { bpm: { from: 120, to: 130 } }, 'tempo:120-130'],
    ['od 120 do 130 bpm', { bpm: { from: 120, to: 130 } }, 'tempo:120-130'],
    ['124 BPM', { bpm: { from: 119, to: 129 } }, 'tempo:119-129'],
    ['128bpm', { bpm: { from: 123, to: 133 } }, 'tempo:123-133'],
    ['over 140 bpm', { bpm: { from: 140 } }, 'tempo:min-140'],
    ['slow', { bpm: { to: 90 } }, 'tempo:slow'],
    ['wolna', { bpm: { to: 90 } }, 'tempo:slow'],
    ['bardzo szybka', { bpm: { from: 140 } }, 'tempo:veryfast'],
    ['mid-tempo', { bpm: { from: 90, to: 120 } }, 'tempo:midtempo'],
    ['under two minutes', { duration: { to: 120 } }, 'duration:max-120'],
    ['poniżej 2 minut', { duration: { to: 120 } }, 'duration:max-120'],
    ['do dwóch minut', { duration: { to: 120 } }, 'duration:max-120'],
    ['30 second', { duration: { from: 25, to: 35 } }, 'duration:25-35'],
    ['30 seconds', { duration: { from: 25, to: 35 } }, 'duration:25-35'],
    ['half a minute', { duration: { from: 25, to: 35 } }, 'duration:25-35'],
    ['pół minuty', { duration: { from: 25, to: 35 } }, 'duration:25-35'],
    ['less than 1.5 minutes', { duration: { to: 90 } }, 'duration:max-90'],
    ['under 2:30', { duration: { to: 150 } }, 'duration:max-150'],
    ['longer than 3 minutes', { duration: { from: 180 } }, 'duration:min-180'],
    ['krótki', { duration: { to: 60 } }, 'duration:short'],
    ['instrumental', { vocal: false }, 'vocal:no'],
    ['no vocals', { vocal: false }, 'vocal:no'],
    ['bez wokalu', { vocal: false }, 'vocal:no'],
    ['z wokalem', { vocal: true }, 'vocal:yes'],
    ['female vocals', { vocal: true }, 'vocal:yes'],
    ['sound effects', { type: 'sfx' }, 'type:sfx'],
    ['efekty dźwiękowe', { type: 'sfx' }, 'type:sfx'],
    ['whoosh', { categories: ['id-whooshes'], type: 'sfx' }, 'category:whoosh'],
    ['nature sounds', { categories: ['id-nature'], type: 'sfx' }, 'category:nature'],
  ])('reads "%s" as a filter', (prompt, filters, chip) => {
    const intent = read(prompt);
    expect(intent.filters).toEqual(filters);
    expect(intent.chips.map((c) => c.id)).toContain(chip);
  });

  it('labels number chips in the language of the prompt', () => {
    expect(read('muzyka poniżej 2 minut').chips[0]?.label).toBe('Poniżej 2:00');
    expect(read('szybka muzyka').chips[0]?.label).toBe('Szybkie: 120+ BPM');
    expect(read('bez wokalu').chips[0]?.label).toBe('Bez wokalu');
    expect(read('spokojna').language).toBe('pl');
    expect(read('muzyka dla dzieci').language).toBe('pl');
    expect(read('calm music').language).toBe('en');
  });

  it('says what each chip stands for, whatever the prompt’s language, so the page can label it in its own', () => {
    const value = (prompt: string) => read(prompt).chips.map((c) => c.value);
    // The same concept and range from an English and a Polish prompt; only `label` follows the prompt.
    expect(value('fast music')).toEqual([{ concept: 'fast', names: [], bpm: { from: 120 }, seconds: null }]);
    expect(value('szybka muzyka')).toEqual(value('fast music'));
    expect(value('bez wokalu')).toEqual([concept('instrumental')]);
    expect(value('muzyka poniżej 2 minut')).toEqual([{ concept: null, names: [], bpm: null, seconds: { to: 120 } }]);
    expect(value('under 2 minutes')).toEqual(value('muzyka poniżej 2 minut'));
    expect(value('100-120 bpm')).toEqual([{ concept: null, names: [], bpm: { from: 100, to: 120 }, seconds: null }]);
    // Catalogue names are data: the chip carries them as the catalogue names them.
    const taxonomy: SearchTaxonomy = {
      genres: [{ id: 'g1', name: 'Metal', subgenres: [{ id: 's1', name: 'Doom Metal' }] }],
      moods: [{ id: 'm1', name: 'Zestful' }],
      categories: [],
    };
    expect(read('doom metal', [], taxonomy).chips[0]?.value.names).toEqual(['Doom Metal']);
    expect(read('zestful', [], taxonomy).chips[0]?.value).toEqual({
      concept: null,
      names: ['Zestful'],
      bpm: null,
      seconds: null,
    });
  });

  it('keeps music words that are also sfx or theme words from becoming sfx filters', () => {
    expect(read('pop hits').filters.categories).toBeUndefined();
    expect(read('nature documentary').filters).toEqual({});
    expect(read('impacts sound effects').filters).toEqual({ categories: ['id-impacts'], type: 'sfx' });
    // a mood that is also a subgenre name stays a mood (soft)
    expect(ids('playful')).toEqual(['mood:playful']);
  });

  it('reads soft chips with synonyms and paraphrases', () => {
    expect(ids('relaxing')).toEqual(['mood:calm']);
    expect(ids('upbeat')).toEqual(['mood:happy', 'mood:energetic']);
    expect(ids('calm acoustic guitar for a travel vlog')).toEqual([
      'mood:calm',
      'instrument:acousticguitar',
      'use:travel',
      'use:vlog',
    ]);
    expect(ids('gitara akustyczna na wycieczkę')).toEqual(['instrument:acousticguitar', 'use:travel']);
    expect(ids('z gitarą akustyczną')).toEqual(['instrument:acousticguitar']);
    expect(ids('muzyka z fortepianem na ślub')).toEqual(['instrument:piano', 'use:wedding']);
  });

  it('merges a chip said twice and keeps the first of contradicting tempos', () => {
    const intent = read('calm, relaxing and slow but fast');
    expect(intent.chips.filter((c) => c.id === 'mood:calm')).toHaveLength(1);
    expect(intent.chips.find((c) => c.id === 'mood:calm')?.words).toBe('calm relaxing');
    expect(intent.filters.bpm).toEqual({ to: 90 });
  });

  it('is total: huge, marked-up, SQL, NUL and unknown input never throws', () => {
    const huge = 'calm piano '.repeat(1000);
    expect(huge.length).toBeGreaterThanOrEqual(10_000);
    expect(read(huge).chips.map((c) => c.id)).toEqual(['mood:calm', 'instrument:piano']);
    for (const prompt of [
      '',
      ' ',
      'a',
      '<script>alert(1)</script> calm',
      "'; DROP TABLE products; -- fast",
      'calm\0piano\0',
      '\u0000\u0001\uFFFF\uD800',
      '💥🎹 piano 🎸',
      '99999999999999999999 bpm',
      'under 999999 minutes',
      '-5 bpm',
      'zxqv blorf wibble',
      '&&&&',
      '1 2 3 4 5 6 7 8 9 bpm',
    ]) {
      const intent = read(prompt);
      expect(Array.isArray(intent.chips)).toBe(true);
      expect(typeof intent.remainder).toBe('string');
    }
    expect(read('<b>calm</b>').chips.map((c) => c.id)).toEqual(['mood:calm']);
    expect(read('zxqv blorf wibble').chips).toEqual([]);
    expect(read('zxqv blorf wibble').remainder).toBe('zxqv blorf wibble');
    expect(read('99999999999999999999 bpm').filters).toEqual({});
  });
});
