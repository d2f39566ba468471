import { hashSeed, Rng } from '../rng';
import { SFX_CATEGORIES, SFX_RECIPES, type SfxCategory } from '../sfx/recipes';
import type { SongSpec } from '../song/compose';
import { songBars, songDurationSec } from '../song/compose';
import { STYLES } from '../song/styles';
import { DEMO_RELEASE_YEARS, sfxKeywords, songDescription, songInstruments, songKeywords } from './describe';
import { artistName, songTitle } from './names';
import { GENRES, INSTRUMENT_TAGS, MOODS, THEME_TAGS, type Mood } from './taxonomy';

export type AudioFormat = 'flac' | 'wav';
export type SongJob = {
  kind: 'song';
  key: string;
  spec: SongSpec;
  files: { instrumental: string; vocal?: string; stem_bass: string; stem_instruments: string };
};
export type SfxJob = { kind: 'sfx'; key: string; category: SfxCategory; seed: number; file: string };
export type RenderJob = SongJob | SfxJob;

export type ManifestTrack = {
  key: string;
  type: 'music' | 'sfx';
  title: string;
  artist: string;
  genre?: string;
  subgenre?: string;
  category?: string;
  moods: string[];
  tags: string[];
  files: { vocal?: string; instrumental: string; stem_bass?: string; stem_instruments?: string };
  cover?: string;
  bpm?: number;
  // Search metadata (decision 062). A sound effect's description is written after rendering, from the
  // variant its recipe made.
  description: string;
  instruments?: string[];
  keywords: string[];
  releaseYear: number;
};
export type ManifestPlaylist = {
  name: string;
  description: string;
  placement: 'homepage' | 'music' | 'sfx' | 'reels' | 'top';
  cover: string;
  tracks: string[];
};
export type Manifest = {
  genres: { name: string; cover: string; subgenres: { name: string; cover: string }[] }[];
  sfxCategories: { name: string; cover: string }[];
  moods: { name: string; cover: string }[];
  tracks: ManifestTrack[];
  playlists: ManifestPlaylist[];
};
// No label: the web app captions every category and playlist tile and titles every page beside its
// cover, so a name lettered into the art showed twice.
export type Cover = { path: string; seed: number };
export type Plan = { manifest: Manifest; jobs: RenderJob[]; covers: Cover[] };

export const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const MINOR_MOODS: Mood[] = ['Dark', 'Melancholic', 'Mysterious', 'Tense', 'Dreamy', 'Epic', 'Romantic', 'Sentimental'];
const MAJOR_MOODS: Mood[] = ['Happy', 'Uplifting', 'Playful', 'Hopeful', 'Romantic', 'Peaceful', 'Dreamy'];
const SFX_ARTISTS = ['Cuewave Foley', 'Soundsmith Studio', 'Field & Foley Co.', 'Pixel Audio Lab'];

