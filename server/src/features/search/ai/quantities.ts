import type { NumberRange } from '@cuewave/contract/search';
import type { Token } from './text';

/**
 * Tempo and length written with numbers, in English and Polish: "around 100 bpm", "120-130 bpm",
 * "under two minutes", "30 second", "poniżej 2 minut", "od 120 do 130 bpm", "2:30", "półtorej minuty".
 */

export type Quantity = { unit: 'bpm' | 'seconds'; range: NumberRange; kind: 'max' | 'min' | 'range' | 'about' };
export type QuantityHit = Quantity & { start: number; end: number };

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  ninety: 90,
  a: 1,
  an: 1,
  half: 0.5,
  jeden: 1,
  jedna: 1,
  jednej: 1,
  jednego: 1,
  dwa: 2,
  dwie: 2,
  dwoch: 2,
  dwu: 2,
  trzy: 3,
  trzech: 3,
  cztery: 4,
  czterech: 4,
  piec: 5,
  pieciu: 5,
  szesc: 6,
  szesciu: 6,
  siedem: 7,
  siedmiu: 7,
  osiem: 8,
  osmiu: 8,
  dziewiec: 9,
  dziewieciu: 9,
  dziesiec: 10,
  dziesieciu: 10,
  pietnascie: 15,
  pietnastu: 15,
  dwadziescia: 20,
  dwudziestu: 20,
  trzydziesci: 30,
  trzydziestu: 30,
  czterdziesci: 40,
  czterdziestu: 40,
  piecdziesiat: 50,
  piecdziesieciu: 50,
  szescdziesiat: 60,
  szescdziesieciu: 60,
  pol: 0.5,
  poltorej: 1.5,
  poltora: 1.5,
};

const MINUTES = new Set([
  'minute',
  'minutes',
  'min',
  'mins',
  'minuta',
  'minuty',
  'minut',
  'minutach',
  'minutowy',
  'minutowa',
  'minutowe',
  'minutowej',
  'minutowego',
  'minutowych',
  'm',
]);
const SECONDS = new Set([
  'second',
  'seconds',
  'sec',
  'secs',
  's',
  'sekunda',
  'sekundy',
  'sekund',
  'sekunde',
  'sek',
  'sekundowy',
  'sekundowa',
  'sekundowe',
  'sekundowej',
  'sekundowych',
]);
const BPM = new Set(['bpm', 'bpms', 'tempo']);

type Cmp = 'max' | 'min' | 'about' | 'from';
/** Phrases before a number, longest first. */
const COMPARATORS: [string, Cmp][] = (
  [
    ['no longer than', 'max'],
    ['not longer than', 'max'],
    ['less than', 'max'],
    ['shorter than', 'max'],
    ['slower than', 'max'],
    ['up to', 'max'],
    ['at most', 'max'],
    ['under', 'max'],
    ['below', 'max'],
    ['max', 'max'],
    ['maximum', 'max'],
    ['within', 'max'],
    ['mniej niz', 'max'],
    ['krotszy niz', 'max'],
    ['krotsza niz', 'max'],
    ['krotsze niz', 'max'],
    ['wolniejsze niz', 'max'],
    ['wolniejszy niz', 'max'],
    ['wolniejsza niz', 'max'],
    ['ponizej', 'max'],
    ['maks', 'max'],
    ['maksymalnie', 'max'],
    ['najwyzej', 'max'],
    ['nie dluzej niz', 'max'],
    ['nie dluzsze niz', 'max'],
    ['nie dluzszy niz', 'max'],
    ['nie dluzsza niz', 'max'],
    ['do', 'max'],
    ['more than', 'min'],
    ['longer than', 'min'],
    ['faster than', 'min'],
    ['at least', 'min'],
    ['over', 'min'],
    ['above', 'min'],
    ['minimum', 'min'],
    ['wiecej niz', 'min'],
    ['dluzszy niz', 'min'],
    ['dluzsza niz', 'min'],
    ['dluzsze niz', 'min'],
    ['szybsze niz', 'min'],
    ['szybszy niz', 'min'],
    ['szybsza niz', 'min'],
    ['powyzej', 'min'],
    ['ponad', 'min'],
    ['co najmniej', 'min'],
    ['przynajmniej', 'min'],
    ['around', 'about'],
    ['about', 'about'],
    ['approximately', 'about'],
    ['approx', 'about'],
    ['roughly', 'about'],
    ['circa', 'about'],
    ['ca', 'about'],
    ['okolo', 'about'],
    ['ok', 'about'],
    ['mniej wiecej', 'about'],
    ['kolo', 'about'],
    ['between', 'from'],
    ['from', 'from'],
    ['od', 'from'],
    ['pomiedzy', 'from'],
    ['miedzy', 'from'],
  ] as [string, Cmp][]
).sort((a, b) => b[0].split(' ').length - a[0].split(' ').length);

const SPLIT = new Map<string, string[]>();
function phraseAt(tokens: Token[], i: number, phrase: string): boolean {
  let words = SPLIT.get(phrase);
  if (!words) SPLIT.set(phrase, (words = phrase.split(' ')));
  return words.every((w, k) => tokens[i + k]?.norm === w);
}

/** First words that can start a quantity: a cheap test before the full reading. */
const STARTERS = new Set([...COMPARATORS.map(([p]) => p.split(' ')[0]!), ...Object.keys(NUMBER_WORDS)]);

