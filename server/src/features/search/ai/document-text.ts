import type { SearchDoc } from '../search.types';

/**
 * What a product is embedded from (decision 059), the same text for every provider: the names of its
 * taxonomy, its moods, instruments, tags, keywords and description, and its tempo and vocals in words
 * (so "slow" and "instrumental" in a prompt can meet them). The artist is left out: a name says
 * nothing about how a track sounds, and standard search finds artists.
 */
export function embeddingText(doc: SearchDoc): string {
  const names = (refs: { name: string }[]) => refs.map((r) => r.name).join(', ');
  const lines = [
    `${doc.title}.`,
    doc.type === 'sfx' ? `Sound effect: ${names(doc.categories)}.` : '',
    doc.genres.length ? `Genre: ${names(doc.genres)}${doc.subgenres.length ? `, ${names(doc.subgenres)}` : ''}.` : '',
    doc.moods.length ? `Mood: ${names(doc.moods)}.` : '',
    doc.instruments.length ? `Instruments: ${doc.instruments.join(', ')}.` : '',
    doc.tags.length ? `Tags: ${names(doc.tags)}.` : '',
    doc.keywords.length ? `Keywords: ${doc.keywords.join(', ')}.` : '',
    doc.description.trim(),
    doc.type === 'music' && doc.bpm !== null ? `Tempo: ${tempoWord(doc.bpm)}, ${Math.round(doc.bpm)} BPM.` : '',
    doc.type === 'music' ? (doc.vocal ? 'With vocals.' : 'Instrumental.') : '',
  ];
  return lines.filter(Boolean).join('\n');
}

function tempoWord(bpm: number): string {
  if (bpm < 70) return 'very slow';
  if (bpm < 90) return 'slow';
  if (bpm < 120) return 'mid-tempo';
  if (bpm < 140) return 'fast';
  return 'very fast';
}
