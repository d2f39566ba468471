import { open, stat, unlink } from 'node:fs/promises';
import type { VideoMeasures } from '@cuewave/contract/video-match';
import { decodeToMono, runFfmpeg, tempPath } from '../../audio/ffmpeg';
import { AudioDecodeError } from '../../audio/errors';
import { noFrames, unreadable } from './video-probe';

/** Frames looked at per second and their size: enough to see cuts, motion and colour, cheap to decode. */
export const FRAME_RATE = 8;
const WIDTH = 32;
const HEIGHT = 18;
const FRAME_BYTES = WIDTH * HEIGHT * 3;
/** The video is decoded in pieces of this length, so progress and cancellation are seen between them. */
const PIECE_SECONDS = 30;

/** A new shot: most pixels change and so does the colour make-up (a pan changes pixels, not the palette). */
const CUT_PIXEL_CHANGE = 0.1;
const CUT_HISTOGRAM_CHANGE = 0.3;
/** A flash or a two-frame glitch is one cut, not two. */
const MIN_FRAMES_BETWEEN_CUTS = 2;

export type PictureMeasures = Pick<
  VideoMeasures,
  'cutsPerMinute' | 'motion' | 'brightness' | 'saturation' | 'warmth'
> & {
  frames: number;
  /** Seconds covered by the decoded frames (the length when the container did not say). */
  seconds: number;
};

type FrameStats = { luma: number; saturation: number; warm: number; coloured: number; histogram: Float32Array };

