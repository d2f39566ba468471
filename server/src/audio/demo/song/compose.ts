import { Rng } from '../rng';
import type { DrumName } from '../synth/drums';
import type { PresetName } from '../synth/instruments';
import type { Vowel } from '../synth/voice';
import { DRUMS, STYLES, type BassPattern, type DrumPattern, type Style, type StyleId } from './styles';

export type SongSpec = {
  seed: number;
  styleId: StyleId;
  bpm: number;
  targetSec: number;
  vocal: boolean;
  keyRoot: number;
  minor: boolean;
};

export type NoteEvent = { step: number; len: number; midi: number; vel: number; preset: PresetName };
// Chord tones sound together (strummed: each string strumSec after the previous), so they render as one sound.
export type ChordEvent = {
  step: number;
  len: number;
  midis: number[];
  vel: number;
  preset: PresetName;
  strumSec: number;
};
export type VocalEvent = { step: number; len: number; midi: number; vel: number; vowel: Vowel };
export type DrumHit = { step: number; drum: DrumName; vel: number };
export type SectionKind = 'intro' | 'verse' | 'chorus' | 'break' | 'outro';
export type Section = { kind: SectionKind; bar: number; bars: number };
export type Score = {
  bars: number;
  sections: Section[];
  drums: DrumHit[];
  bass: NoteEvent[];
  chords: ChordEvent[];
  arp: NoteEvent[];
  lead: NoteEvent[];
  vocal: VocalEvent[];
};

const STEPS = 16;
const TAIL_SEC = 1.5;
const MAJOR = [0, 2, 4, 5, 7, 9, 11];
const MINOR = [0, 2, 3, 5, 7, 8, 10];
const MAJOR_PROGS = [
  [0, 4, 5, 3],
  [0, 5, 3, 4],
  [5, 3, 0, 4],
  [0, 3, 4, 3],
  [0, 3, 5, 4],
  [3, 4, 0, 5],
  [0, 2, 3, 4],
];
const MINOR_PROGS = [
  [0, 5, 2, 6],
  [0, 3, 4, 0],
  [0, 5, 3, 4],
  [0, 6, 5, 6],
  [0, 3, 6, 2],
  [5, 6, 0, 0],
  [0, 2, 5, 6],
];
const VEL: Record<string, number> = { X: 1, x: 0.75, o: 0.5, '-': 0.28 };
const MIDDLE_CYCLE: SectionKind[] = [
  'verse',
  'chorus',
  'verse',
  'chorus',
  'break',
  'chorus',
  'verse',
  'chorus',
  'chorus',
  'break',
];

export function songBars(bpm: number, targetSec: number): number {
  const phraseSec = (4 * 240) / bpm;
  const min = Math.ceil((45 - TAIL_SEC + 0.5) / phraseSec);
  const max = Math.floor((100 - TAIL_SEC - 0.5) / phraseSec);
  return 4 * Math.min(max, Math.max(min, Math.floor((targetSec - TAIL_SEC) / phraseSec)));
}

export const songDurationSec = (bpm: number, bars: number): number => (bars * 240) / bpm + TAIL_SEC;

function planSections(bars: number, bpm: number): Section[] {
  const phraseSec = (4 * 240) / bpm;
  // Fast songs get 8-bar sections; 4 bars of drum & bass is over in five seconds.
  const unit = phraseSec < 8 ? 8 : 4;
  const sections: Section[] = [{ kind: 'intro', bar: 0, bars: 4 }];
  const hasOutro = bars >= 16;
  const middleEnd = hasOutro ? bars - 4 : bars;
  let bar = 4;
  for (let i = 0; bar < middleEnd; i++) {
    const len = Math.min(unit, middleEnd - bar);
    const kind = bars <= 12 && bar + len >= middleEnd ? 'chorus' : MIDDLE_CYCLE[i % MIDDLE_CYCLE.length]!;
    const last = sections[sections.length - 1]!;
    if (len < unit && last.kind !== 'intro') last.bars += len;
    else sections.push({ kind, bar, bars: len });
    bar += len;
  }
  if (hasOutro) sections.push({ kind: 'outro', bar: middleEnd, bars: 4 });
  return sections;
}

type Harmony = { scale: number[]; key: number; sevenths: boolean };

const pitchOf = (h: Harmony, degree: number): number => {
  const oct = Math.floor(degree / 7);
  return h.key + h.scale[((degree % 7) + 7) % 7]! + 12 * oct;
};

// Midi note of a pitch class placed inside [lo, lo + 12).
const place = (pitch: number, lo: number): number => lo + ((((pitch - lo) % 12) + 12) % 12);

function chordMidis(h: Harmony, degree: number): number[] {
  const tones = h.sevenths ? [0, 2, 4, 6] : [0, 2, 4];
  return tones.map((t) => place(pitchOf(h, degree + t), 55)).sort((a, b) => a - b);
}

