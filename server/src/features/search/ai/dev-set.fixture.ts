import type { SearchDoc, SearchTaxonomy } from '../search.types';

/**
 * The AI engine's own development set (decision 059): a small synthetic catalogue named like the demo's
 * and the prompts it was tuned on. The independent labelled set in bench/search-quality is never read
 * by this module or its tests.
 */

const ref = (name: string) => ({ id: `id-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`, name });

export const TAXONOMY: SearchTaxonomy = {
  genres: [
    { ...ref('Rock & Roll'), subgenres: [ref('Surf Rock'), ref('Classic Rock')] },
    { ...ref('Electronic'), subgenres: [ref('House'), ref('Techno'), ref('Drum & Bass'), ref('Synthwave')] },
    { ...ref('Hip Hop'), subgenres: [ref('Boom Bap'), ref('Lo-Fi Beats'), ref('Trap')] },
    { ...ref('Pop'), subgenres: [ref('Synth Pop'), ref('Acoustic Pop'), ref('Dance Pop')] },
    { ...ref('Música Latina'), subgenres: [ref('Reggaetón'), ref('Día de Muertos'), ref('Bossa Nova')] },
    { ...ref('Cinematic'), subgenres: [ref('Epic Trailer'), ref('Suspense'), ref('Emotional Score')] },
    { ...ref('Ambient & Chill'), subgenres: [ref('Chillout'), ref('Downtempo'), ref('Café Lounge')] },
    { ...ref('Jazz & Blues'), subgenres: [ref('Smooth Jazz'), ref('Lounge')] },
    { ...ref('Folk & Acoustic'), subgenres: [ref('Indie Folk'), ref('Country')] },
    { ...ref('Corporate & Motivational'), subgenres: [ref('Upbeat Corporate'), ref('Inspiring')] },
    { ...ref('Kids & Family'), subgenres: [ref('Playful'), ref('Lullaby')] },
  ],
  moods: [
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
  ].map(ref),
  categories: ['Whooshes', 'Impacts', 'Risers', 'UI Clicks', 'Ambiences', 'Footsteps', 'Nature', 'Cartoon'].map(ref),
};

type Spec = {
  id: string;
  title: string;
  genre?: string;
  sub?: string;
  category?: string;
  moods?: string[];
  tags?: string[];
  instruments?: string[];
  description?: string;
  bpm?: number | null;
  duration?: number;
  vocal?: boolean;
};

function doc(s: Spec): SearchDoc {
  return {
    id: s.id,
    type: s.category ? 'sfx' : 'music',
    title: s.title,
    artist: ref('Test Artist'),
    genres: s.genre ? [ref(s.genre)] : [],
    subgenres: s.sub ? [ref(s.sub)] : [],
    categories: s.category ? [ref(s.category)] : [],
    moods: (s.moods ?? []).map(ref),
    tags: (s.tags ?? []).map(ref),
    instruments: s.instruments ?? [],
    keywords: [],
    description: s.description ?? '',
    bpm: s.bpm === undefined ? 100 : s.bpm,
    duration: s.duration ?? 150,
    vocal: s.vocal ?? false,
    releaseYear: 2024,
    rank: 0,
    createdAt: 0,
    seq: 1,
  };
}

