/**
 * "Sounds alike" triplets (issue 14, decision 066): an anchor, a piece that sounds like it and one that
 * does not. A triplet is right when the anchor's descriptor is nearer the alike piece than the other.
 * `sound-pairs.json` holds the set (written by `writeSoundPairs`, see README.md); `scoreSoundPairs`
 * renders or decodes every piece, computes descriptors as the ingest does and reports the share of right
 * triplets per source and half (dev: tuned on; held-out: not looked at while tuning).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ANALYSIS_RATE, analyseSamples } from '../../server/src/audio/analyse';
import { computeDescriptor } from '../../server/src/audio/descriptor';
import { decodeToMono } from '../../server/src/audio/ffmpeg';
import { renderSong } from '../../server/src/audio/demo/song/render-song';
import { STYLES, type StyleId } from '../../server/src/audio/demo/song/styles';

export type DemoPiece = { kind: 'demo'; styleId: StyleId; seed: number; bpm: number; keyRoot: number; minor: boolean };
export type RecordingPiece = { kind: 'recording'; id: string };
export type Piece = DemoPiece | RecordingPiece;
export type Triplet = { half: 'dev' | 'held-out'; anchor: Piece; alike: Piece; unlike: Piece; why: string };
export type SoundPairs = { about: string; sources: Record<string, string>; triplets: Triplet[] };

const FILE = 'sound-pairs.json';
const DEMO_SECONDS = 30;

/* ------------------------------------------------------------------ the set */

/**
 * Demo: per style, the anchor (seed 1, the middle of the style's tempo range) and another take of the
 * same recipe (seed 2, another key, another tempo in its range) against the anchor-seed take of two
 * styles of other drum families. Styles alternate between the halves; the unlike style comes from the
 * same half. Recordings (bench/fixtures/tempo): an alike piece has the same kit (instrument) and a tempo
 * within 12 %; an unlike one another kit and a tempo more than 25 % away. The pieces of the GM_kit_Diddley
 * and GM_kit_Jazzy songs are that set's held-out part already (its README); here too.
 */
export function buildSoundPairs(pieces: { id: string; bpm: number; song: string; kit: string }[]): SoundPairs {
  // Only the Hydrogen songs: there the kit is the sound (one drum kit plays the whole piece). The tempo
  // set's General MIDI pieces (MMA, Planet Blupi; decision 064) all name one sound font as their "kit",
  // which says nothing about whether two arrangements sound alike.
  const recordings = pieces.filter((piece) => piece.song.endsWith('.h2song'));
  const triplets: Triplet[] = [];
  const ids = Object.keys(STYLES) as StyleId[];
  const halves: Record<'dev' | 'held-out', StyleId[]> = {
    dev: ids.filter((_, i) => i % 2 === 0),
    'held-out': ids.filter((_, i) => i % 2 === 1),
  };
  const take = (styleId: StyleId, seed: number, at: number): DemoPiece => {
    const [lo, hi] = STYLES[styleId].bpm;
    return {
      kind: 'demo',
      styleId,
      seed,
      bpm: Math.round(lo + (hi - lo) * at),
      keyRoot: (seed * 5) % 12,
      minor: seed % 2 === 0,
    };
  };
  for (const half of ['dev', 'held-out'] as const) {
    const list = halves[half];
    list.forEach((styleId, i) => {
      const family = STYLES[styleId].family;
      const others = list.filter((s) => STYLES[s].family !== family);
      for (const step of [3, 11]) {
        const other = others[(i * 7 + step) % others.length]!;
        triplets.push({
          half,
          anchor: take(styleId, 1, 0.5),
          alike: take(styleId, 2, 0.25),
          unlike: take(other, 1, 0.5),
          why: `same recipe (${styleId}) vs another drum family (${other})`,
        });
      }
    });
  }
  const heldOutSongs = /GM_kit_(Diddley|Jazzy)\.h2song$/;
  const ratio = (a: number, b: number) => Math.max(a, b) / Math.min(a, b);
  for (const a of recordings) {
    for (const p of recordings) {
      if (p === a || p.kit !== a.kit || p.song === a.song || ratio(a.bpm, p.bpm) > 1.12) continue;
      const unlike = recordings.filter((n) => n.kit !== a.kit && ratio(a.bpm, n.bpm) > 1.25);
      // Four per alike pair, spread over the candidates (in file order): enough contrast, a small file.
      const picks = [0, 1, 2, 3].map((k) => unlike[Math.floor(((k + 0.5) * unlike.length) / 4)]!);
      for (const n of new Set(picks)) {
        triplets.push({
          half: heldOutSongs.test(a.song) ? 'held-out' : 'dev',
          anchor: { kind: 'recording', id: a.id },
          alike: { kind: 'recording', id: p.id },
          unlike: { kind: 'recording', id: n.id },
          why: `${a.kit} at ${a.bpm} and ${p.bpm} BPM vs ${n.kit} at ${n.bpm} BPM`,
        });
      }
    }
  }
  return {
    about:
      'Triplets for "more like this" (issue 14, decision 066): the anchor should be nearer the alike piece than the unlike one. ' +
      'See README.md (the sound pairs) for how they were chosen; do not tune on the held-out half.',
    sources: {
      demo: `server/src/audio/demo/song (the demo synthesiser's style recipes, ${DEMO_SECONDS} s instrumental renders at 11.025 kHz)`,
      recording:
        'bench/fixtures/tempo (Hydrogen demo songs rendered with real sampled kits, GPL-2+/GPL-2/CC-BY-SA-3.0/CC-BY-3.0; see its README and LICENSES)',
    },
    triplets,
  };
}

