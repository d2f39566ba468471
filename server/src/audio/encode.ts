import { extname } from 'node:path';
import { AudioDecodeError } from './errors';
import { describeFfmpegFailure, runFfmpeg } from './ffmpeg';

async function run(args: string[]): Promise<void> {
  const { code, stderr } = await runFfmpeg(['-v', 'error', '-y', ...args]);
  if (code !== 0) throw new AudioDecodeError(describeFfmpegFailure(stderr));
}

export type Mp3Options = { bitrateKbps?: number };

// Preview encode. compression_level 7 is LAME's fast psychoacoustic mode: about twice the speed of the
// default at the same constant bitrate, and previews are not the lossless deliverable.
export async function encodeMp3(input: string, output: string, opts: Mp3Options = {}): Promise<void> {
  const kbps = opts.bitrateKbps ?? 192;
  await run([
    '-i',
    input,
    '-vn',
    '-map',
    '0:a:0',
    '-map_metadata',
    '-1',
    '-ar',
    '44100',
    '-c:a',
    'libmp3lame',
    '-b:a',
    `${kbps}k`,
    '-compression_level',
    '7',
    '-f',
    'mp3',
    output,
  ]);
}

// Lossless master. A FLAC input is stream-copied: re-encoding it would cost time and change nothing audible.
export async function encodeFlac(input: string, output: string): Promise<void> {
  const codec = extname(input).toLowerCase() === '.flac' ? ['-c:a', 'copy'] : ['-c:a', 'flac'];
  await run(['-i', input, '-vn', '-map', '0:a:0', '-map_metadata', '-1', ...codec, '-f', 'flac', output]);
}
