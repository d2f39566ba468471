import { writeFile } from 'node:fs/promises';

/**
 * Small, real audio for ingest tests, written without the audio module so the tests do not depend on
 * what they check: 16-bit mono PCM WAV files with a click on every beat.
 */
export const FIXTURE_RATE = 22050;

export function wavBytes(samples: Float32Array, sampleRate = FIXTURE_RATE): Buffer {
  const buf = Buffer.alloc(44 + samples.length * 2);
  buf.write('RIFF', 0, 'latin1');
  buf.writeUInt32LE(36 + samples.length * 2, 4);
  buf.write('WAVEfmt ', 8, 'latin1');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'latin1');
  buf.writeUInt32LE(samples.length * 2, 40);
  for (let i = 0; i < samples.length; i++) {
    const v = Math.max(-1, Math.min(1, samples[i]!));
    buf.writeInt16LE(Math.round(v * 32767), 44 + i * 2);
  }
  return buf;
}

/**
 * A click track: a short decaying tone burst on every beat (accented on the downbeat) over a quiet
 * tone, so each call with different `tone` values gives different bytes.
 */
export function clickTrack(opts: { bpm: number; seconds: number; tone?: number; sampleRate?: number }): Float32Array {
  const rate = opts.sampleRate ?? FIXTURE_RATE;
  const tone = opts.tone ?? 1000;
  const out = new Float32Array(Math.round(opts.seconds * rate));
  const beat = (60 / opts.bpm) * rate;
  const clickLen = Math.round(0.03 * rate);
  for (let b = 0; b * beat < out.length; b++) {
    const start = Math.round(b * beat);
    const gain = b % 4 === 0 ? 0.9 : 0.6;
    for (let i = 0; i < clickLen && start + i < out.length; i++) {
      out[start + i]! += gain * Math.exp(-i / (clickLen / 5)) * Math.sin((2 * Math.PI * tone * i) / rate);
    }
  }
  for (let i = 0; i < out.length; i++) out[i]! += 0.05 * Math.sin((2 * Math.PI * (tone / 4) * i) / rate);
  return out;
}

export async function writeClickWav(
  path: string,
  opts: { bpm: number; seconds?: number; tone?: number },
): Promise<void> {
  await writeFile(path, wavBytes(clickTrack({ bpm: opts.bpm, seconds: opts.seconds ?? 8, tone: opts.tone })));
}

export async function writeSilentWav(path: string, seconds = 8): Promise<void> {
  await writeFile(path, wavBytes(new Float32Array(Math.round(seconds * FIXTURE_RATE))));
}

export const svgCover = (label: string) =>
  `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><title>${label}</title><rect width="10" height="10"/></svg>\n`;
