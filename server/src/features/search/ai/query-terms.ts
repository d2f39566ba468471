import { fold } from './text';
import { lookup } from './vocabulary';

/**
 * Standard search's bridge to the vocabulary (decision 059): the English words a Polish word or an
 * English synonym stands for, so "gitara" finds tracks tagged "guitar" and "pianinem" finds "piano"
 * in an English catalogue. Empty when the vocabulary does not know the word.
 */
export function expandQueryTerm(token: string): string[] {
  const norm = fold(typeof token === 'string' ? token : '')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
  if (!norm || norm.length > 60) return [];
  const entry = lookup(norm);
  if (!entry) return [];
  const out: string[] = [];
  for (const c of entry.concepts) {
    // the concept's name, then its first single-word English forms ("gitara" → guitar)
    const label = c.label.en.toLowerCase();
    const forms = c.enForms.filter((f) => !f.includes(' ') && f !== `${label}s` && f !== `${label}es`);
    for (const w of [label, ...forms.slice(0, 2)]) if (w !== norm && !out.includes(w)) out.push(w);
  }
  return out.slice(0, 4);
}
