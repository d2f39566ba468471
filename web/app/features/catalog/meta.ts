import type { TFunction } from 'i18next';
import { documentTexts, errorTitle, type MetaMatches } from '../errors/error-status';

/**
 * Title and description tags for a catalogue page (plus their Open Graph twins for link previews). The
 * texts come already translated: the route's loader writes them with `requestTexts(request,
 * 'catalog-meta')` (decision 075), since `meta` runs outside React. No component reads that namespace,
 * so the descriptions travel in the HTML's tags only, not again in the page's inlined texts.
 */
export function pageMeta(title: string, description: string) {
  const full = `${title} | Cuewave`;
  return [
    { title: full },
    { name: 'description', content: description },
    { property: 'og:title', content: full },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
  ];
}

/** A page whose loader answered 404: the not-found title in the request's language (from the root's data). */
export const notFoundMeta = (matches: MetaMatches) => [
  { title: errorTitle(404, documentTexts(matches)) },
  { name: 'robots', content: 'noindex' },
];

/** What a count counts: each noun has its own plural forms in the `catalog` texts (`count.*`). */
export type CountNoun = 'track' | 'sound' | 'genre' | 'subgenre' | 'collection' | 'mood';

/** "1 track" / "1,204 tracks" ("1204 utwory" in Polish): `number` is the page's number format (useFormat). */
export function trackCount(
  t: TFunction<'catalog'>,
  number: (value: number) => string,
  n: number,
  noun: CountNoun = 'track',
): string {
  return t(`count.${noun}`, { count: n, n: number(n) });
}

/** The word a list's counts use: sound effects are "sounds", everything else "tracks". */
export function countNoun(type: 'music' | 'sfx' | undefined): CountNoun {
  return type === 'sfx' ? 'sound' : 'track';
}
