/**
 * Text as search compares it: lower case, without diacritics (so "dia de muertos" finds "Día de
 * Muertos" and "zolty" finds "żółty"), '&' read as "and", split into words of letters and digits.
 */

// Letters that NFKD does not decompose into a base letter plus a mark.
const FOLD: Record<string, string> = { ł: 'l', đ: 'd', ø: 'o', ß: 'ss', æ: 'ae', œ: 'oe', ı: 'i', þ: 'th' };
const MARKS = /[\u0300-\u036f]/g;
const SPECIAL = /[łđøßæœıþ]/g;

/** Nothing to fold but case and '&' (most catalogue text): skips the costly Unicode normalisation. */
const ASCII = /^[\x00-\x7f]*$/;

export function foldText(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase().replace(/&/g, ' and ');
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(MARKS, '')
    .replace(SPECIAL, (c) => FOLD[c] ?? c)
    .replace(/&/g, ' and ');
}

/** Words that carry no meaning for matching, English and Polish. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  [
    'a an the and or of for with to in on by at from into as is it its this that some any my our your me i we be are',
    // "n" is "and" typed short ("drum n bass", "rock n roll"); the catalogue's '&' is read as "and"
    'n',
    // Polish, folded; with "music", "song", "track" said in Polish: words a prompt adds but an
    // (English) catalogue never has, which would otherwise count against "every word must match"
    'w z ze na do dla o od po oraz lub albo jak ten ta te jest sa mi moj moja moje',
    'muzyka muzyki muzyke muzyka muzyce utwor utworu utwory piosenka piosenki piosenke',
  ]
    .join(' ')
    .split(' '),
);

const WORD = /[a-z0-9]+/g;

/** Folded words of the text, in order, stop words kept (callers that match drop them). */
export function words(text: string): string[] {
  return foldText(text).match(WORD) ?? [];
}

/** Folded words worth matching: no stop words, at most `max` of them. */
export function queryWords(text: string, max = 32): string[] {
  return words(text)
    .filter((w) => !STOP_WORDS.has(w))
    .slice(0, max);
}
