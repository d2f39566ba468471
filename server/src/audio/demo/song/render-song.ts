import { Rng } from '../rng';
import { mixInto, softLimitSample } from '../synth/dsp';
import { renderKit } from '../synth/drums';
import { PRESETS, renderNote, type PresetName } from '../synth/instruments';
import { renderVocalNote } from '../synth/voice';
import { compose, songDurationSec, type Score, type SongSpec } from './compose';
import { STYLES } from './styles';

export type RenderedSong = {
  bass: Float32Array;
  instruments: Float32Array;
  instrumental: Float32Array;
  vocal: Float32Array | null;
  score: Score;
};

// Relative loudness (RMS) of each bus in the mix; buses are measured and scaled, not hand-tuned per preset.
const BUS_LEVEL = { drums: 1, bass: 0.75, chords: 0.5, lead: 0.42, vocal: 0.62 };
const TARGET_MIX_RMS = 0.15; // about -16.5 dBFS before the soft limiter
const MAX_PRE_LIMIT_PEAK = 1.35;

export function renderSong(spec: SongSpec, sampleRate: number): RenderedSong {
  const sr = sampleRate;
  const style = STYLES[spec.styleId];
  const score = compose(spec);
  const stepSamples = (sr * 60) / spec.bpm / 4;
  const stepSec = 60 / spec.bpm / 4;
  const length = Math.round(songDurationSec(spec.bpm, score.bars) * sr);
  const pos = (step: number) => Math.round(step * stepSamples);
  const rng = new Rng(spec.seed ^ 0x5bd1e995);

  const drums = new Float32Array(length);
  const kit = renderKit(rng.fork(1), sr, style.kit);
  for (const hit of score.drums) mixInto(drums, kit[hit.drum], pos(hit.step), hit.vel);

  // Loops repeat the same notes many times: render each distinct (sound, pitch, length) once and mix copies.
  const cache = new Map<string, Float32Array>();
  const noteBuf = (key: string, make: () => Float32Array) => {
    let buf = cache.get(key);
    if (!buf) cache.set(key, (buf = make()));
    return buf;
  };
  const note = (preset: PresetName, midi: number, len: number, gap: number) =>
    noteBuf(`${preset}|${midi}|${len}|${gap}`, () =>
      renderNote(sr, midi, len * stepSec * gap, PRESETS[preset], (spec.seed + midi * 131 + len) >>> 0),
    );
  const renderNotes = (bus: Float32Array, events: Score['bass'], gap = 0.92) => {
    for (const e of events) mixInto(bus, note(e.preset, e.midi, e.len, gap), pos(e.step), e.vel);
  };
  const bass = new Float32Array(length);
  renderNotes(bass, score.bass);
  const chords = new Float32Array(length);
  for (const e of score.chords) {
    const key = `chord|${e.preset}|${e.midis.join(',')}|${e.len}|${e.strumSec}`;
    const buf = noteBuf(key, () => {
      const strum = Math.round(e.strumSec * sr);
      const notes = e.midis.map((m) => note(e.preset, m, e.len, 0.97));
      const sum = new Float32Array(Math.max(...notes.map((n, i) => n.length + i * strum)));
      notes.forEach((n, i) => mixInto(sum, n, i * strum, 1));
      return sum;
    });
    mixInto(chords, buf, pos(e.step), e.vel);
  }
  renderNotes(chords, score.arp, 0.97);
  const lead = new Float32Array(length);
  renderNotes(lead, score.lead, 0.9);
  // Quarter-note echoes: a dotted-eighth delay is prettier but adds a 1.5-beat periodicity that can pull
  // the tempo estimate to 2/3 of the true tempo, and the catalogue's declared tempo must be measurable.
  echo(lead, Math.round(stepSamples * 4), 0.3, sr);

  let vocal: Float32Array | null = null;
  if (spec.vocal) {
    vocal = new Float32Array(length);
    for (const e of score.vocal) {
      const key = `vox|${e.midi}|${e.len}|${e.vowel}`;
      const buf = noteBuf(key, () =>
        renderVocalNote(sr, e.midi, e.len * stepSec * 0.94, e.vowel, (spec.seed + e.midi) >>> 0),
      );
      mixInto(vocal, buf, pos(e.step), e.vel);
    }
    echo(vocal, Math.round(stepSamples * 4), 0.25, sr);
  }

  const drumLevel = style.family === 'ambient' || style.kit === 'soft' ? 0.85 : BUS_LEVEL.drums;
  const gD = busGain(drums, drumLevel);
  const gB = busGain(bass, BUS_LEVEL.bass);
  const gC = busGain(chords, BUS_LEVEL.chords);
  const gL = busGain(lead, BUS_LEVEL.lead);
  const gV = vocal ? busGain(vocal, BUS_LEVEL.vocal) : 0;

  // The loudest output sets one master gain for every output, so the stems still sum to the mixes.
  let sumSq = 0;
  let peak = 0;
  for (let i = 0; i < length; i += 4) {
    const v = gD * drums[i]! + gC * chords[i]! + gL * lead[i]! + gB * bass[i]! + (vocal ? gV * vocal[i]! : 0);
    sumSq += v * v;
    const a = v < 0 ? -v : v;
    if (a > peak) peak = a;
  }
  const mixRms = Math.sqrt(sumSq / Math.max(1, length >> 2));
  const master = Math.min(TARGET_MIX_RMS / Math.max(1e-9, mixRms), MAX_PRE_LIMIT_PEAK / Math.max(1e-9, peak));
  const fadeFrom = Math.round((songDurationSec(spec.bpm, score.bars) - 1.5 - Math.min(6, (2 * 240) / spec.bpm)) * sr);
  const fadeLen = length - fadeFrom;
  const instruments = new Float32Array(length);
  const instrumental = new Float32Array(length);
  // Stems and mixes are written in one fused pass; outputs reuse the bus arrays where possible.
  for (let i = 0; i < length; i++) {
    let g = master;
    if (i > fadeFrom) {
      const x = 1 - (i - fadeFrom) / fadeLen;
      g *= x * x;
    }
    const ins = (gD * drums[i]! + gC * chords[i]! + gL * lead[i]!) * g;
    const bs = gB * bass[i]! * g;
    instruments[i] = softLimitSample(ins);
    instrumental[i] = softLimitSample(ins + bs);
    bass[i] = softLimitSample(bs);
    if (vocal) vocal[i] = softLimitSample(ins + bs + gV * vocal[i]! * g);
  }
  return { bass, instruments, instrumental, vocal, score };
}

// Gain that brings a bus to the wanted RMS; every 4th sample is plenty for a level estimate.
function busGain(buf: Float32Array, level: number): number {
  let s = 0;
  for (let i = 0; i < buf.length; i += 4) s += buf[i]! * buf[i]!;
  const r = Math.sqrt(s / Math.max(1, buf.length >> 2));
  return r > 1e-9 ? level / r : 0;
}

// Feedback echo in place: each sample picks up a darkened, attenuated copy of the output one delay earlier.
function echo(buf: Float32Array, delay: number, feedback: number, sr: number): void {
  if (delay <= 0) return;
  const a = 1 - Math.exp((-2 * Math.PI * 3000) / sr);
  let y = 0;
  for (let i = delay; i < buf.length; i++) {
    y += a * (buf[i - delay]! * feedback - y);
    buf[i] = buf[i]! + y;
  }
}
