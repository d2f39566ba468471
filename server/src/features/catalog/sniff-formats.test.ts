import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickTrack, wavBytes } from '../../../test/audio-fixtures';
import { decodeToMono, runFfmpeg } from '../../audio/ffmpeg';
import { estimateTempo } from '../../audio/tempo';
import { describeContent, readHead, sniffAudio, type AudioKind } from './sniff';

// Real files in every container the ingest accepts, made by the same bundled ffmpeg that will decode them:
// the sniffer must name each by its bytes, and that ffmpeg must decode it (a sniffer that accepts what the
// decoder cannot read would only move the failure). Each is 3 s of a click track, a few KB.
const FORMATS: { kind: AudioKind; file: string; args: string[] }[] = [
  { kind: 'wav', file: 'a.WAV', args: ['-c:a', 'pcm_s16le', '-f', 'wav'] },
  { kind: 'aiff', file: 'a.aif', args: ['-c:a', 'pcm_s16be', '-f', 'aiff'] },
  { kind: 'flac', file: 'a.FLAC', args: ['-c:a', 'flac', '-f', 'flac'] },
  { kind: 'ogg-vorbis', file: 'a.oga', args: ['-c:a', 'libvorbis', '-q:a', '0', '-f', 'ogg'] },
  { kind: 'ogg-opus', file: 'a.opus', args: ['-c:a', 'libopus', '-b:a', '24k', '-f', 'opus'] },
  { kind: 'ogg-flac', file: 'b.oga', args: ['-c:a', 'flac', '-f', 'ogg'] },
  { kind: 'ogg-speex', file: 'a.spx', args: ['-c:a', 'libspeex', '-f', 'ogg'] },
  { kind: 'mp3', file: 'a.MP3', args: ['-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3'] },
  { kind: 'mp3', file: 'notag.mp3', args: ['-c:a', 'libmp3lame', '-b:a', '64k', '-id3v2_version', '0', '-f', 'mp3'] },
  { kind: 'aac', file: 'a.aac', args: ['-c:a', 'aac', '-b:a', '48k', '-f', 'adts'] },
  { kind: 'mp4', file: 'a.m4a', args: ['-c:a', 'aac', '-b:a', '48k', '-f', 'ipod'] },
  { kind: 'mp4', file: 'alac.M4A', args: ['-c:a', 'alac', '-f', 'ipod'] },
  { kind: 'caf', file: 'a.caf', args: ['-c:a', 'pcm_s16le', '-f', 'caf'] },
  { kind: 'wavpack', file: 'a.wv', args: ['-c:a', 'wavpack', '-f', 'wv'] },
  { kind: 'wma', file: 'a.wma', args: ['-c:a', 'wmav2', '-b:a', '64k', '-f', 'asf'] },
  { kind: 'matroska', file: 'a.webm', args: ['-c:a', 'libopus', '-b:a', '24k', '-f', 'webm'] },
];

describe('every audio container by its content (made and decoded by the bundled ffmpeg)', () => {
  let dir: string;
  let source: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cuewave-sniff-'));
    source = join(dir, 'source.wav');
    await writeFile(source, wavBytes(clickTrack({ bpm: 120, seconds: 7 })));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  for (const { kind, file, args } of FORMATS) {
    it(`${file} is ${kind}, and decodes`, async () => {
      const path = join(dir, file);
      const made = await runFfmpeg(['-v', 'error', '-y', '-i', source, '-ac', '1', '-ar', '16000', ...args, path]);
      expect(made.code, made.stderr).toBe(0);
      expect(sniffAudio(await readHead(path, 64 * 1024))).toBe(kind);
      const mono = await decodeToMono(path, 11025);
      expect(mono.length / 11025).toBeGreaterThan(6.5);
      expect(estimateTempo(mono, 11025)).toBeCloseTo(120, 0);
    }, 20_000);
  }

  it('a misleading name does not matter: an MP3 called .wav and a FLAC called .txt are what they contain', async () => {
    const mp3 = join(dir, 'really-mp3.wav');
    const flac = join(dir, 'notes.txt');
    for (const [path, fmt] of [
      [mp3, 'mp3'],
      [flac, 'flac'],
    ] as const) {
      const made = await runFfmpeg(['-v', 'error', '-y', '-i', source, '-f', fmt, path]);
      expect(made.code, made.stderr).toBe(0);
    }
    expect(sniffAudio(await readHead(mp3))).toBe('mp3');
    expect(sniffAudio(await readHead(flac))).toBe('flac');
    expect((await decodeToMono(mp3, 11025)).length).toBeGreaterThan(11025 * 6);
    expect((await decodeToMono(flac, 11025)).length).toBeGreaterThan(11025 * 6);
  }, 20_000);

  it('an Ogg video without audio first, a HEIF photo, a zip and text are not audio, each with a reason', async () => {
    const theora = Buffer.concat([
      Buffer.from('OggS\0\x02'),
      Buffer.alloc(20),
      Buffer.from([1, 30]),
      Buffer.from('\x80theora'),
    ]);
    expect(sniffAudio(theora)).toBeNull();
    expect(describeContent(theora)).toMatch(/Ogg file without an audio stream/);
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic')]);
    expect(sniffAudio(heic)).toBeNull();
    const zip = Buffer.from('PK\x03\x04\x14\0\0\0\x08\0', 'latin1');
    expect(sniffAudio(zip)).toBeNull();
    expect(describeContent(zip)).toBe('it is a ZIP archive');
    expect(describeContent(Buffer.from('ID,title\n1,my notes\n'))).toBe('it is text');
    expect(describeContent(Buffer.from('<!doctype html><html>'))).toBe('it is HTML or XML text');
    // bytes that merely start with 0xFF 0xFx but carry a reserved bitrate or sample rate are not MP3
    expect(sniffAudio(Buffer.from([0xff, 0xfb, 0xf0, 0x00]))).toBeNull();
    expect(sniffAudio(Buffer.from([0xff, 0xfb, 0x9c, 0x00]))).toBeNull();
  });
});
