import { createHash } from 'node:crypto';
import { quantityAt } from '../../features/search/ai/quantities';
import { tokenize } from '../../features/search/ai/text';
import { STOP_WORDS_EN, STOP_WORDS_PL, VOCABULARY, lookup, type Concept } from '../../features/search/ai/vocabulary';
import { loadWordVectors, type WordVectors } from '../../features/search/ai/word-vectors';
import { EmbeddingsUnavailableError, type Embeddings } from './embeddings';

/**
 * The embedded engine (decision 059): text → a vector in a CONCEPT SPACE, one dimension per concept
 * of the project's music vocabulary. No sentence model ships offline, so meaning comes from two
 * sources: the vocabulary itself (English and Polish forms and phrases, "spokojną" → calm) and
 * pretrained English word vectors for every other word, which activate the concepts whose anchor words
 * are nearest ("serene" → peaceful, "beach" → summer, "midnight" → night). Vectors are sparse and every
 * dimension has a name, so a match can say why.
 */

/** Method parameters; part of the model name, so changing them re-embeds the catalogue. */
const METHOD = {
  version: 1,
  /** a word vector must be at least this close to a concept to activate it */
  minCosine: 0.7,
  /** …and within this of the best concept (GloVe puts antonyms close: joyful is 0.73 from sad) */
  margin: 0.04,
  /** a word-vector activation weighs at most this much against a vocabulary hit (1) */
  wordWeight: 0.5,
  /** kinds a word vector may activate: tempo, vocals, type and duration only by their own words */
  wordKinds: ['mood', 'genre', 'instrument', 'use', 'theme', 'sfx'],
  /** a mention's weight on its broader concepts ("acoustic guitar" on guitar) */
  broader: 0.5,
  /** max tokens read from one text */
  maxTokens: 3000,
};

export type EmbeddedEmbeddings = Embeddings & {
  /** number of dimensions (concepts) */
  readonly dimensions: number;
  /** the English label of a dimension */
  label(dim: number): string;
};

export type EmbeddedOptions = {
  /** the word vectors to use; defaults to the package's, built and cached on first use */
  wordVectors?: () => Promise<WordVectors>;
};

const MODEL = `embedded-${createHash('sha256')
  .update(`${VOCABULARY.hash}|${JSON.stringify(METHOD)}`)
  .digest('hex')
  .slice(0, 10)}`;

type Space = {
  wv: WordVectors;
  /** concepts a word vector may activate, with their unit meaning vectors */
  targets: { concept: Concept; vector: Float32Array }[];
  /** word → activations, remembered (the catalogue repeats its words) */
  memo: Map<string, [number, number][]>;
};

export function createEmbeddedEmbeddings(opts: EmbeddedOptions = {}): EmbeddedEmbeddings {
  const dims = VOCABULARY.concepts.length;
  let space: Promise<Space> | null = null;
  const getSpace = () => {
    space ??= (opts.wordVectors ?? loadWordVectors)()
      .then(buildSpace)
      .catch((error: unknown) => {
        space = null;
        throw new EmbeddingsUnavailableError(
          `the embedded engine's word vectors could not be loaded (${error instanceof Error ? error.message : String(error)})`,
          { cause: error },
        );
      });
    return space;
  };

  return {
    model: MODEL,
    dimensions: dims,
    label: (dim) => VOCABULARY.concepts[dim]?.label.en ?? String(dim),
    async embed(texts, { signal }) {
      const s = await getSpace();
      return texts.map((text) => {
        signal?.throwIfAborted();
        return embedText(s, typeof text === 'string' ? text : '', dims);
      });
    },
    explain(query, doc, k) {
      const parts: [number, number][] = [];
      const n = Math.min(query.length, doc.length, dims);
      for (let i = 0; i < n; i++) {
        const c = query[i]! * doc[i]!;
        if (c > 0) parts.push([i, c]);
      }
      return parts
        .sort((a, b) => b[1] - a[1])
        .slice(0, Math.max(0, k))
        .map(([i]) => VOCABULARY.concepts[i]!.label.en.toLowerCase());
    },
  };
}

