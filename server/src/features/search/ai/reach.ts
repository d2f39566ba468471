import { tokenize } from './text';
import { STOP_WORDS_EN, STOP_WORDS_PL, VOCABULARY, vocabularyPhraseAt } from './vocabulary';
import type { WordVectors } from './word-vectors';

/**
 * Reaching the vocabulary from English words outside it (issue 13: "the engine should never come back
 * empty-handed when the words have a meaning it can reach"). Typos and Polish inflections are already
 * rewritten to vocabulary forms by vocabulary-correction.ts; a word still unknown (neither a vocabulary
 * form nor part of a vocabulary phrase) that has an English word vector reaches the vocabulary's
 * English words nearest to it ("mischievous" → playful, "calming" → soothing): at least REACH.floor by
 * cosine and within REACH.margin of the best, so a word far from music ("invoice") and nonsense
 * ("xqzvy": no vector) reach nothing. A compound that reaches nothing by itself is tried through its
 * two parts ("stargazing" → star + gazing).
 *
 * The engine's own out-of-vocabulary rule (embedded-engine.ts: 0.70 to a concept's mean vector) is kept
 * strict because it also reads every product's description; this one runs on prompts only, where a
 * closest meaning is better than none. It hands back plain words, embedded apart and blended in at
 * REACH.weight; they are not used as word matches (a product's "Playful" subgenre would then outrank
 * its Playful mood only because a title-like field weighs more).
 */
export const REACH = {
  /** a vocabulary word at least this close (cosine of unit word vectors) can be reached; GloVe puts
   * related words ("mortgage" → property) at 0.5–0.7 and unrelated ones ("carburetor") below */
  floor: 0.5,
  /** …and within this of the nearest one */
  margin: 0.06,
  /** at most this many vocabulary words per unknown word */
  maxWords: 3,
  /** words shorter than this are not reached (too ambiguous: "om", "ok") */
  minLength: 3,
  /** a reached word's weight in the prompt's meaning, against the prompt's own words (1) */
  weight: 0.5,
  /**
   * kinds of concept a prompt word may reach, per catalogue searched (a sound-effect kind means nothing
   * to a song, a genre nothing to a sound effect, an instrument may be one: "ringing" → bells); tempo,
   * vocals, type and length only by their own words
   */
  kinds: {
    music: new Set(['mood', 'genre', 'instrument', 'use', 'theme']),
    sfx: new Set(['mood', 'instrument', 'use', 'theme', 'sfx']),
    any: new Set(['mood', 'genre', 'instrument', 'use', 'theme', 'sfx']),
  },
} as const;

export type Reached = {
  /** the unknown word, normalised */
  word: string;
  /** vocabulary words it stands for (English forms), best first */
  words: string[];
};

type Target = { word: string; vector: Float32Array };

/** The vocabulary's single English words of the reachable kinds, with their vectors (per vector set). */
export type ReachType = keyof typeof REACH.kinds;
const targetsOf = new WeakMap<WordVectors, Map<ReachType, Target[]>>();

function targets(wv: WordVectors, type: ReachType): Target[] {
  let byType = targetsOf.get(wv);
  if (!byType) targetsOf.set(wv, (byType = new Map()));
  let list = byType.get(type);
  if (list) return list;
  const seen = new Set<string>();
  list = [];
  for (const c of VOCABULARY.concepts) {
    if (!REACH.kinds[type].has(c.kind)) continue;
    for (const form of c.enForms) {
      if (form.includes(' ') || form.length < 3 || seen.has(form)) continue;
      seen.add(form);
      const vector = wv.get(form);
      if (vector) list.push({ word: form, vector });
    }
  }
  byType.set(type, list);
  return list;
}

/** The vocabulary words nearest to an English word by its vector, or [] (no vector, nothing close enough). */
export function nearestVocabularyWords(wv: WordVectors, word: string, type: ReachType = 'any'): string[] {
  const v = wv.get(word);
  return v ? nearestTo(wv, v, type) : [];
}

/**
 * A compound the vectors do not know, or know too vaguely, read through its two parts ("stargazing":
 * star + gazing, "birdsong": bird + song): the sum of the parts' vectors. Of several cuts, the most
 * even one (both parts as long as possible); parts of at least four letters, so "a"+"cappella"-like
 * accidents and short fragments ("ing") do not count.
 */