function frameStats(frame: Uint8Array): FrameStats {
  const histogram = new Float32Array(64);
  let luma = 0;
  let saturation = 0;
  let warm = 0;
  let coloured = 0;
  const pixels = WIDTH * HEIGHT;
  for (let p = 0; p < pixels; p++) {
    const r = frame[p * 3]!;
    const g = frame[p * 3 + 1]!;
    const b = frame[p * 3 + 2]!;
    luma += (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    const s = max === 0 ? 0 : (max - min) / max;
    saturation += s;
    if (s > 0.2 && max > 40) {
      coloured++;
      // Warm: reds, oranges, yellows (red is the largest channel, or red and green well above blue).
      if ((r >= g && r > b) || (r > b * 1.3 && g > b * 1.3)) warm++;
    }
    histogram[(r >> 6) * 16 + (g >> 6) * 4 + (b >> 6)]! += 1 / pixels;
  }
  return { luma: luma / pixels, saturation: saturation / pixels, warm, coloured, histogram };
}

function pixelChange(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < FRAME_BYTES; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / FRAME_BYTES / 255;
}

function histogramChange(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < 64; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / 2;
}

/**
 * Cut rate, motion, brightness and colour from small frames at FRAME_RATE. `onProgress` gets 0..1 after
 * each piece; `signal` stops between pieces. A file that stops yielding frames long before its stated
 * length was cut off.
 */
export async function measurePicture(
  path: string,
  durationSec: number | null,
  opts: { signal?: AbortSignal; onProgress?: (share: number) => Promise<void>; maxSeconds: number },
): Promise<PictureMeasures> {
  const total = Math.min(durationSec ?? opts.maxSeconds, opts.maxSeconds);
  let frames = 0;
  let cuts = 0;
  let sinceCut = MIN_FRAMES_BETWEEN_CUTS;
  let motionSum = 0;
  let motionPairs = 0;
  let luma = 0;
  let saturation = 0;
  let warm = 0;
  let coloured = 0;
  let previous: { frame: Uint8Array; stats: FrameStats } | null = null;

  for (let start = 0; start < total || (durationSec === null && start === 0); start += PIECE_SECONDS) {
    opts.signal?.throwIfAborted();
    // Without a stated length one pass reads everything up to the cap.
    const length = durationSec === null ? opts.maxSeconds + 1 : PIECE_SECONDS;
    const piece = await decodePiece(path, start, length);
    if (piece === null) break;
    const count = Math.floor(piece.length / FRAME_BYTES);
    for (let f = 0; f < count; f++) {
      const frame = piece.subarray(f * FRAME_BYTES, (f + 1) * FRAME_BYTES);
      const stats = frameStats(frame);
      luma += stats.luma;
      saturation += stats.saturation;
      warm += stats.warm;
      coloured += stats.coloured;
      if (previous) {
        const change = pixelChange(previous.frame, frame);
        const paletteChange = histogramChange(previous.stats.histogram, stats.histogram);
        sinceCut++;
        if (change > CUT_PIXEL_CHANGE && paletteChange > CUT_HISTOGRAM_CHANGE) {
          if (sinceCut >= MIN_FRAMES_BETWEEN_CUTS) cuts++;
          sinceCut = 0;
        } else {
          motionSum += change;
          motionPairs++;
        }
      }
      previous = { frame: new Uint8Array(frame), stats };
      frames++;
    }
    await opts.onProgress?.(Math.min(1, (start + length) / Math.max(total, 1)));
    if (durationSec === null) break;
  }

  if (frames === 0) throw noFrames('no frame could be decoded');
  const seconds = frames / FRAME_RATE;
  if (durationSec !== null && durationSec > 4 && seconds < Math.min(durationSec, opts.maxSeconds) * 0.5) {
    throw unreadable('the upload is cut off');
  }
  return {
    frames,
    seconds,
    cutsPerMinute: (cuts / Math.max(seconds, 1)) * 60,
    // Mean change per pair at FRAME_RATE, scaled so lively hand-held footage is about 1.
    motion: Math.min(1, (motionPairs ? motionSum / motionPairs : 0) / 0.08),
    brightness: luma / frames,
    saturation: saturation / frames,
    warmth: coloured ? warm / coloured : 0.5,
  };
}

async function decodePiece(path: string, start: number, length: number): Promise<Buffer | null> {
  const out = tempPath('.rgb');
  try {
    const args = ['-v', 'error'];
    if (start > 0) args.push('-ss', String(start));
    args.push('-t', String(length), '-i', path, '-map', '0:v:0', '-an', '-sn');
    args.push(
      '-vf',
      `fps=${FRAME_RATE},scale=${WIDTH}:${HEIGHT}:flags=area`,
      '-pix_fmt',
      'rgb24',
      '-f',
      'rawvideo',
      'pipe:1',
    );
    const { code, stderr } = await runFfmpeg(args, { stdoutFile: out });
    const size = await stat(out).then(
      (s) => s.size,
      () => 0,
    );
    if (size === 0) {
      if (code !== 0 && start === 0)
        throw unreadable(/Invalid data|moov atom/i.test(stderr) ? 'damaged data' : 'its picture cannot be decoded');
      return null;
    }
    const handle = await open(out, 'r');
    try {
      const buffer = Buffer.alloc(size);
      await handle.read(buffer, 0, size, 0);
      return buffer;
    } finally {
      await handle.close();
    }
  } finally {
    await unlink(out).catch(() => {});
  }
}

export type SoundMeasures = Pick<VideoMeasures, 'loudnessDb' | 'hasAudio' | 'silent' | 'speech'>;

const SOUND_RATE = 8000;
/** Below this a window counts as silence; a track with (almost) only such windows is silent. */
const SILENCE_DB = -55;
const ENVELOPE_HZ = 100;
const MODULATION_WINDOW = 256;

/**
 * The video's own sound: how loud it is (RMS over the non-silent part, dBFS), and how much of it
 * behaves like speech: a loudness envelope that swings by syllables, 3–7 times a second, with pauses.
 * Music, even with a beat, keeps a floor and puts its modulation on the beat's single rate.
 */
export async function measureSound(path: string, maxSeconds: number): Promise<SoundMeasures> {
  let samples: Float32Array;
  try {
    samples = await decodeToMono(path, SOUND_RATE);
  } catch (error) {
    if (error instanceof AudioDecodeError) return { loudnessDb: null, hasAudio: false, silent: true, speech: 0 };
    throw error;
  }
  samples = samples.subarray(0, Math.min(samples.length, (maxSeconds + 1) * SOUND_RATE));
  const hop = SOUND_RATE / ENVELOPE_HZ;
  const envelope = new Float32Array(Math.floor(samples.length / hop));
  let loudEnergy = 0;
  let loudWindows = 0;
  for (let w = 0; w < envelope.length; w++) {
    let sum = 0;
    for (let i = w * hop; i < (w + 1) * hop; i++) sum += samples[i]! * samples[i]!;
    const meanSquare = sum / hop;
    const db = 10 * Math.log10(meanSquare + 1e-12);
    envelope[w] = db;
    if (db > SILENCE_DB) {
      loudEnergy += meanSquare;
      loudWindows++;
    }
  }
  if (loudWindows < Math.max(5, envelope.length * 0.05))
    return { loudnessDb: null, hasAudio: true, silent: true, speech: 0 };
  const loudnessDb = 10 * Math.log10(loudEnergy / loudWindows);
  return { loudnessDb: Math.round(loudnessDb * 10) / 10, hasAudio: true, silent: false, speech: speechShare(envelope) };
}

function speechShare(envelope: Float32Array): number {
  let speechy = 0;
  let windows = 0;
  for (let start = 0; start + MODULATION_WINDOW <= envelope.length; start += MODULATION_WINDOW / 2) {
    const window = envelope.subarray(start, start + MODULATION_WINDOW);
    // Floor at 60 dB below the window's peak, so digital silence does not dominate the swing.
    let peak = -Infinity;
    for (const v of window) peak = Math.max(peak, v);
    if (peak < SILENCE_DB) continue;
    windows++;
    const clipped = Array.from(window, (v) => Math.max(v, peak - 60));
    const mean = clipped.reduce((a, b) => a + b, 0) / clipped.length;
    const depth = Math.sqrt(clipped.reduce((a, v) => a + (v - mean) ** 2, 0) / clipped.length);
    let syllabic = 0;
    let all = 0;
    let strongest = 0;
    for (let k = 1; k <= 51; k++) {
      let re = 0;
      let im = 0;
      for (let n = 0; n < clipped.length; n++) {
        const angle = (2 * Math.PI * k * n) / MODULATION_WINDOW;
        re += (clipped[n]! - mean) * Math.cos(angle);
        im -= (clipped[n]! - mean) * Math.sin(angle);
      }
      const power = re * re + im * im;
      const hz = (k * ENVELOPE_HZ) / MODULATION_WINDOW;
      all += power;
      strongest = Math.max(strongest, power);
      if (hz >= 3 && hz <= 7) syllabic += power;
    }
    // Speech: deep swings, mostly at syllable rate, spread over several rates (not one steady beat).
    if (all > 0 && depth > 6 && syllabic / all > 0.35 && strongest / syllabic < 0.5) speechy++;
  }
  return windows ? speechy / windows : 0;
}
