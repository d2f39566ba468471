import type { NumberRange } from '@cuewave/contract/search';

/** The shape of the vocabulary's entries (a leaf: vocabulary.ts and its concept list both import it). */
export type ConceptKind =
  'mood' | 'genre' | 'instrument' | 'tempo' | 'use' | 'theme' | 'vocal' | 'instrumental' | 'type' | 'sfx' | 'duration';

export type ConceptDef = {
  key: string;
  kind: ConceptKind;
  label: { en: string; pl: string };
  /** English forms and synonyms; the single words among the first ones anchor the concept's meaning */
  en: string[];
  /** Polish forms in the compact notation */
  pl: string[];
  /** names of taxonomy entries (moods, genres, categories) this concept means, besides its English forms */
  names?: string[];
  /** tempo concepts: the BPM range they filter by */
  bpm?: NumberRange;
  /** duration concepts: the seconds range they filter by */
  seconds?: NumberRange;
  /** broader concepts a mention also counts for, at half weight (acoustic guitar → guitar, house → electronic) */
  also?: string[];
  /** an sfx kind whose words are common in music prompts too ("hits", "click"): a category only with an sfx word */
  sfxContextOnly?: boolean;
  /** words for the concept's meaning vector when the first English forms are not the best anchors */
  anchors?: string[];
};