// Everything about the catalogue except the audio itself, decided up front from the seed so workers only render.
export function makePlan(songs: number, sfx: number, seed: number, format: AudioFormat): Plan {
  const rng = new Rng(seed);
  // Independent streams, so the songs, sound effects and playlists do not shift when another part changes size.
  const songRng = rng.fork(101);
  const sfxRng = rng.fork(202);
  const listRng = rng.fork(303);
  const songYears = rng.fork(404);
  const sfxYears = rng.fork(505);
  const covers: Cover[] = [];
  const cover = (path: string) => {
    covers.push({ path, seed: hashString(path, seed) });
    return path;
  };
  const manifest: Manifest = {
    genres: GENRES.map((g) => ({
      name: g.name,
      cover: cover(`covers/genre-${slug(g.name)}.svg`),
      subgenres: g.subgenres.map((s) => ({
        name: s.name,
        cover: cover(`covers/sub-${slug(g.name)}-${slug(s.name)}.svg`),
      })),
    })),
    sfxCategories: SFX_CATEGORIES.map((c) => ({ name: c, cover: cover(`covers/sfx-${slug(c)}.svg`) })),
    moods: MOODS.map((m) => ({ name: m, cover: cover(`covers/mood-${slug(m)}.svg`) })),
    tracks: [],
    playlists: [],
  };
  const jobs: RenderJob[] = [];
  const durations = new Map<string, number>();
  const seen = new Set<string>();
  const seenTitles = new Set<string>();
  const subgenres = rng.shuffle(GENRES.flatMap((g) => g.subgenres.map((s) => ({ genre: g.name, ...s }))));
  for (let i = 0; i < songs; i++) {
    const key = `song-${String(i + 1).padStart(4, '0')}`;
    const sg = subgenres[i % subgenres.length]!;
    const style = STYLES[sg.style];
    const r = songRng.fork(i);
    const bpm = r.int(style.bpm[0], style.bpm[1]);
    // Mostly short cuts (what video editors reach for, and what keeps the first-start build fast), some full
    // lengths; every sixth song is a punchy 45-50 s cut for the reels and shorts playlists.
    const lengthRoll = r.next();
    const targetSec =
      i % 6 === 5
        ? r.range(44, 50)
        : lengthRoll < 0.75
          ? r.range(45, 54)
          : lengthRoll < 0.95
            ? r.range(55, 78)
            : r.range(80, 98);
    const vocal = r.chance(0.6);
    const minor = r.chance(style.minor);
    const spec: SongSpec = {
      seed: r.int(1, 2 ** 31 - 1),
      styleId: sg.style,
      bpm,
      targetSec,
      vocal,
      keyRoot: r.int(0, 11),
      minor,
    };
    // Distinct titles read better in a catalogue; after many tries a repeat is fine if the artist differs.
    let title = songTitle(r);
    let artist = artistName(r);
    for (let tries = 0; seenTitles.has(title) && tries < 40; tries++) title = songTitle(r);
    while (seen.has(`${title}|${artist}`)) {
      title = songTitle(r);
      artist = artistName(r);
    }
    seen.add(`${title}|${artist}`);
    seenTitles.add(title);
    const moods = new Set<string>();
    moods.add(r.pick(minor ? MINOR_MOODS : MAJOR_MOODS));
    if (bpm >= 118) moods.add(r.pick(['Energetic', 'Groovy', minor ? 'Epic' : 'Uplifting']));
    else if (bpm <= 88) moods.add(r.pick(['Chill', 'Peaceful', 'Dreamy', 'Sentimental']));
    else moods.add(r.pick(['Groovy', 'Chill', minor ? 'Mysterious' : 'Hopeful']));
    if (r.chance(0.4)) moods.add(r.pick(minor ? MINOR_MOODS : MAJOR_MOODS));
    const presets = [style.bass, style.chords, style.lead, ...(style.pad ? [style.pad] : [])];
    const tags = new Set<string>(['drums', ...presets.flatMap((p) => INSTRUMENT_TAGS[p] ?? []), ...sg.tags]);
    if (vocal) tags.add('vocals');
    const themes = [r.pick(THEME_TAGS)];
    if (r.chance(0.5)) themes.push(r.pick(THEME_TAGS));
    for (const theme of themes) tags.add(theme);
    const instruments = songInstruments(spec);
    const ext = format;
    const files = {
      instrumental: `${key}-instrumental.${ext}`,
      ...(vocal ? { vocal: `${key}-vocal.${ext}` } : {}),
      stem_bass: `${key}-bass.${ext}`,
      stem_instruments: `${key}-instruments.${ext}`,
    };
    jobs.push({ kind: 'song', key, spec, files });
    durations.set(key, songDurationSec(bpm, songBars(bpm, targetSec)));
    manifest.tracks.push({
      key,
      type: 'music',
      title,
      artist,
      genre: sg.genre,
      subgenre: sg.name,
      moods: [...moods],
      tags: [...tags],
      files,
      cover: cover(`covers/${key}.svg`),
      bpm,
      description: songDescription({ spec, subgenre: sg.name, instruments, moods: [...moods] }),
      instruments,
      keywords: songKeywords(themes, [...moods]),
      releaseYear: songYears.int(...DEMO_RELEASE_YEARS),
    });
  }
  for (let i = 0; i < sfx; i++) {
    const key = `sfx-${String(i + 1).padStart(4, '0')}`;
    const category = SFX_CATEGORIES[i % SFX_CATEGORIES.length]!;
    const file = `${key}.${format}`;
    jobs.push({ kind: 'sfx', key, category, seed: sfxRng.int(1, 2 ** 31 - 1), file });
    // The title comes from the recipe's render (it knows which variant it made); filled in after rendering.
    manifest.tracks.push({
      key,
      type: 'sfx',
      title: '',
      artist: sfxRng.pick(SFX_ARTISTS),
      category,
      moods: [],
      tags: [...SFX_RECIPES[category].tags],
      files: { instrumental: file },
      description: '',
      keywords: sfxKeywords(category),
      releaseYear: sfxYears.int(...DEMO_RELEASE_YEARS),
    });
  }
  manifest.playlists = makePlaylists(listRng, manifest.tracks, durations, cover);
  return { manifest, jobs, covers };
}

