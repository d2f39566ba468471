import { readFile, unlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { AudioDecodeError } from './errors';
import { runProcess } from './spawn-helper';

let cachedPath: string | undefined;

// FFMPEG_PATH lets an operator use a newer system build; the bundled 2018 static build is the fallback.
export function ffmpegPath(): string {
  if (process.env.FFMPEG_PATH) return process.env.FFMPEG_PATH;
  if (!cachedPath) {
    const require = createRequire(import.meta.url);
    cachedPath = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  }
  return cachedPath;
}

export type FfmpegResult = { code: number; stderr: string };

let tmpCounter = 0;
export const tempPath = (ext: string) =>
  join(tmpdir(), `cuewave-ffmpeg-${process.pid}-${threadId}-${++tmpCounter}${ext}`);

// Runs ffmpeg to completion through the spawn helper; stdout, when wanted, goes to a file.
export async function runFfmpeg(args: string[], io: { stdoutFile?: string } = {}): Promise<FfmpegResult> {
  return runProcess({ cmd: ffmpegPath(), args: ['-hide_banner', '-nostdin', ...args], ...io });
}

export function describeFfmpegFailure(stderr: string): string {
  if (/No such file or directory/i.test(stderr)) return 'file not found';
  if (/does not contain any stream|Stream map .* matches no streams|no audio/i.test(stderr)) return 'no audio stream';
  if (
    /Invalid data found|could not find codec parameters|Invalid argument|Format .* detected only with low score/i.test(
      stderr,
    )
  ) {
    return 'not an audio file';
  }
  return 'unsupported format';
}

// Mono float samples at the requested rate; the one entry point the analysis needs for every container.
// ffmpeg's f32le stdout is a temporary file rather than a pipe: the helper process that starts ffmpeg
// cannot relay a pipe without copying, and a file is as cheap (page cache) and simpler.
export async function decodeToMono(path: string, sampleRate: number): Promise<Float32Array> {
  const out = tempPath('.f32');
  try {
    const args = [
      '-v',
      'error',
      '-i',
      path,
      '-vn',
      '-map',
      '0:a:0',
      '-ac',
      '1',
      '-ar',
      String(sampleRate),
      '-f',
      'f32le',
      'pipe:1',
    ];
    const { code, stderr } = await runFfmpeg(args, { stdoutFile: out });
    if (code !== 0) throw new AudioDecodeError(describeFfmpegFailure(stderr));
    const stdout = await readFile(out);
    if (stdout.length < 4) throw new AudioDecodeError('no audio stream');
    return toFloat32(stdout);
  } finally {
    await unlink(out).catch(() => {});
  }
}

function toFloat32(stdout: Buffer): Float32Array {
  const count = Math.floor(stdout.length / 4);
  // Large outputs own their ArrayBuffer and can be viewed in place; small ones may live (misaligned) inside
  // Node's shared buffer pool, so they are copied out.
  if (stdout.byteOffset === 0 && stdout.buffer.byteLength === stdout.length)
    return new Float32Array(stdout.buffer, 0, count);
  const aligned = new Float32Array(count);
  new Uint8Array(aligned.buffer).set(stdout.subarray(0, count * 4));
  return aligned;
}

export type AudioFormat = { codec: string; sampleRate: number; channels: number; durationSec: number | null };

// Reads what ffmpeg reports about the first audio stream without decoding it.
export async function probeFormat(path: string): Promise<AudioFormat> {
  const { stderr } = await runFfmpeg(['-i', path]);
  const stream = /Stream #\d+:\d+.*?: Audio: (\w+)[^,]*, (\d+) Hz, (mono|stereo|[\d.]+(?:\(\w+\))?|\d+ channels)/.exec(
    stderr,
  );
  if (!stream) throw new AudioDecodeError(/Input #0/.test(stderr) ? 'no audio stream' : describeFfmpegFailure(stderr));
  const layout = stream[3]!;
  const channels = layout === 'mono' ? 1 : layout === 'stereo' ? 2 : parseChannelCount(layout);
  const d = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(stderr);
  const durationSec = d ? Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]) : null;
  return { codec: stream[1]!, sampleRate: Number(stream[2]), channels, durationSec };
}

function parseChannelCount(layout: string): number {
  const n = /^(\d+) channels/.exec(layout);
  if (n) return Number(n[1]);
  // Layout names like "5.1" or "7.1(wide)": the sum of the parts is the channel count.
  return layout
    .replace(/\(.*\)/, '')
    .split('.')
    .reduce((a, b) => a + Number(b), 0);
}