export function writeSoundPairs(root: string): SoundPairs {
  const tsv = readFileSync(join(root, 'bench/fixtures/tempo/pieces.tsv'), 'utf8').trim().split('\n').slice(1);
  const recordings = tsv
    .map((line) => line.split('\t'))
    .filter((c) => c[3] !== '(recording)')
    .map(([id, bpm, song, kit]) => ({ id: id!, bpm: Number(bpm), song: song!, kit: kit! }));
  const pairs = buildSoundPairs(recordings);
  writeFileSync(join(root, 'bench/search-quality', FILE), `${JSON.stringify(pairs, null, 1)}\n`);
  return pairs;
}

/* ------------------------------------------------------------------ scoring */

export type SoundPairsScore = {
  source: 'demo' | 'recording';
  half: 'dev' | 'held-out';
  triplets: number;
  /** share where the descriptor puts the alike piece nearer */
  descriptor: number;
  /** the same with the tempo alone (what a metadata "similar" had to go on) */
  tempoOnly: number;
};

export async function scoreSoundPairs(
  root: string,
): Promise<{ scores: SoundPairsScore[]; descriptorMsPerMinute: number; analysisMsPerMinute: number }> {
  const pairs = JSON.parse(readFileSync(join(root, 'bench/search-quality', FILE), 'utf8')) as SoundPairs;
  const cache = new Map<string, { vector: number[]; bpm: number | null }>();
  let analysedSeconds = 0;
  let descriptorMs = 0;
  let analysisMs = 0;
  const describe = async (piece: Piece) => {
    const key = JSON.stringify(piece);
    const hit = cache.get(key);
    if (hit) return hit;
    const mono =
      piece.kind === 'demo'
        ? renderSong(
            {
              seed: piece.seed,
              styleId: piece.styleId,
              bpm: piece.bpm,
              targetSec: DEMO_SECONDS,
              vocal: false,
              keyRoot: piece.keyRoot,
              minor: piece.minor,
            },
            ANALYSIS_RATE,
          ).instrumental
        : await decodeToMono(join(root, 'bench/fixtures/tempo/audio', `${piece.id}.opus`), ANALYSIS_RATE);
    const started = performance.now();
    const analysis = analyseSamples(mono, ANALYSIS_RATE);
    analysisMs += performance.now() - started;
    const again = performance.now();
    computeDescriptor(mono, ANALYSIS_RATE, analysis.bpm);
    descriptorMs += performance.now() - again;
    analysedSeconds += mono.length / ANALYSIS_RATE;
    if (!analysis.descriptor) throw new Error(`${key} is silent`);
    // The demo's catalogue tempo is the recipe's (the ingest keeps the detected one; they agree on the demo).
    const value = { vector: analysis.descriptor.vector, bpm: piece.kind === 'demo' ? piece.bpm : analysis.bpm };
    cache.set(key, value);
    return value;
  };
  const dist = (a: number[], b: number[]) => Math.sqrt(a.reduce((s, x, i) => s + (x - b[i]!) ** 2, 0));
  const tempoGap = (a: number | null, b: number | null) => (a && b ? Math.abs(Math.log(a / b)) : 1);
  const acc = new Map<string, { n: number; right: number; tempo: number }>();
  for (const t of pairs.triplets) {
    const [a, p, n] = [await describe(t.anchor), await describe(t.alike), await describe(t.unlike)];
    const key = `${t.anchor.kind}|${t.half}`;
    const s = acc.get(key) ?? { n: 0, right: 0, tempo: 0 };
    s.n++;
    if (dist(a.vector, p.vector) < dist(a.vector, n.vector)) s.right++;
    if (tempoGap(a.bpm, p.bpm) < tempoGap(a.bpm, n.bpm)) s.tempo++;
    acc.set(key, s);
  }
  const scores = [...acc.entries()].map(([key, s]) => {
    const [source, half] = key.split('|') as [SoundPairsScore['source'], SoundPairsScore['half']];
    return { source, half, triplets: s.n, descriptor: s.right / s.n, tempoOnly: s.tempo / s.n };
  });
  const minutes = analysedSeconds / 60;
  return { scores, descriptorMsPerMinute: descriptorMs / minutes, analysisMsPerMinute: analysisMs / minutes };
}

export function printSoundPairs(result: Awaited<ReturnType<typeof scoreSoundPairs>>): void {
  console.log('\nMore like this: the alike piece ranked above the unlike one (sound-pairs.json)');
  console.log('  source      half       triplets  descriptor  tempo only');
  for (const s of result.scores.sort((a, b) => a.source.localeCompare(b.source) || a.half.localeCompare(b.half))) {
    const pct = (x: number) => `${(x * 100).toFixed(1)} %`.padStart(10);
    console.log(
      `  ${s.source.padEnd(10)}  ${s.half.padEnd(9)}  ${String(s.triplets).padStart(8)}  ${pct(s.descriptor)}  ${pct(s.tempoOnly)}`,
    );
  }
  console.log(
    `  cost per minute of audio: descriptor ${result.descriptorMsPerMinute.toFixed(0)} ms, ` +
      `whole analysis (level, tempo, waveform, descriptor) ${result.analysisMsPerMinute.toFixed(0)} ms`,
  );
}