type BassStep = [step: number, len: number, tone: 'r' | '3' | '5' | 'o' | 'a', vel: number];
const BASS: Record<Exclude<BassPattern, 'long'>, BassStep[]> = {
  roots4: [
    [0, 4, 'r', 1],
    [4, 4, 'r', 0.8],
    [8, 4, 'r', 0.9],
    [12, 4, '5', 0.8],
  ],
  offbeat: [
    [2, 2, 'r', 1],
    [6, 2, 'r', 0.9],
    [10, 2, 'r', 1],
    [14, 2, 'o', 0.9],
  ],
  eighths: [
    [0, 2, 'r', 1],
    [2, 2, 'r', 0.7],
    [4, 2, 'r', 0.9],
    [6, 2, 'r', 0.7],
    [8, 2, 'r', 1],
    [10, 2, 'r', 0.7],
    [12, 2, '5', 0.9],
    [14, 2, 'o', 0.7],
  ],
  hiphop: [
    [0, 6, 'r', 1],
    [8, 4, 'r', 0.85],
    [12, 2, '5', 0.6],
    [14, 2, 'o', 0.5],
  ],
  walking: [
    [0, 4, 'r', 1],
    [4, 4, '3', 0.8],
    [8, 4, '5', 0.9],
    [12, 4, 'a', 0.8],
  ],
  latin: [
    [0, 3, 'r', 1],
    [3, 5, '5', 0.8],
    [8, 3, 'r', 0.9],
    [11, 5, '5', 0.8],
  ],
  dnb: [
    [0, 10, 'r', 1],
    [10, 6, 'r', 0.9],
  ],
  funk: [
    [0, 2, 'r', 1],
    [3, 1, 'o', 0.6],
    [6, 2, 'r', 0.8],
    [8, 2, 'r', 1],
    [10, 1, '5', 0.6],
    [11, 2, 'o', 0.7],
    [14, 2, 'r', 0.8],
  ],
};

// Per-bar rhythm cells [step, len] for melodies; the motif is a cell plus scale-degree offsets from the chord root.
const LEAD_CELLS: [number, number][][] = [
  [
    [0, 4],
    [4, 2],
    [6, 2],
    [8, 6],
    [14, 2],
  ],
  [
    [0, 3],
    [3, 3],
    [6, 2],
    [8, 4],
    [12, 4],
  ],
  [
    [0, 2],
    [2, 2],
    [4, 4],
    [10, 2],
    [12, 4],
  ],
  [
    [0, 6],
    [8, 8],
  ],
  [
    [0, 4],
    [4, 4],
    [8, 4],
    [12, 4],
  ],
];
const SLOW_LEAD_CELLS: [number, number][][] = [
  [
    [0, 4],
    [4, 4],
    [8, 8],
  ],
  [
    [0, 6],
    [8, 4],
    [12, 4],
  ],
  [
    [0, 8],
    [8, 8],
  ],
  [
    [0, 4],
    [4, 4],
    [8, 4],
    [12, 4],
  ],
];
const VOCAL_CELLS: [number, number][][] = [
  [
    [0, 4],
    [4, 4],
    [8, 6],
  ],
  [
    [0, 6],
    [8, 8],
  ],
  [
    [0, 4],
    [4, 4],
    [8, 4],
    [12, 4],
  ],
  [[0, 12]],
];
const STRONG = [0, 2, 4, 7, 4, 2];
const WEAK = [1, 3, 2, 5, 4, 6, -1];
const VOWELS: Vowel[] = ['o', 'a', 'a', 'e', 'o', 'u', 'a', 'i'];

type Motif = [step: number, len: number, offset: number][][]; // per bar

function makeMotif(rng: Rng, cells: [number, number][][], bars: number): Motif {
  const motif: Motif = [];
  let prev = rng.pick(STRONG);
  for (let b = 0; b < bars; b++) {
    const cell = rng.pick(cells);
    motif.push(
      cell.map(([step, len]) => {
        const strong = step % 8 === 0;
        // Stepwise motion on weak beats, chord tones on strong ones: simple and singable.
        const off = strong
          ? rng.pick(STRONG)
          : Math.max(-2, Math.min(8, prev + rng.pick([-1, 1, 1, 2, -2, WEAK[rng.int(0, WEAK.length - 1)]! - prev])));
        prev = off;
        return [step, len, off] as [number, number, number];
      }),
    );
  }
  return motif;
}

function parsePattern(p: DrumPattern): [DrumName, number[]][] {
  return Object.entries(p).map(([name, str]) => [name as DrumName, Array.from(str ?? '', (c) => VEL[c] ?? 0)]);
}