const hashString = (s: string, seed: number) => {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) h = hashSeed(h, s.charCodeAt(i));
  return h;
};

type Pick = (t: ManifestTrack) => boolean;

function makePlaylists(
  rng: Rng,
  tracks: ManifestTrack[],
  durations: Map<string, number>,
  cover: (path: string) => string,
): ManifestPlaylist[] {
  const music = tracks.filter((t) => t.type === 'music');
  const sfx = tracks.filter((t) => t.type === 'sfx');
  const has = (list: string[], ...want: string[]) => want.some((w) => list.includes(w));
  const inGenre =
    (...g: string[]): Pick =>
    (t) =>
      has([t.genre ?? ''], ...g);
  const withMood =
    (...m: string[]): Pick =>
    (t) =>
      has(t.moods, ...m);
  const inCategory =
    (...c: string[]): Pick =>
    (t) =>
      has([t.category ?? ''], ...c);
  const short: Pick = (t) => (durations.get(t.key) ?? Infinity) <= 55;
  const choose = (pool: ManifestTrack[], pick: Pick, min: number, max: number) => {
    let chosen = rng.shuffle(pool.filter(pick));
    // Tiny demo runs may not have enough matches; top up so no playlist is empty.
    if (chosen.length < min)
      chosen = [...chosen, ...rng.shuffle(pool.filter((t) => !chosen.includes(t)))].slice(0, min);
    return chosen.slice(0, rng.int(Math.max(min, Math.round(max * 0.6)), max)).map((t) => t.key);
  };
  const pl = (
    name: string,
    description: string,
    placement: ManifestPlaylist['placement'],
    keys: string[],
  ): ManifestPlaylist => ({
    name,
    description,
    placement,
    cover: cover(`covers/pl-${slug(name)}.svg`),
    tracks: keys,
  });
  const lists: ManifestPlaylist[] = [
    pl(
      'Sunny Vlogs',
      'Bright, carefree tracks for travel diaries and summer edits.',
      'homepage',
      choose(music, withMood('Happy', 'Uplifting', 'Playful'), 3, 18),
    ),
    pl(
      'Late Night Drive',
      'Neon synths and steady grooves for the empty highway.',
      'homepage',
      choose(music, (t) => has([t.subgenre ?? ''], 'Synthwave', 'House', 'Techno', 'Synth Pop', 'Drum & Bass'), 3, 16),
    ),
    pl(
      'Study & Focus',
      'Unobtrusive beats and pads that keep you in the zone.',
      'homepage',
      choose(music, withMood('Chill', 'Peaceful', 'Dreamy'), 3, 20),
    ),
    pl(
      'Epic Moments',
      'Big drums and bold themes for trailers and turning points.',
      'homepage',
      choose(music, (t) => withMood('Epic', 'Tense')(t) || inGenre('Cinematic')(t), 3, 15),
    ),
    pl(
      'Coffee Shop Mornings',
      'Warm keys, guitars and brushes for slow mornings.',
      'music',
      choose(music, (t) => inGenre('Jazz & Blues', 'Folk & Acoustic', 'Ambient & Chill')(t), 3, 18),
    ),
    pl(
      'Fiesta Latina',
      'Reggaetón, cumbia and Día de Muertos brass: ¡a bailar!',
      'music',
      choose(music, inGenre('Música Latina'), 3, 15),
    ),
    pl(
      'Workout Energy',
      'High-tempo tracks to push the last rep.',
      'music',
      choose(music, (t) => (t.bpm ?? 0) >= 120, 3, 20),
    ),
    pl(
      'Rainy Day Blues',
      'Reflective, bittersweet moods for grey afternoons.',
      'music',
      choose(music, withMood('Melancholic', 'Sentimental'), 3, 15),
    ),
    pl(
      'Dark & Mysterious',
      'Shadowy textures for thrillers, mysteries and night scenes.',
      'music',
      choose(music, withMood('Dark', 'Mysterious'), 3, 15),
    ),
    pl(
      'Feel-Good Funk & Soul',
      'Groove-first R&B, soul and funk.',
      'homepage',
      choose(music, (t) => inGenre('R&B & Soul')(t) || withMood('Groovy')(t), 3, 16),
    ),
    pl(
      'Rock & Roll Forever',
      'Rockabilly, surf and garage energy.',
      'music',
      choose(music, inGenre('Rock & Roll', 'Jazz & Blues'), 3, 14),
    ),
    pl(
      'Little Ones',
      'Playful tunes and lullabies for family content.',
      'music',
      choose(music, (t) => inGenre('Kids & Family')(t) || withMood('Playful')(t), 3, 12),
    ),
    pl(
      'UI Sound Kit',
      'Clicks, pops and confirmations for apps and websites.',
      'sfx',
      choose(sfx, inCategory('UI Clicks', 'Glitches'), 3, 16),
    ),
    pl(
      'Trailer Toolkit',
      'Impacts, risers, whooshes and transitions for cinematic edits.',
      'sfx',
      choose(sfx, inCategory('Impacts', 'Risers', 'Whooshes', 'Transitions'), 3, 20),
    ),
    pl(
      'Nature Escapes',
      'Wind, rain, birds and quiet rooms.',
      'sfx',
      choose(sfx, inCategory('Nature', 'Ambiences'), 3, 16),
    ),
    pl(
      'Comedy & Cartoon',
      'Boings, honks and slide whistles for comic timing.',
      'sfx',
      choose(sfx, inCategory('Cartoon', 'Household'), 3, 14),
    ),
    pl(
      'Foley & Sci-Fi',
      'Footsteps, doors and futuristic beeps.',
      'homepage',
      choose(sfx, inCategory('Footsteps', 'Household', 'Sci-Fi'), 3, 14),
    ),
    pl(
      'Reels: Trending Hooks',
      'Short, punchy cuts that land in the first second.',
      'reels',
      choose(music, (t) => short(t) && withMood('Happy', 'Energetic', 'Uplifting', 'Playful', 'Groovy')(t), 3, 12),
    ),
    pl(
      'Shorts: Hype Beats',
      'Hard-hitting beats for fast edits and transitions.',
      'reels',
      choose(music, (t) => short(t) && (t.bpm ?? 0) >= 110, 3, 12),
    ),
    pl(
      'Reels: Chill Aesthetic',
      'Soft, dreamy loops for mood boards and slow-motion clips.',
      'reels',
      choose(music, (t) => short(t) && withMood('Chill', 'Dreamy', 'Peaceful')(t), 3, 12),
    ),
    pl(
      'Shorts: Comedy Timing',
      'Quirky tracks and cartoon effects for sketches.',
      'reels',
      choose(tracks, (t) => (short(t) && withMood('Playful')(t)) || inCategory('Cartoon')(t), 3, 12),
    ),
    pl(
      'Top Music',
      'The most-used tracks in the library right now.',
      'top',
      choose(music, () => true, Math.min(30, music.length), 30),
    ),
  ];
  return lists;
}
