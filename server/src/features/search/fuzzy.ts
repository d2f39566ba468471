/** Typo tolerance: edit distances between words, small and bounded (decision 058). */

/** Every string made by deleting one character of the word (each once). */
export function deletions(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < word.length; i++) out.add(word.slice(0, i) + word.slice(i + 1));
  return [...out];
}

/**
 * Optimal-string-alignment distance (insertions, deletions, substitutions and swaps of neighbours, each
 * 1), giving up with max + 1 as soon as the distance must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return Math.min(prev[n]!, max + 1);
}

type Term = { word: string; alternatives?: string[] };

/** Shortest part a word is split into: "a" and "an" would split almost anything. */
const MIN_PART = 3;

/**
 * Typos across a word boundary, which per-word edits cannot see: two neighbouring words typed apart
 * that the catalogue has as one ("afro beat" → afrobeat, "sound track" → soundtrack) count as that
 * word for both of them, and a word typed together that the catalogue does not have but has as two
 * words ("hiphop" → hip, hop) counts as those. Only words the catalogue has (`has`) are offered, and a
 * split only for a word it does not have, so a correctly typed prompt is left as it is.
 */
export function acrossWordBoundaries<T extends Term>(terms: T[], has: (word: string) => boolean): T[] {
  const extra = terms.map(() => [] as string[]);
  for (let i = 0; i + 1 < terms.length; i++) {
    const joined = terms[i]!.word + terms[i + 1]!.word;
    if (joined.length <= 40 && has(joined)) {
      extra[i]!.push(joined);
      extra[i + 1]!.push(joined);
    }
  }
  terms.forEach((term, i) => {
    const w = term.word;
    if (w.length < 2 * MIN_PART || w.length > 40 || has(w)) return;
    for (let cut = MIN_PART; cut <= w.length - MIN_PART; cut++) {
      if (has(w.slice(0, cut)) && has(w.slice(cut))) {
        extra[i]!.push(`${w.slice(0, cut)} ${w.slice(cut)}`);
        break;
      }
    }
  });
  return terms.map((term, i) =>
    extra[i]!.length ? { ...term, alternatives: [...(term.alternatives ?? []), ...extra[i]!] } : term,
  );
}
