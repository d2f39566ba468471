import type { SfxCategory } from '../sfx/recipes';
import { SFX_RECIPES } from '../sfx/recipes';
import type { SongSpec } from '../song/compose';
import { DRUMS, STYLES, type DrumPattern } from '../song/styles';
import type { PresetName } from '../synth/instruments';
import { INSTRUMENT_TAGS } from './taxonomy';

/**
 * The search metadata of the demo catalogue (decision 062), written from the recipe each track was
 * synthesised from, so a search for "flute" or "slow, minor" finds what the audio really holds.
 */

/**
 * The instruments a song's score really plays (see compose.ts): chords, lead, bass; the pad under the
 * intro and breaks (the style's pad, else the warm pad) and in choruses; the arpeggio of arp styles;
 * the drum kit and its extra percussion; the synthesised vocal when there is one.
 */
export function songInstruments(spec: Pick<SongSpec, 'styleId' | 'vocal'>): string[] {
  const style = STYLES[spec.styleId];
  const presets: PresetName[] = [style.chords, style.lead];
  if (style.chordRhythm === 'arp') presets.push(spec.styleId === 'lullaby' ? 'marimba' : 'pluckLead');
  if (style.chordRhythm !== 'sustain' && style.chordRhythm !== 'arp') presets.push(style.pad ?? 'warmPad');
  presets.push(style.bass);
  const names = presets.flatMap((p) => INSTRUMENT_TAGS[p] ?? []);
  names.push('drums');
  if (style.kit === 'electronic') names.push('drum machine');
  const drums = DRUMS[style.family];
  const plays = (drum: keyof DrumPattern) => [drums.main, drums.intro, drums.breakdown].some((p) => drum in p);
  if (plays('shaker')) names.push('shaker');
  if (plays('tom')) names.push('toms');
  if (spec.vocal) names.push('vocals');
  return [...new Set(names)];
}

const KEYS = ['C', 'C#', 'D', 'Eb', 'E', 'F', 'F#', 'G', 'Ab', 'A', 'Bb', 'B'];

/** Tempo in the words a person would search with; the bands follow the styles' BPM ranges. */
export function tempoWord(bpm: number): string {
  if (bpm < 80) return 'slow';
  if (bpm < 100) return 'laid-back';
  if (bpm < 116) return 'mid-tempo';
  if (bpm < 140) return 'upbeat';
  if (bpm < 165) return 'fast';
  return 'very fast';
}

const article = (word: string) => (/^[aeiou]/i.test(word) || /^(8|11|18)\b/.test(word) ? 'An' : 'A');
const listing = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/**
 * Two sentences, e.g. "An upbeat Surf Rock instrumental in E minor at 158 BPM, with electric guitar,
 * plucked strings, pads, bass guitar and drums. Energetic and dark."
 */
export function songDescription(o: {
  spec: Pick<SongSpec, 'bpm' | 'keyRoot' | 'minor' | 'vocal'>;
  subgenre: string;
  instruments: string[];
  moods: string[];
}): string {
  const tempo = tempoWord(o.spec.bpm);
  const kind = o.spec.vocal ? 'song' : 'instrumental';
  const key = `${KEYS[o.spec.keyRoot] ?? 'C'} ${o.spec.minor ? 'minor' : 'major'}`;
  const played = o.instruments.filter((i) => i !== 'vocals' && i !== 'drum machine');
  const first =
    `${article(tempo)} ${tempo} ${o.subgenre} ${kind} in ${key} at ${o.spec.bpm} BPM, ` +
    `with ${listing(played)}${o.instruments.includes('drum machine') ? ' from a drum machine' : ''}.`;
  const mood = listing(o.moods.map((m) => m.toLowerCase()));
  const feel = mood ? mood[0]!.toUpperCase() + mood.slice(1) : '';
  const voice = o.spec.vocal ? 'wordless sung vocals (ooh and aah, no lyrics)' : 'no vocals';
  return `${first} ${feel ? `${feel}, with ${voice}.` : `${voice[0]!.toUpperCase()}${voice.slice(1)}.`}`;
}

/** What each mood is typically used for: search keywords beside the theme tags the plan drew. */
const MOOD_USES: Record<string, string[]> = {
  Happy: ['feel good', 'lifestyle'],
  Uplifting: ['inspiration', 'corporate video'],
  Chill: ['background music', 'study'],
  Dark: ['thriller', 'crime'],
  Epic: ['trailer', 'sports highlights'],
  Romantic: ['love story', 'wedding'],
  Dreamy: ['slow motion', 'mood board'],
  Energetic: ['workout', 'action'],
  Melancholic: ['drama', 'reflection'],
  Mysterious: ['mystery', 'investigation'],
  Playful: ['comedy', 'kids'],
  Tense: ['suspense', 'horror'],
  Hopeful: ['charity', 'new beginnings'],
  Groovy: ['dance', 'fashion'],
  Peaceful: ['meditation', 'yoga'],
  Sentimental: ['memories', 'family'],
};

export function songKeywords(themes: string[], moods: string[]): string[] {
  return [...new Set([...themes, ...moods.flatMap((m) => MOOD_USES[m] ?? [])].map((k) => k.toLowerCase()))];
}

/** e.g. "A 1.4-second whoosh of airy … falls away. For motion graphics, fast cuts and title sequences." */
export function sfxDescription(category: SfxCategory, what: string, durationSec: number): string {
  const secs = durationSec < 1.95 ? durationSec.toFixed(1) : String(Math.round(durationSec));
  return `${article(secs)} ${secs}-second ${what}. For ${listing(SFX_RECIPES[category].uses)}.`;
}

export function sfxKeywords(category: SfxCategory): string[] {
  return [...SFX_RECIPES[category].uses];
}

/** Release years of the demo catalogue: spread over the last decade, drawn from the seed. */
export const DEMO_RELEASE_YEARS: [number, number] = [2015, 2026];