function buildSpace(wv: WordVectors): Space {
  const targets: Space['targets'] = [];
  for (const concept of VOCABULARY.concepts) {
    if (!METHOD.wordKinds.includes(concept.kind)) continue;
    const anchors = concept.anchors ?? concept.enForms.filter((f) => !f.includes(' ')).slice(0, 8);
    const acc = new Float32Array(wv.dims);
    let n = 0;
    for (const word of anchors) {
      const v = wv.get(word);
      if (!v) continue;
      for (let k = 0; k < wv.dims; k++) acc[k]! += v[k]!;
      n++;
    }
    if (!n) continue;
    normalise(acc);
    targets.push({ concept, vector: acc });
  }
  return { wv, targets, memo: new Map() };
}

function normalise(v: Float32Array): Float32Array {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let k = 0; k < v.length; k++) v[k]! /= norm;
  return v;
}

/** The concepts an out-of-vocabulary English word is nearest to. */
function wordActivations(s: Space, word: string): [number, number][] {
  const cached = s.memo.get(word);
  if (cached) return cached;
  const v = s.wv.get(word);
  let out: [number, number][] = [];
  if (v) {
    const scored = s.targets.map((t) => {
      let dot = 0;
      for (let k = 0; k < v.length; k++) dot += v[k]! * t.vector[k]!;
      return [t.concept.dim, dot] as [number, number];
    });
    const best = Math.max(...scored.map((x) => x[1]));
    out = scored
      .filter(([, c]) => c >= METHOD.minCosine && c >= best - METHOD.margin)
      .map(([dim, c]) => [dim, (METHOD.wordWeight * (c - 0.6)) / 0.4] as [number, number]);
  }
  if (s.memo.size > 100_000) s.memo.clear();
  s.memo.set(word, out);
  return out;
}

/** Tempo concepts a BPM number stands for. */
function tempoActivations(bpm: number): [string, number][] {
  if (bpm < 70)
    return [
      ['veryslow', 1],
      ['slow', 0.5],
    ];
  if (bpm < 90) return [['slow', 1]];
  if (bpm < 120) return [['midtempo', 1]];
  if (bpm < 140) return [['fast', 1]];
  return [
    ['fast', 0.5],
    ['veryfast', 1],
  ];
}

function embedText(s: Space, text: string, dims: number): Float32Array {
  const weights = new Float32Array(dims);
  const tokens = tokenize(text, METHOD.maxTokens);
  let i = 0;
  while (i < tokens.length) {
    const q = quantityAt(tokens, i, text);
    if (q) {
      if (q.unit === 'bpm') {
        const from = q.range.from ?? q.range.to ?? 0;
        const to = q.range.to ?? q.range.from ?? 0;
        for (const [key, w] of tempoActivations((from + to) / 2)) weights[VOCABULARY.byKey.get(key)!.dim]! += w;
      }
      i = q.end;
      continue;
    }
    let matched = 0;
    for (let len = Math.min(VOCABULARY.maxPhrase, tokens.length - i); len >= 1; len--) {
      const phrase = tokens
        .slice(i, i + len)
        .map((t) => t.norm)
        .join(' ');
      const entry = lookup(phrase);
      if (!entry) continue;
      // a word with several meanings ("upbeat": happy and energetic) spreads one unit over them
      const share = 1 / Math.sqrt(entry.concepts.length);
      for (const c of entry.concepts) {
        weights[c.dim]! += share;
        for (const key of c.also ?? []) weights[VOCABULARY.byKey.get(key)!.dim]! += share * METHOD.broader;
      }
      matched = len;
      break;
    }
    if (matched) {
      i += matched;
      continue;
    }
    const word = tokens[i]!.norm;
    i += 1;
    if (word.length < 3 || /^\d/.test(word) || STOP_WORDS_EN.has(word) || STOP_WORDS_PL.has(word)) continue;
    for (const [dim, w] of wordActivations(s, word)) weights[dim]! += w;
  }
  // repeating a word adds less and less: a description that says "calm" five times is not five times calmer
  for (let d = 0; d < dims; d++) if (weights[d]! > 0) weights[d] = Math.sqrt(weights[d]!);
  return normalise(weights);
}
