import type { StyleId } from '../song/styles';

export type SubgenreDef = { name: string; style: StyleId; tags: string[] };
export type GenreDef = { name: string; subgenres: SubgenreDef[] };

const sub = (name: string, style: StyleId, ...tags: string[]): SubgenreDef => ({ name, style, tags });

// Names deliberately include '&' and accented letters: they exercise slugs, search and URL encoding end to end.
export const GENRES: GenreDef[] = [
  {
    name: 'Rock & Roll',
    subgenres: [
      sub('Rockabilly', 'rockabilly', 'retro', 'guitar'),
      sub('Surf Rock', 'surfRock', 'beach', 'guitar'),
      sub('Garage Rock', 'garageRock', 'raw', 'guitar'),
      sub('Classic Rock', 'classicRock', 'guitar', 'organ'),
    ],
  },
  {
    name: 'Electronic',
    subgenres: [
      sub('House', 'house', 'club', 'synth'),
      sub('Techno', 'techno', 'club', 'dark'),
      sub('Drum & Bass', 'drumAndBass', 'breakbeat', 'energy'),
      sub('Synthwave', 'synthwave', 'retro', '80s'),
    ],
  },
  {
    name: 'Hip Hop',
    subgenres: [
      sub('Boom Bap', 'boomBap', 'beats', 'sampled'),
      sub('Lo-Fi Beats', 'lofi', 'study', 'relax'),
      sub('Trap', 'trap', '808', 'urban'),
      sub('Old School', 'oldSchool', 'retro', 'beats'),
    ],
  },
  {
    name: 'R&B & Soul',
    subgenres: [
      sub('Neo Soul', 'neoSoul', 'smooth', 'keys'),
      sub('Motown', 'motown', 'retro', 'organ'),
      sub('Funk', 'funk', 'groove', 'slap'),
      sub('Contemporary R&B', 'rnb', 'smooth', 'urban'),
    ],
  },
  {
    name: 'Pop',
    subgenres: [
      sub('Synth Pop', 'synthPop', 'synth', 'catchy'),
      sub('Indie Pop', 'indiePop', 'guitar', 'catchy'),
      sub('Dance Pop', 'dancePop', 'club', 'catchy'),
      sub('Acoustic Pop', 'acousticPop', 'acoustic', 'guitar'),
    ],
  },
  {
    name: 'Música Latina',
    subgenres: [
      sub('Reggaetón', 'reggaeton', 'dembow', 'party'),
      sub('Cumbia', 'cumbia', 'dance', 'organ'),
      sub('Día de Muertos', 'mariachi', 'festive', 'trumpet'),
      sub('Bossa Nova', 'bossaNova', 'brazil', 'guitar'),
    ],
  },
  {
    name: 'Cinematic',
    subgenres: [
      sub('Epic Trailer', 'epicTrailer', 'trailer', 'orchestral'),
      sub('Adventure', 'adventure', 'orchestral', 'heroic'),
      sub('Suspense', 'suspense', 'thriller', 'drone'),
      sub('Emotional Score', 'emotional', 'strings', 'drama'),
    ],
  },
  {
    name: 'Ambient & Chill',
    subgenres: [
      sub('Chillout', 'chillout', 'relax', 'pads'),
      sub('Downtempo', 'downtempo', 'relax', 'beats'),
      sub('Ambient Drift', 'ambientDrift', 'meditation', 'pads'),
      sub('Café Lounge', 'lounge', 'coffee', 'keys'),
    ],
  },
  {
    name: 'Jazz & Blues',
    subgenres: [
      sub('Smooth Jazz', 'smoothJazz', 'saxophone', 'keys'),
      sub('Blues Rock', 'bluesRock', 'guitar', 'organ'),
      sub('Nu Jazz', 'nuJazz', 'keys', 'groove'),
      sub('Lounge', 'lounge', 'cocktail', 'keys'),
    ],
  },
  {
    name: 'Folk & Acoustic',
    subgenres: [
      sub('Indie Folk', 'indieFolk', 'acoustic', 'guitar'),
      sub('Country', 'country', 'americana', 'guitar'),
      sub('Singer-Songwriter', 'singerSongwriter', 'acoustic', 'intimate'),
      sub('Celtic', 'celtic', 'flute', 'folk'),
    ],
  },
  {
    name: 'Corporate & Motivational',
    subgenres: [
      sub('Upbeat Corporate', 'corporate', 'business', 'presentation'),
      sub('Inspiring', 'inspiring', 'motivation', 'piano'),
      sub('Tech Launch', 'synthPop', 'technology', 'startup'),
    ],
  },
  {
    name: 'Kids & Family',
    subgenres: [
      sub('Playful', 'playful', 'kids', 'marimba'),
      sub('Lullaby', 'lullaby', 'sleep', 'music box'),
      sub('Cartoon Capers', 'rockabilly', 'cartoon', 'fun'),
    ],
  },
  {
    name: 'World',
    subgenres: [
      sub('Afrobeat', 'afrobeat', 'africa', 'groove'),
      sub('Balkan Brass', 'balkanBrass', 'brass', 'party'),
      sub('Bossa Café', 'bossaNova', 'brazil', 'coffee'),
    ],
  },
];

export const MOODS = [
  'Happy',
  'Uplifting',
  'Chill',
  'Dark',
  'Epic',
  'Romantic',
  'Dreamy',
  'Energetic',
  'Melancholic',
  'Mysterious',
  'Playful',
  'Tense',
  'Hopeful',
  'Groovy',
  'Peaceful',
  'Sentimental',
] as const;
export type Mood = (typeof MOODS)[number];

export const THEME_TAGS = [
  'summer',
  'travel',
  'vlog',
  'sport',
  'fashion',
  'technology',
  'nature',
  'night',
  'city',
  'gaming',
  'wedding',
  'holiday',
  'documentary',
  'fitness',
  'cooking',
  'road trip',
  'sunset',
  'party',
  'advertising',
  'podcast',
  'real estate',
  'beauty',
  'education',
  'festival',
];

export const INSTRUMENT_TAGS: Record<string, string[]> = {
  subBass: ['sub bass'],
  sawBass: ['synth bass'],
  squareBass: ['synth bass'],
  reeseBass: ['reese bass'],
  fingerBass: ['bass guitar'],
  pluckBass: ['plucked bass'],
  warmPad: ['pads'],
  stringPad: ['strings'],
  synthPad80s: ['synthesizer'],
  brightStab: ['synth stabs'],
  powerGuitar: ['electric guitar'],
  ePiano: ['electric piano'],
  organ: ['organ'],
  acousticGuitar: ['acoustic guitar'],
  squareLead: ['synth lead'],
  sawLead: ['synth lead'],
  flute: ['flute'],
  brass: ['brass'],
  bell: ['bells'],
  marimba: ['marimba'],
  pluckLead: ['plucked strings'],
};
