/** Title and description tags for a catalogue page (plus their Open Graph twins for link previews). */
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

export const notFoundMeta = () => [{ title: 'Page not found | Cuewave' }, { name: 'robots', content: 'noindex' }];

/** "1 track" / "1,204 tracks" */
export function trackCount(n: number, noun = 'track'): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? noun : `${noun}s`}`;
}

/** The word a list's counts use: sound effects are "sounds", everything else "tracks". */
export function countNoun(type: 'music' | 'sfx' | undefined): string {
  return type === 'sfx' ? 'sound' : 'track';
}
