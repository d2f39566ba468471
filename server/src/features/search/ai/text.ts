/**
 * Text handling shared by the intent reader, the embedded engine and the term expansion: one
 * normalisation (lower case, no diacritics, '&' read as "and") so that "Día de Muertos", "dia de
 * muertos", "spokojną" and "spokojna" meet, and a tokenizer that remembers where each word was, so a
 * chip can quote the words of the prompt it was read from.
 */

export type Token = {
  /** normalised: lower case ASCII letters and digits, or "and" for '&' */
  norm: string;
  /** as typed */
  raw: string;
  start: number;
  end: number;
};

/** Letters that NFD does not decompose. */
const SPECIAL: Record<string, string> = { ł: 'l', Ł: 'l', ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', đ: 'd', ı: 'i' };

/** Nothing to fold but case (most catalogue text): skips the costly Unicode normalisation. */
const ASCII = /^[\x00-\x7f]*$/;

export function fold(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  return text
    .replace(/[łŁßæøœđı]/g, (c) => SPECIAL[c] ?? c)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Polish letters with diacritics: their presence in a prompt says it is Polish. */
export const POLISH_LETTERS = /[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]/;

const WORD = /[\p{L}\p{N}]+|&/gu;

/** Words of a text; at most `max` (a prompt is capped by the route, a description is not). */
export function tokenize(text: string, max = 2000): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(WORD)) {
    const raw = m[0];
    const norm = raw === '&' ? 'and' : fold(raw).replace(/[^a-z0-9]/g, '');
    if (!norm) continue;
    out.push({ norm, raw, start: m.index, end: m.index + raw.length });
    if (out.length >= max) break;
  }
  return out;
}

/** The normalised words of a name or phrase, joined by single spaces ("Drum & Bass" → "drum and bass"). */
export function normPhrase(text: string): string {
  // The words tokenize() would give, without its positions: called for every product's text.
  const words = fold(text)
    .replace(/&/g, ' and ')
    .match(/[a-z0-9]+/g);
  return words ? words.slice(0, 64).join(' ') : '';
}

/** A naive English singular, enough for catalogue names ("Whooshes" → "whoosh", "UI Clicks" → "ui click"). */
export function singular(word: string): string {
  if (word.length > 4 && /(?:ch|sh|ss|x)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}