export function compoundVector(wv: WordVectors, word: string): Float32Array | null {
  let best: [Float32Array, Float32Array] | null = null;
  let bestShorter = 0;
  for (let cut = 4; cut <= word.length - 4; cut++) {
    const shorter = Math.min(cut, word.length - cut);
    if (shorter <= bestShorter) continue;
    const a = wv.get(word.slice(0, cut));
    const b = a && wv.get(word.slice(cut));
    if (a && b) {
      best = [a, b];
      bestShorter = shorter;
    }
  }
  if (!best) return null;
  const sum = new Float32Array(wv.dims);
  let norm = 0;
  for (let k = 0; k < wv.dims; k++) {
    sum[k] = best[0][k]! + best[1][k]!;
    norm += sum[k]! * sum[k]!;
  }
  norm = Math.sqrt(norm);
  if (norm === 0) return null;
  for (let k = 0; k < wv.dims; k++) sum[k]! /= norm;
  return sum;
}

function nearestTo(wv: WordVectors, v: Float32Array, type: ReachType): string[] {
  const scored: [string, number][] = [];
  let best = -1;
  for (const t of targets(wv, type)) {
    let dot = 0;
    for (let k = 0; k < v.length; k++) dot += v[k]! * t.vector[k]!;
    if (dot >= REACH.floor) scored.push([t.word, dot]);
    if (dot > best) best = dot;
  }
  return scored
    .filter(([, c]) => c >= best - REACH.margin)
    .sort((a, b) => b[1] - a[1])
    .slice(0, REACH.maxWords)
    .map(([w]) => w);
}

/** The prompt's words the vocabulary does not know, each with the vocabulary words it reaches (only those that do). */
export function reachUnknownWords(text: string, wv: WordVectors, type: ReachType = 'any'): Reached[] {
  const tokens = tokenize(typeof text === 'string' ? text : '', 64);
  const out: Reached[] = [];
  const done = new Set<string>();
  let i = 0;
  while (i < tokens.length) {
    // a vocabulary phrase here ("drum and bass", "złamane serce") is known: skip all of it
    const known = vocabularyPhraseAt(tokens, i);
    if (known) {
      i += known;
      continue;
    }
    const word = tokens[i]!.norm;
    i += 1;
    if (done.has(word) || word.length < REACH.minLength || /\d/.test(word)) continue;
    if (STOP_WORDS_EN.has(word) || STOP_WORDS_PL.has(word)) continue;
    done.add(word);
    let near = nearestVocabularyWords(wv, word, type);
    if (!near.length) {
      const parts = compoundVector(wv, word);
      if (parts) near = nearestTo(wv, parts, type);
    }
    if (near.length) out.push({ word, words: near });
  }
  return out;
}

export type ReachedPrompt = {
  /** every reached vocabulary word once, as a text to embed apart ('' when none) */
  reachedText: string;
  reached: Reached[];
};

/**
 * Word vectors for reaching: only with the embedded engine (an external model knows English words
 * itself), and none rather than an error when they cannot be read (the search still runs without).
 */
export async function reachVectors(model: string, load: () => Promise<WordVectors>): Promise<WordVectors | null> {
  return model.startsWith('embedded-') ? load().catch(() => null) : null;
}

/** An AI prompt's unknown words reached (nothing without vectors). */
export function reachPrompt(meaningText: string, wv: WordVectors | null, type: ReachType = 'any'): ReachedPrompt {
  const reached = meaningText && wv ? reachUnknownWords(meaningText, wv, type) : [];
  return {
    reachedText: [...new Set(reached.flatMap((r) => r.words))].join(' '),
    reached,
  };
}

/**
 * The prompt's meaning vector with its reached words' added at REACH.weight (a guess of what a word
 * means counts less than what the prompt says), unit length again; the reached words' alone when the
 * prompt's own words meant nothing.
 */
export function blendReached(own: Float32Array, reached: Float32Array | undefined): Float32Array {
  if (!reached || reached.length !== own.length) return own;
  const out = new Float32Array(own.length);
  let sum = 0;
  for (let k = 0; k < own.length; k++) {
    out[k] = own[k]! + REACH.weight * reached[k]!;
    sum += out[k]! * out[k]!;
  }
  const norm = Math.sqrt(sum);
  if (norm === 0) return own;
  for (let k = 0; k < out.length; k++) out[k]! /= norm;
  return out;
}
