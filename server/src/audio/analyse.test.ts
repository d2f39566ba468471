import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyseAudio, assertAudible } from './analyse';
import { encodeFlac, encodeMp3 } from './encode';
import { AudioDecodeError } from './errors';
import { decodeToMono, probeFormat } from './ffmpeg';
import { parseWav, writeWav } from './wav';

const SR = 44100;
let dir = '';

// Four-on-the-floor kick at the given tempo: a decaying 60 Hz thump per beat.
function kickLoop(bpm: number, seconds: number, level = 0.8): Float32Array {
  const out = new Float32Array(Math.round(seconds * SR));
  const period = (60 / bpm) * SR;
  for (let b = 0; b * period < out.length; b++) {
    const at = Math.round(b * period);
    for (let i = 0; i < 8000 && at + i < out.length; i++)
      out[at + i] = level * Math.sin((2 * Math.PI * 60 * i) / SR) * Math.exp(-i / 2500);
  }
  return out;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cuewave-analyse-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('wav', () => {
  it('round-trips 16-bit PCM through writeWav and parseWav', async () => {
    const left = Float32Array.from({ length: 1000 }, (_, i) => Math.sin(i / 10) * 0.5);
    const right = Float32Array.from({ length: 1000 }, (_, i) => (i % 100) / 100 - 0.5);
    const path = join(dir, 'rt.wav');
    await writeWav(path, [left, right], 48000);
    const { readFile } = await import('node:fs/promises');
    const parsed = parseWav(await readFile(path));
    expect(parsed.sampleRate).toBe(48000);
    expect(parsed.channels).toHaveLength(2);
    expect(parsed.channels[0]![100]).toBeCloseTo(left[100]!, 3);
    expect(parsed.channels[1]![999]).toBeCloseTo(right[999]!, 3);
  });

  it('parses 24-bit int and 32-bit float data', () => {
    const make = (format: number, bits: number, data: Buffer) => {
      const h = Buffer.alloc(44);
      h.write('RIFF', 0, 'ascii');
      h.writeUInt32LE(36 + data.length, 4);
      h.write('WAVEfmt ', 8, 'ascii');
      h.writeUInt32LE(16, 16);
      h.writeUInt16LE(format, 20);
      h.writeUInt16LE(1, 22);
      h.writeUInt32LE(8000, 24);
      h.writeUInt32LE(8000 * (bits / 8), 28);
      h.writeUInt16LE(bits / 8, 32);
      h.writeUInt16LE(bits, 34);
      h.write('data', 36, 'ascii');
      h.writeUInt32LE(data.length, 40);
      return Buffer.concat([h, data]);
    };
    const i24 = Buffer.alloc(6);
    i24.writeIntLE(4194304, 0, 3); // +0.5
    i24.writeIntLE(-8388608, 3, 3); // -1
    expect(Array.from(parseWav(make(1, 24, i24)).channels[0]!)).toEqual([0.5, -1]);
    const f32 = Buffer.alloc(8);
    f32.writeFloatLE(0.25, 0);
    f32.writeFloatLE(-0.75, 4);
    expect(Array.from(parseWav(make(3, 32, f32)).channels[0]!)).toEqual([0.25, -0.75]);
    expect(() => parseWav(make(2, 4, Buffer.alloc(4)))).toThrow('unsupported format');
  });

  it('rejects what is not a WAV file', () => {
    expect(() => parseWav(Buffer.from('hello world, not audio'))).toThrow(AudioDecodeError);
    expect(() => parseWav(Buffer.from('RIFF\0\0\0\0WAVEjunk'))).toThrow(AudioDecodeError);
  });
});

describe('decode, encode and analyse via ffmpeg', () => {
  it('analyses duration, tempo, peaks and level of a WAV', async () => {
    const path = join(dir, 'kick.wav');
    await writeWav(path, [kickLoop(124, 20)], SR);
    const a = await analyseAudio(path);
    expect(a.durationSec).toBeCloseTo(20, 1);
    expect(a.bpm).not.toBeNull();
    expect(Math.abs(a.bpm! - 124)).toBeLessThanOrEqual(1);
    expect(a.peaks).toHaveLength(160);
    expect(Math.max(...a.peaks)).toBe(100);
    expect(a.rmsDb).toBeLessThan(-3);
    expect(a.rmsDb).toBeGreaterThan(-30);
    expect(a.silent).toBe(false);
    expect(() => assertAudible(a)).not.toThrow();
  });

  it('encodes MP3 and FLAC that decode back to the same length and tempo', async () => {
    const wav = join(dir, 'src.wav');
    await writeWav(wav, [kickLoop(96, 15)], SR);
    const mp3 = join(dir, 'out.mp3');
    const flac = join(dir, 'out.flac');
    const flacCopy = join(dir, 'copy.flac');
    await encodeMp3(wav, mp3);
    await encodeFlac(wav, flac);
    await encodeFlac(flac, flacCopy);
    expect(await probeFormat(mp3)).toMatchObject({ codec: 'mp3', sampleRate: 44100, channels: 1 });
    expect(await probeFormat(flac)).toMatchObject({ codec: 'flac', sampleRate: 44100, channels: 1 });
    for (const p of [mp3, flac, flacCopy]) {
      const a = await analyseAudio(p);
      expect(a.durationSec).toBeGreaterThan(14.9);
      expect(a.durationSec).toBeLessThan(15.2);
      expect(Math.abs(a.bpm! - 96)).toBeLessThanOrEqual(1);
    }
    // FLAC is lossless: the decoded samples match the 16-bit source exactly.
    const original = await decodeToMono(wav, SR);
    const roundTrip = await decodeToMono(flacCopy, SR);
    expect(roundTrip.length).toBe(original.length);
    expect(roundTrip[12345]).toBe(original[12345]);
  });

  it('flags silence', async () => {
    const path = join(dir, 'quiet.wav');
    await writeWav(path, [new Float32Array(SR * 5).fill(0.0002)], SR);
    const a = await analyseAudio(path);
    expect(a.silent).toBe(true);
    expect(a.bpm).toBeNull();
    expect(() => assertAudible(a)).toThrow('file is silent');
  });

  it('throws AudioDecodeError for non-audio and missing files', async () => {
    const junk = join(dir, 'junk.mp3');
    await writeFile(junk, 'definitely not an mp3 '.repeat(100));
    await expect(analyseAudio(junk)).rejects.toThrow(AudioDecodeError);
    await expect(analyseAudio(join(dir, 'missing.wav'))).rejects.toThrow('file not found');
    await expect(encodeMp3(junk, join(dir, 'x.mp3'))).rejects.toThrow(AudioDecodeError);
  });
});
