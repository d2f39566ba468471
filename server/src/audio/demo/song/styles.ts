import type { KitFlavour } from '../synth/drums';
import type { PresetName } from '../synth/instruments';

export type DrumFamily =
  | 'fourFloor' | 'rock' | 'motown' | 'boomBap' | 'dnb' | 'ambient' | 'trailer' | 'trap' | 'funk' | 'folk' | 'dembow' | 'cumbia' | 'jazz';
export type BassPattern = 'roots4' | 'offbeat' | 'eighths' | 'hiphop' | 'long' | 'walking' | 'latin' | 'dnb' | 'funk';
export type ChordRhythm = 'sustain' | 'offbeat' | 'strum' | 'arp' | 'pulse8' | 'comp';

export type Style = {
  family: DrumFamily;
  kit: KitFlavour;
  bpm: [number, number];
  bass: PresetName;
  bassPattern: BassPattern;
  chords: PresetName;
  chordRhythm: ChordRhythm;
  pad?: PresetName; // sustained layer under rhythmic chords in choruses
  lead: PresetName;
  minor: number; // probability of a minor key
  sevenths: boolean;
  barsPerChord: 1 | 2;
};

// Velocity strings, one character per sixteenth: X=1, x=0.75, o=0.5, -=0.28, .=rest.
export type DrumPattern = Partial<Record<'kick' | 'snare' | 'clap' | 'hat' | 'openHat' | 'shaker' | 'rim' | 'tom' | 'boom', string>>;
export type SectionDrums = { main: DrumPattern; intro: DrumPattern; breakdown: DrumPattern };

