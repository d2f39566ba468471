import { createHash } from 'node:crypto';
import { CONCEPTS } from './vocabulary-concepts';
import type { ConceptDef, ConceptKind } from './vocabulary.types';

export type { ConceptDef, ConceptKind };
import { fold, normPhrase, type Token } from './text';

/**
 * The project's own music vocabulary in English and Polish (decision 059). Every concept is one
 * dimension of the embedded engine's concept space and one kind of chip the intent reader can show.
 *
 * Forms are written compactly: a word may hold one alternatives group, `gitar{a,y,ą,ę,ze}` or
 * `bas{,u,em}`; `{ADJ}` adds the Polish adjective endings to a stem (`spokojn{ADJ}` → spokojny,
 * spokojna, spokojne, spokojnej, spokojnego, spokojnemu, spokojną, spokojnym, spokojnych, spokojnymi;
 * a stem ending in k or g, or `{ADJI}`, takes the soft endings: szybki, szybka, szybkie, szybkiej…).
 * A form with several words is a phrase; every word of it may carry its own group.
 */

export type Concept = ConceptDef & {
  /** position in the concept space */
  dim: number;
  /** every normalised English form (phrases joined by spaces) */
  enForms: string[];
  /** every normalised Polish form */
  plForms: string[];
};

const ADJ_HARD = ['y', 'a', 'e', 'ej', 'ego', 'emu', 'ą', 'ym', 'ych', 'ymi'];
const ADJ_SOFT = ['i', 'a', 'ie', 'iej', 'iego', 'iemu', 'ą', 'im', 'ich', 'imi'];

/** All spellings one word pattern stands for. */
export function expandWord(pattern: string): string[] {
  const m = /^(.*?)\{([^}]*)\}(.*)$/.exec(pattern);
  if (!m) return [pattern];
  const [, stem = '', group = '', rest = ''] = m;
  let endings: string[];
  if (group === 'ADJ') endings = /[kg]$/.test(stem) ? ADJ_SOFT : ADJ_HARD;
  else if (group === 'ADJI') endings = ADJ_SOFT;
  else endings = group.split(',');
  return endings.flatMap((e) => expandWord(`${stem}${e}${rest}`));
}

/** All normalised phrases one form pattern stands for. */
export function expandForm(pattern: string): string[] {
  let phrases: string[] = [''];
  for (const word of pattern.trim().split(/\s+/)) {
    const spellings = expandWord(word);
    phrases = phrases.flatMap((p) => spellings.map((s) => (p ? `${p} ${s}` : s)));
  }
  return [...new Set(phrases.map((p) => normPhrase(p)).filter(Boolean))];
}

export type LexiconEntry = { concepts: Concept[]; lang: 'en' | 'pl' | 'both' };

export type Vocabulary = {
  concepts: Concept[];
  byKey: Map<string, Concept>;
  /** normalised phrase → the concepts it means */
  lexicon: Map<string, LexiconEntry>;
  /** longest phrase in words */
  maxPhrase: number;
  /** changes whenever the vocabulary does: part of the embedded engine's model name */
  hash: string;
};

function build(defs: ConceptDef[]): Vocabulary {
  const concepts: Concept[] = defs.map((d, dim) => ({
    ...d,
    dim,
    enForms: [...new Set(d.en.flatMap(expandForm))],
    plForms: [...new Set(d.pl.flatMap(expandForm))],
  }));
  const byKey = new Map<string, Concept>();
  const lexicon = new Map<string, LexiconEntry>();
  let maxPhrase = 1;
  const add = (form: string, c: Concept, lang: 'en' | 'pl') => {
    maxPhrase = Math.max(maxPhrase, form.split(' ').length);
    const entry = lexicon.get(form);
    if (!entry) return void lexicon.set(form, { concepts: [c], lang });
    if (!entry.concepts.includes(c)) entry.concepts.push(c);
    if (entry.lang !== lang) entry.lang = 'both';
  };
  for (const c of concepts) {
    if (byKey.has(c.key)) throw new Error(`vocabulary: duplicate concept ${c.key}`);
    for (const a of c.also ?? [])
      if (!defs.some((d) => d.key === a)) throw new Error(`vocabulary: ${c.key} also ${a}?`);
    byKey.set(c.key, c);
    for (const f of c.enForms) add(f, c, 'en');
    for (const f of c.plForms) add(f, c, 'pl');
  }
  const hash = createHash('sha256').update(JSON.stringify(defs)).digest('hex').slice(0, 10);
  return { concepts, byKey, lexicon, maxPhrase, hash };
}

export const VOCABULARY: Vocabulary = build(CONCEPTS);

/** The concepts a normalised phrase means, if any. */
export function lookup(phrase: string): LexiconEntry | undefined {
  return VOCABULARY.lexicon.get(phrase);
}

/** How many tokens from `at` form the longest vocabulary phrase there ("drum and bass": 3), or 0. */
export function vocabularyPhraseAt(tokens: readonly Token[], at: number): number {
  for (let len = Math.min(VOCABULARY.maxPhrase, tokens.length - at); len >= 1; len--) {
    const phrase = tokens
      .slice(at, at + len)
      .map((t) => t.norm)
      .join(' ');
    if (lookup(phrase)) return len;
  }
  return 0;
}

/** Words that carry no meaning of their own in a music search (English and Polish, normalised). */
export const STOP_WORDS_EN = new Set(
  (
    'a an the and or of for to with in on at by from into as some something any anything music song songs track ' +
    'tracks tune tunes piece pieces i me my we our you your need needs want wanted looking look find give get ' +
    'like that this these those is are be it its please background bg very really quite bit little more less ' +
    'kind sort type style vibe vibes feel feeling good nice great best perfect suitable mood moods ' +
    'genre theme about can could would should will just also but not so than then there here which what who ' +
    'one ones using use used has have had do does'
  ).split(' '),
);
export const STOP_WORDS_PL = new Set(
  fold(
    'a i w we z ze do dla na o od po pod przy oraz lub albo czy coś jakiś jakaś jakieś jakiegoś jakiejś taki taka ' +
      'takie muzyka muzyki muzyką muzykę muzyce muzyczka muzyczkę utwór utworu utwory utworów utworem kawałek kawałka ' +
      'kawałki piosenka piosenki piosenkę piosenką proszę szukam szukamy potrzebuję potrzebujemy chcę chcemy mi mnie ' +
      'mój moja moje mojego mojej nasz nasza nasze naszego naszej się jest są to ten ta te tego tej tym która który ' +
      'które którego której bardzo trochę klimat klimacie klimatem styl stylu stylem podkład podkładu podkładem tło ' +
      'tła tłem coś czegoś nastrój nastroju gatunek gatunku jak jako też także ale nie tak by żeby aby',
  ).split(' '),
);

/** Words that tell Polish from English when no diacritics do (Polish-only function words). */
export const POLISH_MARKERS = new Set(
  fold(
    'z ze dla na bez oraz lub albo czy muzyka muzyki muzykę utwór piosenka proszę szukam coś jakiś się jest w we',
  ).split(' '),
);
export const ENGLISH_MARKERS = new Set(
  'the for with without and music song track something some need looking want of in on an'.split(' '),
);