export const DOCS: SearchDoc[] = [
  doc({
    id: 'calm-piano',
    title: 'Quiet Morning',
    genre: 'Ambient & Chill',
    sub: 'Chillout',
    moods: ['Chill', 'Peaceful'],
    instruments: ['piano', 'pads'],
    tags: ['relax', 'study'],
    bpm: 72,
    description: 'A soft piano over warm pads.',
  }),
  doc({
    id: 'inspiring-piano',
    title: 'New Horizons',
    genre: 'Corporate & Motivational',
    sub: 'Inspiring',
    moods: ['Hopeful', 'Uplifting'],
    instruments: ['piano', 'strings'],
    tags: ['motivation', 'advertising'],
    bpm: 96,
  }),
  doc({
    id: 'lullaby',
    title: 'Little Star',
    genre: 'Kids & Family',
    sub: 'Lullaby',
    moods: ['Peaceful', 'Dreamy'],
    instruments: ['bells', 'pads'],
    tags: ['sleep', 'kids'],
    bpm: 64,
  }),
  doc({
    id: 'dnb-fast',
    title: 'Neon Rush',
    genre: 'Electronic',
    sub: 'Drum & Bass',
    moods: ['Energetic'],
    instruments: ['reese bass', 'synth lead'],
    tags: ['breakbeat', 'energy'],
    bpm: 174,
    duration: 110,
  }),
  doc({
    id: 'dnb-vocal',
    title: 'Skyline Calling',
    genre: 'Electronic',
    sub: 'Drum & Bass',
    moods: ['Energetic', 'Uplifting'],
    instruments: ['synth bass'],
    tags: ['breakbeat'],
    bpm: 172,
    duration: 200,
    vocal: true,
  }),
  doc({
    id: 'house-happy',
    title: 'Sunny Side',
    genre: 'Electronic',
    sub: 'House',
    moods: ['Happy', 'Groovy'],
    instruments: ['electric piano', 'synth bass'],
    tags: ['club', 'summer', 'party'],
    bpm: 124,
    vocal: true,
  }),
  doc({
    id: 'techno-dark',
    title: 'Underground',
    genre: 'Electronic',
    sub: 'Techno',
    moods: ['Dark', 'Tense'],
    instruments: ['synthesizer'],
    tags: ['club', 'night'],
    bpm: 130,
  }),
  doc({
    id: 'acoustic-pop',
    title: 'Road Home',
    genre: 'Pop',
    sub: 'Acoustic Pop',
    moods: ['Happy', 'Hopeful'],
    instruments: ['acoustic guitar'],
    tags: ['travel', 'vlog'],
    bpm: 108,
    vocal: true,
  }),
  doc({
    id: 'folk-calm',
    title: 'River Song',
    genre: 'Folk & Acoustic',
    sub: 'Indie Folk',
    moods: ['Chill', 'Sentimental'],
    instruments: ['acoustic guitar', 'flute'],
    tags: ['nature', 'travel'],
    bpm: 84,
  }),
  doc({
    id: 'epic-trailer',
    title: 'Rise of Titans',
    genre: 'Cinematic',
    sub: 'Epic Trailer',
    moods: ['Epic', 'Tense'],
    instruments: ['strings', 'brass'],
    tags: ['trailer', 'orchestral'],
    bpm: 140,
  }),
  doc({
    id: 'sad-score',
    title: 'Letters',
    genre: 'Cinematic',
    sub: 'Emotional Score',
    moods: ['Melancholic', 'Sentimental'],
    instruments: ['strings', 'piano'],
    tags: ['drama'],
    bpm: 70,
  }),
  doc({
    id: 'lofi',
    title: 'Rainy Window',
    genre: 'Hip Hop',
    sub: 'Lo-Fi Beats',
    moods: ['Chill', 'Dreamy'],
    instruments: ['electric piano'],
    tags: ['study', 'relax'],
    bpm: 82,
  }),
  doc({
    id: 'trap',
    title: 'Gold Chains',
    genre: 'Hip Hop',
    sub: 'Trap',
    moods: ['Dark', 'Energetic'],
    instruments: ['sub bass'],
    tags: ['808', 'urban'],
    bpm: 140,
    vocal: true,
  }),
  doc({
    id: 'corporate',
    title: 'Forward Motion',
    genre: 'Corporate & Motivational',
    sub: 'Upbeat Corporate',
    moods: ['Happy', 'Uplifting'],
    instruments: ['acoustic guitar', 'synthesizer'],
    tags: ['business', 'presentation', 'advertising'],
    bpm: 118,
  }),
  doc({
    id: 'bossa',
    title: 'Copacabana Walk',
    genre: 'Música Latina',
    sub: 'Bossa Nova',
    moods: ['Romantic', 'Chill'],
    instruments: ['acoustic guitar'],
    tags: ['brazil', 'coffee'],
    bpm: 92,
  }),
  doc({
    id: 'muertos',
    title: 'Calavera',
    genre: 'Música Latina',
    sub: 'Día de Muertos',
    moods: ['Happy', 'Playful'],
    instruments: ['brass'],
    tags: ['festive', 'trumpet'],
    bpm: 120,
  }),
  doc({
    id: 'surf',
    title: 'Wave Rider',
    genre: 'Rock & Roll',
    sub: 'Surf Rock',
    moods: ['Energetic', 'Happy'],
    instruments: ['electric guitar'],
    tags: ['beach', 'guitar'],
    bpm: 150,
  }),
  doc({
    id: 'playful',
    title: 'Bouncy Castle',
    genre: 'Kids & Family',
    sub: 'Playful',
    moods: ['Playful', 'Happy'],
    instruments: ['marimba'],
    tags: ['kids', 'cartoon'],
    bpm: 112,
  }),
  doc({
    id: 'sfx-whoosh',
    title: 'Fast Whoosh 3',
    category: 'Whooshes',
    tags: ['whoosh', 'transition'],
    bpm: null,
    duration: 2,
  }),
  doc({
    id: 'sfx-rain',
    title: 'Rain on Leaves',
    category: 'Nature',
    tags: ['nature', 'weather'],
    bpm: null,
    duration: 30,
  }),
];