// Tempo honesty rules for every family (the catalogue test measures every song):
// - from 120 BPM up, where half tempo is also a plausible answer, every beat carries a kick, snare or clap;
// - below 100 BPM, where double tempo is plausible, the off-beat eighths carry only light hats or shakers.
export const DRUMS: Record<DrumFamily, SectionDrums> = {
  fourFloor: {
    main: { kick: 'X...X...X...X...', clap: '....x.......x...', hat: '-.-.-.-.-.-.-.-.', openHat: '..o...o...o...o.' },
    intro: { kick: 'X...X...X...X...', hat: '..o...o...o...o.' },
    breakdown: { kick: 'o...o...o...o...', clap: '....o.......o...', hat: '..-...-...-...-.' },
  },
  rock: {
    main: { kick: 'X.......X.......', snare: '....X.......X...', hat: 'x.o.x.o.x.o.x.o.' },
    intro: { kick: 'X.......X.......', snare: '....o.......o...', hat: 'o.-.o.-.o.-.o.-.' },
    breakdown: { kick: 'o.......o.......', rim: '....o.......o...', hat: 'o.-.o.-.o.-.o.-.' },
  },
  motown: {
    main: { kick: 'X...x...X...x...', snare: 'x...X...x...X...', hat: 'o.-.o.-.o.-.o.-.' },
    intro: { kick: 'X...x...X...x...', snare: '....o.......o...', hat: 'o.-.o.-.o.-.o.-.' },
    breakdown: { kick: 'o...o...o...o...', rim: '....o.......o...' },
  },
  boomBap: {
    main: { kick: 'X.........x.....', snare: '....X.......X...', hat: 'x.-.x.-.x.-.x.-.' },
    intro: { kick: 'X.........o.....', hat: 'x.-.x.-.x.-.x.-.' },
    breakdown: { kick: 'x.......x.......', rim: '....o.......o...', hat: 'o...o...o...o...' },
  },
  dnb: {
    main: { kick: 'X.......o.X.....', snare: '....X.......X...', hat: 'x.-.x.-.x.-.x.-.', shaker: '-.-.-.-.-.-.-.-.' },
    intro: { kick: 'X.......x.......', snare: '....o.......o...', hat: 'x.-.x.-.x.-.x.-.' },
    breakdown: { kick: 'x.......x.......', rim: '....o.......o...', hat: 'o.-.o.-.o.-.o.-.' },
  },
  ambient: {
    main: { kick: 'X.......x.......', rim: '....x.......x...', shaker: 'o.-.o.-.o.-.o.-.' },
    intro: { kick: 'x.......o.......', shaker: 'o...o...o...o...' },
    breakdown: { kick: 'o.......o.......', shaker: 'o...o...o...o...' },
  },
  trailer: {
    main: { boom: 'X...............', tom: 'x...x...x...x...', snare: '....X.......X...', kick: 'X.......X.......' },
    intro: { boom: 'X...............', tom: 'x...o...x...o...' },
    breakdown: { tom: 'o...o...o...o...', kick: 'o.......o.......' },
  },
  trap: {
    // Snare and clap together on 2 and 4 so the backbeat weighs as much as the 808 kick at the true tempo.
    main: { kick: 'X.......X.....o.', snare: '....X.......X...', clap: '....x.......x...', hat: 'x.o.x.o.x.o.x.o.' },
    intro: { kick: 'X.......X.......', hat: 'x.o.x.o.x.o.x.o.' },
    breakdown: { kick: 'o.......o.......', clap: '....o.......o...', hat: 'o.-.o.-.o.-.o.-.' },
  },
  funk: {
    main: { kick: 'X..o..x...X..o..', snare: '....X.......X...', hat: 'x-o-x-o-x-o-x-o-' },
    intro: { kick: 'X.........X.....', hat: 'x-o-x-o-x-o-x-o-' },
    breakdown: { kick: 'o.......o.......', rim: '....o.......o...', hat: 'o.-.o.-.o.-.o.-.' },
  },
  folk: {
    main: { kick: 'X.......X.......', snare: '....x.......x...', shaker: 'o.-.o.-.o.-.o.-.' },
    intro: { kick: 'x.......x.......', shaker: 'o.-.o.-.o.-.o.-.' },
    breakdown: { kick: 'o.......o.......', rim: '....o.......o...' },
  },
  dembow: {
    main: { kick: 'X...X...X...X...', snare: '...o..o....o..o.', hat: 'o.-.o.-.o.-.o.-.' },
    intro: { kick: 'X...X...X...X...', hat: 'o.-.o.-.o.-.o.-.' },
    breakdown: { kick: 'o...o...o...o...', rim: '...-..-....-..-.' },
  },
  cumbia: {
    main: { kick: 'X.......X.......', rim: '....x.......x...', shaker: 'x.-.x.-.x.-.x.-.', tom: '....o.......o...' },
    intro: { kick: 'x.......x.......', shaker: 'x.-.x.-.x.-.x.-.' },
    breakdown: { kick: 'o.......o.......', shaker: 'o.-.o.-.o.-.o.-.' },
  },
  jazz: {
    main: { kick: 'x.......x.......', rim: '....x.......x...', hat: 'x..-x..-x..-x..-' },
    intro: { kick: 'o.......o.......', hat: 'x..-x..-x..-x..-' },
    breakdown: { kick: 'o.......o.......', hat: 'o...o...o...o...' },
  },
};

const s = (o: Style): Style => o;