export function compose(spec: SongSpec): Score {
  const style: Style = STYLES[spec.styleId];
  const rng = new Rng(spec.seed);
  const bars = songBars(spec.bpm, spec.targetSec);
  const sections = planSections(bars, spec.bpm);
  const h: Harmony = { scale: spec.minor ? MINOR : MAJOR, key: spec.keyRoot, sevenths: style.sevenths };
  const progs = spec.minor ? MINOR_PROGS : MAJOR_PROGS;
  const verseProg = rng.pick(progs);
  const chorusProg = rng.chance(0.5) ? verseProg : rng.pick(progs);
  const slow = spec.bpm < 100;
  const fast = spec.bpm >= 150;
  const leadCells = slow || fast ? SLOW_LEAD_CELLS : LEAD_CELLS;
  const motifs = {
    verse: makeMotif(rng.fork(1), leadCells, 2),
    chorus: makeMotif(rng.fork(2), leadCells, 2),
    counter: makeMotif(rng.fork(3), SLOW_LEAD_CELLS, 2),
    vocalVerse: makeMotif(rng.fork(4), VOCAL_CELLS, 2),
    vocalChorus: makeMotif(rng.fork(5), VOCAL_CELLS, 2),
  };
  const drumSet = DRUMS[style.family];
  const patterns = {
    main: parsePattern(drumSet.main),
    intro: parsePattern(drumSet.intro),
    breakdown: parsePattern(drumSet.breakdown),
  };
  const hasSnare = 'snare' in drumSet.main || 'tom' in drumSet.main;
  const leadBase = place(spec.keyRoot, 62);
  const vocalBase = place(spec.keyRoot, 57);
  const jitter = rng.fork(6);

  const score: Score = { bars, sections, drums: [], bass: [], chords: [], arp: [], lead: [], vocal: [] };
  for (const sec of sections) {
    const prog = sec.kind === 'chorus' ? chorusProg : verseProg;
    for (let b = 0; b < sec.bars; b++) {
      const bar = sec.bar + b;
      const at = bar * STEPS;
      const chordIdx = Math.floor(b / style.barsPerChord) % 4;
      const degree = prog[chordIdx]!;
      const chordStart = b % style.barsPerChord === 0;
      const lastBarOfSection = b === sec.bars - 1;
      const phraseEnd = b % 4 === 3;

      // Drums
      const pat = sec.kind === 'intro' ? patterns.intro : sec.kind === 'break' ? patterns.breakdown : patterns.main;
      const fill = lastBarOfSection && hasSnare && sec.kind !== 'intro' && sec.kind !== 'break' && sec.kind !== 'outro';
      for (const [drum, vels] of pat) {
        for (let s = 0; s < STEPS; s++) {
          const v = vels[s] ?? 0;
          if (!v || (fill && s >= 12 && drum !== 'kick')) continue;
          const human = drum === 'hat' || drum === 'shaker' ? 0.88 + jitter.next() * 0.24 : 1;
          score.drums.push({ step: at + s, drum, vel: v * human });
        }
      }
      if (fill)
        for (const s of [12, 13, 14, 15])
          score.drums.push({
            step: at + s,
            drum: 'snare' in drumSet.main ? 'snare' : 'tom',
            vel: 0.35 + 0.1 * (s - 12),
          });
      if (b === 0 && (sec.kind === 'chorus' || (sec.kind === 'verse' && sec.bar > 4)))
        score.drums.push({ step: at, drum: 'crash', vel: 0.3 });

      // Bass: silent in the intro's first half so the song opens up.
      const root = place(pitchOf(h, degree), 33);
      if (!(sec.kind === 'intro' && b < 2)) {
        if (style.bassPattern === 'long') {
          if (chordStart)
            score.bass.push({ step: at, len: STEPS * style.barsPerChord - 1, midi: root, vel: 1, preset: style.bass });
        } else {
          const nextRoot = place(pitchOf(h, prog[(chordIdx + 1) % 4]!), 33);
          for (const [s, len, tone, vel] of BASS[style.bassPattern]) {
            const midi =
              tone === 'r'
                ? root
                : tone === 'o'
                  ? root + 12
                  : tone === '5'
                    ? place(pitchOf(h, degree + 4), root)
                    : tone === '3'
                      ? place(pitchOf(h, degree + 2), root)
                      : nextRoot + (nextRoot > root ? -1 : 1);
            score.bass.push({
              step: at + s,
              len,
              midi,
              vel: sec.kind === 'break' ? vel * 0.6 : vel,
              preset: style.bass,
            });
          }
        }
      }

      // Chords
      const notes = chordMidis(h, degree);
      const chordVel = sec.kind === 'chorus' ? 1 : sec.kind === 'intro' || sec.kind === 'break' ? 0.7 : 0.85;
      const rhythm = sec.kind === 'break' || (sec.kind === 'intro' && b < 2) ? 'sustain' : style.chordRhythm;
      const add = (s: number, len: number, vel: number, preset: PresetName, strum = 0) =>
        score.chords.push({ step: at + s, len, midis: notes, vel: vel * chordVel, preset, strumSec: strum });
      const sustainPreset: PresetName =
        style.chordRhythm === 'sustain' || style.chordRhythm === 'arp' ? style.chords : (style.pad ?? 'warmPad');
      if (rhythm === 'sustain' || rhythm === 'arp') {
        if (chordStart) add(0, STEPS * style.barsPerChord, 0.8, sustainPreset);
        if (rhythm === 'arp') {
          const arpPreset: PresetName = spec.styleId === 'lullaby' ? 'marimba' : 'pluckLead';
          const stepLen = slow ? 4 : 2;
          for (let s = 0, k = 0; s < STEPS; s += stepLen, k++) {
            score.arp.push({
              step: at + s,
              len: stepLen,
              midi: notes[k % notes.length]! + 12,
              vel: (s % 8 === 0 ? 0.8 : 0.55) * chordVel,
              preset: arpPreset,
            });
          }
        }
      } else if (rhythm === 'offbeat') {
        for (const s of [2, 6, 10, 14]) add(s, 2, 0.9, style.chords);
      } else if (rhythm === 'pulse8') {
        for (let s = 0; s < STEPS; s += 2) add(s, 1, s % 4 === 0 ? 0.9 : 0.6, style.chords);
      } else if (rhythm === 'strum') {
        const strums: [number, number][] = slow
          ? [
              [0, 1],
              [4, 0.8],
              [8, 0.9],
              [12, 0.8],
              [14, 0.35],
            ]
          : [
              [0, 1],
              [4, 0.8],
              [6, 0.5],
              [8, 0.9],
              [12, 0.8],
              [14, 0.5],
            ];
        for (const [s, vel] of strums) add(s, 4, vel, style.chords, 0.012);
      } else if (rhythm === 'comp') {
        const comps: [number, number, number][] = slow
          ? [
              [0, 6, 1],
              [8, 6, 0.85],
              [14, 2, 0.45],
            ]
          : [
              [0, 3, 1],
              [3, 3, 0.7],
              [8, 2, 0.9],
              [10, 4, 0.7],
              [14, 2, 0.6],
            ];
        for (const [s, len, vel] of comps) add(s, len, vel, style.chords);
      }
      if (style.pad && sec.kind === 'chorus' && chordStart && rhythm !== 'sustain')
        add(0, STEPS * style.barsPerChord, 0.5, style.pad);

      // Lead: hook in choruses, intro tail and outro; a sparse counter-line under a vocal, else the verse tune.
      const rootDeg = degree;
      const playLead = (motif: Motif, vel: number, octave = 0) => {
        const cells = phraseEnd ? [[0, 12, 0] as [number, number, number]] : motif[b % 2]!;
        for (const [s, len, off] of cells) {
          let midi = place(pitchOf(h, rootDeg + off), leadBase) + 12 * octave;
          if (off >= 7) midi += 12;
          score.lead.push({ step: at + s, len, midi, vel, preset: style.lead });
        }
      };
      if (sec.kind === 'chorus') playLead(motifs.chorus, spec.vocal ? 0.55 : 0.9);
      else if (sec.kind === 'verse')
        playLead(spec.vocal ? motifs.counter : motifs.verse, spec.vocal ? 0.4 : 0.8, spec.vocal ? -1 : 0);
      else if (sec.kind === 'outro' && b < 2) playLead(motifs.chorus, 0.7);
      else if (sec.kind === 'intro' && b >= 2) playLead(motifs.verse, 0.6);

      // Vocal: verses breathe on the fourth bar of each phrase; choruses hold a long note there.
      if (spec.vocal && (sec.kind === 'verse' || sec.kind === 'chorus')) {
        const motif = sec.kind === 'chorus' ? motifs.vocalChorus : motifs.vocalVerse;
        const lift = sec.kind === 'chorus' ? 2 : 0;
        const cells = phraseEnd
          ? sec.kind === 'chorus'
            ? [[0, 12, 4] as [number, number, number]]
            : []
          : motif[b % 2]!;
        cells.forEach(([s, len, off], i) => {
          let midi = place(pitchOf(h, rootDeg + off + lift), vocalBase);
          if (midi > vocalBase + 14) midi -= 12;
          score.vocal.push({
            step: at + s,
            len,
            midi,
            vel: s % 8 === 0 ? 1 : 0.85,
            vowel: VOWELS[(bar * 3 + i) % VOWELS.length]!,
          });
        });
      }
    }
  }
  return score;
}