/** A number at token i: digits ("120", "1.5", "2:30" as minutes) or a number word; with how many tokens it took. */
function numberAt(tokens: Token[], i: number, text: string): { value: number; len: number; clock?: boolean } | null {
  const t = tokens[i];
  if (!t) return null;
  if (/^\d{1,5}$/.test(t.norm)) {
    const next = tokens[i + 1];
    const between = next ? text.slice(t.end, next.start) : '';
    if (next && /^\d{1,2}$/.test(next.norm) && between === ':') {
      return { value: Number(t.norm) * 60 + Number(next.norm), len: 2, clock: true };
    }
    if (next && /^\d{1,2}$/.test(next.norm) && (between === '.' || between === ',')) {
      return { value: Number(`${t.norm}.${next.norm}`), len: 2 };
    }
    return { value: Number(t.norm), len: 1 };
  }
  // "half a minute", "pół minuty", "a minute and a half" (the last one as 1.5)
  if (t.norm === 'half' && tokens[i + 1]?.norm === 'a') return { value: 0.5, len: 2 };
  const w = NUMBER_WORDS[t.norm];
  if (w === undefined) return null;
  if ((t.norm === 'a' || t.norm === 'an') && !['minute', 'second', 'half'].includes(tokens[i + 1]?.norm ?? '')) {
    return null;
  }
  if (tokens[i + 1]?.norm === 'and' && tokens[i + 2]?.norm === 'a' && tokens[i + 3]?.norm === 'half') {
    return { value: w + 0.5, len: 4 };
  }
  return { value: w, len: 1 };
}

/** A glued number and unit: "120bpm", "2min", "45s" (not "80s", which is a decade). */
function gluedAt(token: Token | undefined): { value: number; unit: 'bpm' | 'seconds' } | null {
  const m = token && /^(\d{1,4})(bpm|min|mins|sec|secs|s|m)$/.exec(token.norm);
  if (!m) return null;
  const value = Number(m[1]);
  const unit = m[2] ?? '';
  if (unit === 'bpm') return { value, unit: 'bpm' };
  if (unit === 's' && (value >= 60 || (value >= 20 && value % 10 === 0))) return null;
  return { value: unit.startsWith('m') ? value * 60 : value, unit: 'seconds' };
}

function unitAt(tokens: Token[], i: number): { unit: 'bpm' | 'seconds'; scale: number; len: number } | null {
  const t = tokens[i]?.norm ?? '';
  if (BPM.has(t)) return { unit: 'bpm', scale: 1, len: 1 };
  if (phraseAt(tokens, i, 'beats per minute')) return { unit: 'bpm', scale: 1, len: 3 };
  if (phraseAt(tokens, i, 'uderzen na minute')) return { unit: 'bpm', scale: 1, len: 3 };
  if (MINUTES.has(t)) return { unit: 'seconds', scale: 60, len: 1 };
  if (SECONDS.has(t)) return { unit: 'seconds', scale: 1, len: 1 };
  return null;
}

const RANGE_JOIN = new Set(['to', 'and', 'do', 'i']);

function about(unit: 'bpm' | 'seconds', v: number): NumberRange {
  const spread = unit === 'bpm' ? 5 : Math.max(5, Math.round(v * 0.15));
  return { from: Math.max(0, Math.round(v - spread)), to: Math.round(v + spread) };
}

/** Reads a tempo or length starting at token i, or returns null. */
export function quantityAt(tokens: Token[], i: number, text: string): QuantityHit | null {
  const head = tokens[i]?.norm ?? '';
  if (!STARTERS.has(head) && !/^\d/.test(head)) return null;
  let j = i;
  let cmp: Cmp | undefined;
  for (const [phrase, c] of COMPARATORS) {
    if (phraseAt(tokens, j, phrase)) {
      cmp = c;
      j += phrase.split(' ').length;
      break;
    }
  }
  const glued = gluedAt(tokens[j]);
  if (glued) return finish(i, j + 1, cmp, glued.unit, glued.value, undefined);
  const first = numberAt(tokens, j, text);
  if (!first) return null;
  j += first.len;
  // a range: "120-130 bpm", "120 to 130 bpm", "between 2 and 3 minutes", "od 120 do 130 bpm"
  let second: { value: number; len: number } | null = null;
  const joinToken = tokens[j];
  const dash =
    joinToken && tokens[j - 1] ? /^\s*[-–—]\s*$/.test(text.slice(tokens[j - 1]!.end, joinToken.start)) : false;
  if (dash) second = numberAt(tokens, j, text);
  else if (joinToken && RANGE_JOIN.has(joinToken.norm)) {
    second = numberAt(tokens, j + 1, text);
    if (second) j += 1;
  }
  if (second) j += second.len;
  const unit = unitAt(tokens, j);
  if (!unit) {
    // "2:30" needs no unit
    if (first.clock && !second) return finish(i, j, cmp, 'seconds', first.value, undefined);
    return null;
  }
  j += unit.len;
  const scale = first.clock ? 1 : unit.scale;
  return finish(i, j, cmp, unit.unit, first.value * scale, second ? second.value * unit.scale : undefined);
}

function finish(
  start: number,
  end: number,
  cmp: Cmp | undefined,
  unit: 'bpm' | 'seconds',
  value: number,
  value2: number | undefined,
): QuantityHit | null {
  const limit = unit === 'bpm' ? 1000 : 100_000;
  if (!(value >= 0 && value <= limit) || (value2 !== undefined && !(value2 >= 0 && value2 <= limit))) return null;
  if (value2 !== undefined) {
    const [a, b] = value <= value2 ? [value, value2] : [value2, value];
    return { unit, range: { from: Math.round(a), to: Math.round(b) }, kind: 'range', start, end };
  }
  if (cmp === 'max') return { unit, range: { to: Math.round(value) }, kind: 'max', start, end };
  if (cmp === 'min') return { unit, range: { from: Math.round(value) }, kind: 'min', start, end };
  if (cmp === 'from' && unit === 'bpm') return { unit, range: { from: Math.round(value) }, kind: 'min', start, end };
  return { unit, range: about(unit, value), kind: 'about', start, end };
}