export const STYLES = {
  rockabilly: s({ family: 'rock', kit: 'acoustic', bpm: [140, 160], bass: 'fingerBass', bassPattern: 'walking', chords: 'powerGuitar', chordRhythm: 'pulse8', lead: 'pluckLead', minor: 0.2, sevenths: false, barsPerChord: 1 }),
  surfRock: s({ family: 'rock', kit: 'acoustic', bpm: [150, 166], bass: 'fingerBass', bassPattern: 'eighths', chords: 'powerGuitar', chordRhythm: 'pulse8', lead: 'pluckLead', minor: 0.5, sevenths: false, barsPerChord: 1 }),
  garageRock: s({ family: 'rock', kit: 'acoustic', bpm: [124, 142], bass: 'sawBass', bassPattern: 'eighths', chords: 'powerGuitar', chordRhythm: 'pulse8', lead: 'sawLead', minor: 0.5, sevenths: false, barsPerChord: 1 }),
  classicRock: s({ family: 'rock', kit: 'acoustic', bpm: [120, 134], bass: 'fingerBass', bassPattern: 'eighths', chords: 'powerGuitar', chordRhythm: 'pulse8', pad: 'organ', lead: 'sawLead', minor: 0.3, sevenths: false, barsPerChord: 1 }),
  house: s({ family: 'fourFloor', kit: 'electronic', bpm: [120, 126], bass: 'sawBass', bassPattern: 'offbeat', chords: 'brightStab', chordRhythm: 'offbeat', pad: 'warmPad', lead: 'squareLead', minor: 0.5, sevenths: true, barsPerChord: 2 }),
  techno: s({ family: 'fourFloor', kit: 'electronic', bpm: [126, 132], bass: 'squareBass', bassPattern: 'offbeat', chords: 'brightStab', chordRhythm: 'offbeat', pad: 'warmPad', lead: 'bell', minor: 0.9, sevenths: false, barsPerChord: 2 }),
  drumAndBass: s({ family: 'dnb', kit: 'electronic', bpm: [170, 176], bass: 'reeseBass', bassPattern: 'dnb', chords: 'warmPad', chordRhythm: 'sustain', lead: 'bell', minor: 0.8, sevenths: true, barsPerChord: 2 }),
  synthwave: s({ family: 'rock', kit: 'electronic', bpm: [100, 118], bass: 'sawBass', bassPattern: 'eighths', chords: 'synthPad80s', chordRhythm: 'pulse8', pad: 'warmPad', lead: 'sawLead', minor: 0.7, sevenths: false, barsPerChord: 1 }),
  boomBap: s({ family: 'boomBap', kit: 'acoustic', bpm: [86, 96], bass: 'subBass', bassPattern: 'hiphop', chords: 'ePiano', chordRhythm: 'comp', lead: 'flute', minor: 0.7, sevenths: true, barsPerChord: 1 }),
  lofi: s({ family: 'boomBap', kit: 'lofi', bpm: [70, 84], bass: 'subBass', bassPattern: 'hiphop', chords: 'ePiano', chordRhythm: 'comp', lead: 'bell', minor: 0.5, sevenths: true, barsPerChord: 1 }),
  trap: s({ family: 'trap', kit: 'electronic', bpm: [136, 146], bass: 'subBass', bassPattern: 'long', chords: 'warmPad', chordRhythm: 'sustain', lead: 'bell', minor: 0.9, sevenths: false, barsPerChord: 2 }),
  oldSchool: s({ family: 'boomBap', kit: 'acoustic', bpm: [94, 99], bass: 'squareBass', bassPattern: 'hiphop', chords: 'brightStab', chordRhythm: 'comp', lead: 'brass', minor: 0.5, sevenths: false, barsPerChord: 1 }),
  neoSoul: s({ family: 'boomBap', kit: 'lofi', bpm: [72, 88], bass: 'fingerBass', bassPattern: 'hiphop', chords: 'ePiano', chordRhythm: 'comp', lead: 'flute', minor: 0.4, sevenths: true, barsPerChord: 1 }),
  motown: s({ family: 'motown', kit: 'acoustic', bpm: [120, 132], bass: 'fingerBass', bassPattern: 'walking', chords: 'organ', chordRhythm: 'comp', lead: 'brass', minor: 0.2, sevenths: false, barsPerChord: 1 }),
  funk: s({ family: 'funk', kit: 'acoustic', bpm: [104, 116], bass: 'fingerBass', bassPattern: 'funk', chords: 'brightStab', chordRhythm: 'comp', lead: 'brass', minor: 0.6, sevenths: true, barsPerChord: 2 }),
  rnb: s({ family: 'boomBap', kit: 'electronic', bpm: [88, 98], bass: 'subBass', bassPattern: 'hiphop', chords: 'warmPad', chordRhythm: 'sustain', lead: 'ePiano', minor: 0.6, sevenths: true, barsPerChord: 1 }),
  synthPop: s({ family: 'fourFloor', kit: 'electronic', bpm: [112, 124], bass: 'sawBass', bassPattern: 'eighths', chords: 'synthPad80s', chordRhythm: 'pulse8', lead: 'squareLead', minor: 0.4, sevenths: false, barsPerChord: 1 }),
  indiePop: s({ family: 'rock', kit: 'acoustic', bpm: [104, 124], bass: 'fingerBass', bassPattern: 'roots4', chords: 'acousticGuitar', chordRhythm: 'strum', pad: 'stringPad', lead: 'bell', minor: 0.3, sevenths: false, barsPerChord: 1 }),
  dancePop: s({ family: 'fourFloor', kit: 'electronic', bpm: [118, 126], bass: 'sawBass', bassPattern: 'offbeat', chords: 'brightStab', chordRhythm: 'offbeat', pad: 'warmPad', lead: 'sawLead', minor: 0.4, sevenths: false, barsPerChord: 1 }),
  acousticPop: s({ family: 'folk', kit: 'acoustic', bpm: [90, 110], bass: 'fingerBass', bassPattern: 'roots4', chords: 'acousticGuitar', chordRhythm: 'strum', lead: 'flute', minor: 0.3, sevenths: false, barsPerChord: 1 }),
  reggaeton: s({ family: 'dembow', kit: 'electronic', bpm: [88, 98], bass: 'subBass', bassPattern: 'roots4', chords: 'brightStab', chordRhythm: 'sustain', lead: 'pluckLead', minor: 0.8, sevenths: false, barsPerChord: 1 }),
  cumbia: s({ family: 'cumbia', kit: 'acoustic', bpm: [90, 100], bass: 'fingerBass', bassPattern: 'latin', chords: 'organ', chordRhythm: 'comp', lead: 'flute', minor: 0.5, sevenths: false, barsPerChord: 1 }),
  mariachi: s({ family: 'motown', kit: 'acoustic', bpm: [120, 134], bass: 'fingerBass', bassPattern: 'roots4', chords: 'acousticGuitar', chordRhythm: 'strum', lead: 'brass', minor: 0.4, sevenths: false, barsPerChord: 1 }),
  bossaNova: s({ family: 'jazz', kit: 'soft', bpm: [100, 116], bass: 'fingerBass', bassPattern: 'latin', chords: 'acousticGuitar', chordRhythm: 'comp', lead: 'flute', minor: 0.5, sevenths: true, barsPerChord: 1 }),
  epicTrailer: s({ family: 'trailer', kit: 'cinematic', bpm: [80, 96], bass: 'reeseBass', bassPattern: 'long', chords: 'stringPad', chordRhythm: 'sustain', lead: 'brass', minor: 0.9, sevenths: false, barsPerChord: 1 }),
  adventure: s({ family: 'trailer', kit: 'cinematic', bpm: [100, 118], bass: 'sawBass', bassPattern: 'eighths', chords: 'stringPad', chordRhythm: 'pulse8', lead: 'brass', minor: 0.4, sevenths: false, barsPerChord: 1 }),
  suspense: s({ family: 'ambient', kit: 'cinematic', bpm: [70, 82], bass: 'reeseBass', bassPattern: 'long', chords: 'warmPad', chordRhythm: 'sustain', lead: 'bell', minor: 1, sevenths: false, barsPerChord: 2 }),
  emotional: s({ family: 'ambient', kit: 'soft', bpm: [66, 78], bass: 'subBass', bassPattern: 'long', chords: 'stringPad', chordRhythm: 'sustain', lead: 'flute', minor: 0.6, sevenths: false, barsPerChord: 1 }),
  chillout: s({ family: 'folk', kit: 'soft', bpm: [86, 100], bass: 'subBass', bassPattern: 'roots4', chords: 'warmPad', chordRhythm: 'sustain', lead: 'bell', minor: 0.5, sevenths: true, barsPerChord: 2 }),
  downtempo: s({ family: 'boomBap', kit: 'lofi', bpm: [80, 94], bass: 'subBass', bassPattern: 'hiphop', chords: 'warmPad', chordRhythm: 'arp', lead: 'flute', minor: 0.7, sevenths: true, barsPerChord: 2 }),
  ambientDrift: s({ family: 'ambient', kit: 'soft', bpm: [64, 74], bass: 'subBass', bassPattern: 'long', chords: 'warmPad', chordRhythm: 'arp', lead: 'bell', minor: 0.5, sevenths: true, barsPerChord: 2 }),
  lounge: s({ family: 'jazz', kit: 'soft', bpm: [100, 118], bass: 'fingerBass', bassPattern: 'walking', chords: 'ePiano', chordRhythm: 'comp', lead: 'flute', minor: 0.5, sevenths: true, barsPerChord: 1 }),
  smoothJazz: s({ family: 'jazz', kit: 'soft', bpm: [86, 98], bass: 'fingerBass', bassPattern: 'walking', chords: 'ePiano', chordRhythm: 'comp', lead: 'sawLead', minor: 0.5, sevenths: true, barsPerChord: 1 }),
  bluesRock: s({ family: 'rock', kit: 'acoustic', bpm: [120, 136], bass: 'fingerBass', bassPattern: 'walking', chords: 'powerGuitar', chordRhythm: 'pulse8', pad: 'organ', lead: 'sawLead', minor: 0.3, sevenths: true, barsPerChord: 1 }),
  nuJazz: s({ family: 'funk', kit: 'electronic', bpm: [104, 118], bass: 'fingerBass', bassPattern: 'funk', chords: 'ePiano', chordRhythm: 'comp', pad: 'warmPad', lead: 'flute', minor: 0.6, sevenths: true, barsPerChord: 1 }),
  indieFolk: s({ family: 'folk', kit: 'acoustic', bpm: [100, 118], bass: 'fingerBass', bassPattern: 'roots4', chords: 'acousticGuitar', chordRhythm: 'strum', lead: 'flute', minor: 0.4, sevenths: false, barsPerChord: 1 }),
  country: s({ family: 'rock', kit: 'acoustic', bpm: [120, 144], bass: 'fingerBass', bassPattern: 'walking', chords: 'acousticGuitar', chordRhythm: 'strum', lead: 'pluckLead', minor: 0.1, sevenths: false, barsPerChord: 1 }),
  singerSongwriter: s({ family: 'folk', kit: 'soft', bpm: [76, 96], bass: 'fingerBass', bassPattern: 'roots4', chords: 'acousticGuitar', chordRhythm: 'strum', lead: 'ePiano', minor: 0.4, sevenths: false, barsPerChord: 1 }),
  corporate: s({ family: 'fourFloor', kit: 'electronic', bpm: [112, 124], bass: 'pluckBass', bassPattern: 'eighths', chords: 'acousticGuitar', chordRhythm: 'strum', pad: 'stringPad', lead: 'bell', minor: 0.05, sevenths: false, barsPerChord: 1 }),
  inspiring: s({ family: 'rock', kit: 'acoustic', bpm: [100, 118], bass: 'subBass', bassPattern: 'eighths', chords: 'stringPad', chordRhythm: 'pulse8', lead: 'ePiano', minor: 0.1, sevenths: false, barsPerChord: 1 }),
  playful: s({ family: 'motown', kit: 'acoustic', bpm: [120, 136], bass: 'pluckBass', bassPattern: 'roots4', chords: 'organ', chordRhythm: 'comp', lead: 'marimba', minor: 0, sevenths: false, barsPerChord: 1 }),
  lullaby: s({ family: 'ambient', kit: 'soft', bpm: [64, 74], bass: 'subBass', bassPattern: 'long', chords: 'warmPad', chordRhythm: 'arp', lead: 'bell', minor: 0, sevenths: false, barsPerChord: 1 }),
  afrobeat: s({ family: 'funk', kit: 'acoustic', bpm: [104, 116], bass: 'fingerBass', bassPattern: 'funk', chords: 'organ', chordRhythm: 'comp', lead: 'brass', minor: 0.6, sevenths: true, barsPerChord: 2 }),
  celtic: s({ family: 'folk', kit: 'acoustic', bpm: [120, 138], bass: 'fingerBass', bassPattern: 'roots4', chords: 'acousticGuitar', chordRhythm: 'strum', lead: 'flute', minor: 0.5, sevenths: false, barsPerChord: 1 }),
  balkanBrass: s({ family: 'motown', kit: 'acoustic', bpm: [130, 150], bass: 'squareBass', bassPattern: 'roots4', chords: 'organ', chordRhythm: 'comp', lead: 'brass', minor: 0.9, sevenths: false, barsPerChord: 1 }),
} satisfies Record<string, Style>;

export type StyleId = keyof typeof STYLES;
