/**
 * A query word's products, merged once (decision 058 §speed): the postings of everything the word stands
 * for (itself, translations, prefix completions, typo neighbours) reduced to one list per product type,
 * in slot order, with the best weight each product earns. Prompts are distinct but their words repeat
 * ("calm", "piano", "vlog"), so these lists are kept, by word, until the index changes: a prompt then
 * costs an intersection of a few typed arrays instead of a merge of dozens of postings. Whole answers
 * are never cached here.
 */

export type TermList = {
  /** Product slots in ascending order. */
  slots: Int32Array;
  /** The word's weight in each of those products (factor × idf × field weight), same positions. */
  weights: Float32Array;
};

/** One posting of an indexed word with how much a hit in it counts before the field weight. */
export type WeightedPosting = { posting: readonly number[]; weight: number };

/**
 * Merges postings (slot * 16 + field weight code) into one list of the products of one type.
 * `kind` is each slot's type code (emptied slots have none); `marks` is zeroed scratch of the index's size.
 */
export function mergePostings(
  postings: readonly WeightedPosting[],
  kind: Uint8Array,
  typeCode: number,
  marks: Float32Array,
): TermList {
  if (postings.length === 1) return singlePosting(postings[0]!, kind, typeCode);
  const touched: number[] = [];
  for (const { posting, weight } of postings) {
    for (let i = 0; i < posting.length; i++) {
      const code = posting[i]!;
      const slot = code >> 4;
      if (kind[slot] !== typeCode) continue;
      const s = weight * (code & 15);
      if (marks[slot] === 0) touched.push(slot);
      if (s > marks[slot]!) marks[slot] = s;
    }
  }
  const slots = Int32Array.from(touched).sort();
  const weights = new Float32Array(slots.length);
  for (let i = 0; i < slots.length; i++) {
    weights[i] = marks[slots[i]!]!;
    marks[slots[i]!] = 0;
  }
  return { slots, weights };
}

function singlePosting({ posting, weight }: WeightedPosting, kind: Uint8Array, typeCode: number): TermList {
  let n = 0;
  for (let i = 0; i < posting.length; i++) if (kind[posting[i]! >> 4] === typeCode) n++;
  const slots = new Int32Array(n);
  const weights = new Float32Array(n);
  n = 0;
  for (let i = 0; i < posting.length; i++) {
    const code = posting[i]!;
    if (kind[code >> 4] !== typeCode) continue;
    slots[n] = code >> 4;
    weights[n++] = weight * (code & 15);
  }
  return { slots, weights };
}

/**
 * The slots present in every list, with the sum of their weights; null when none. Starts from the
 * shortest list and skips through the others (doubling, then halving steps), so a common word costs a
 * few probes per candidate rather than a pass over its list.
 */
export function intersect(lists: readonly TermList[]): TermList | null {
  const order = [...lists].sort((a, b) => a.slots.length - b.slots.length);
  const first = order[0];
  if (!first || first.slots.length === 0) return null;
  let slots = first.slots.slice();
  let weights = first.weights.slice();
  let n = slots.length;
  for (let l = 1; l < order.length && n > 0; l++) {
    const other = order[l]!;
    const theirs = other.slots;
    let kept = 0;
    let at = 0;
    for (let i = 0; i < n && at < theirs.length; i++) {
      const slot = slots[i]!;
      at = gallop(theirs, slot, at);
      if (theirs[at] === slot) {
        slots[kept] = slot;
        weights[kept++] = weights[i]! + other.weights[at]!;
      }
    }
    n = kept;
  }
  if (n === 0) return null;
  if (n < slots.length) {
    slots = slots.subarray(0, n);
    weights = weights.subarray(0, n);
  }
  return { slots, weights };
}

/** The first position at or after `from` of a sorted list whose value is at least `target`. */
export function gallop(list: ArrayLike<number>, target: number, from: number): number {
  let lo = from;
  let hi = from;
  let step = 1;
  while (hi < list.length && list[hi]! < target) {
    lo = hi + 1;
    hi += step;
    step *= 2;
  }
  hi = Math.min(hi, list.length);
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid]! < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Term lists by key, least recently used dropped first, bounded by the products they hold in all
 * (8 bytes each). Emptied by the index on every change, so a list never outlives the postings it came from.
 */
export class TermListCache<V extends { list: TermList }> {
  private entries = new Map<string, V>();
  private held = 0;

  constructor(private readonly maxProducts: number) {}

  get(key: string): V | undefined {
    const found = this.entries.get(key);
    if (found) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, found);
    }
    return found;
  }

  set(key: string, value: V): void {
    const size = value.list.slots.length;
    if (size > this.maxProducts) return;
    const replaced = this.entries.get(key);
    if (replaced) {
      this.entries.delete(key);
      this.held -= replaced.list.slots.length;
    }
    this.entries.set(key, value);
    this.held += size;
    for (const [oldKey, old] of this.entries) {
      if (this.held <= this.maxProducts) break;
      this.entries.delete(oldKey);
      this.held -= old.list.slots.length;
    }
  }

  clear(): void {
    this.entries.clear();
    this.held = 0;
  }
}
