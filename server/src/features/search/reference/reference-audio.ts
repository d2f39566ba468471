import { mkdtemp, rm, stat } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { REFERENCE_AUDIO_MAX_SECONDS } from '@cuewave/contract/reference';
import { analyseAudio } from '../../../audio/analyse';
import type { SoundDescriptor } from '../../../audio/descriptor.types';
import { runFfmpeg, tempPath } from '../../../audio/ffmpeg';
import { readHead, sniffAudio } from '../../catalog/sniff';
import { ReferenceProblem } from './reference-problem';

const CUT_RATE = 22050;

export type AnalysedReference = { descriptor: SoundDescriptor; durationSec: number };

// Decoding and analysing take a core each; two at a time per process (the machine the store is sized for
// has two), a few more waiting, and beyond that "busy" at once rather than a queue that times out.
const RUNNING_MAX = 2;
const WAITING_MAX = 6;
let running = 0;
const waiting: (() => void)[] = [];

/**
 * What an audio file sounds like: sniffed by content (the name and Content-Type are not trusted), at most
 * the first 10 minutes decoded (a longer file is refused; a header that lies about its length cannot make
 * the decode larger), then analysed. The caller deletes the file.
 */
export async function analyseReferenceFile(path: string): Promise<AnalysedReference> {
  if (!sniffAudio(await readHead(path))) {
    throw new ReferenceProblem('not-audio', 'This is not an audio file we can read (mp3, wav, flac, ogg, m4a, aiff…).');
  }
  await acquire();
  const cut = tempPath('.wav');
  try {
    // One decode pass bounded by -t: the analysis reads this mono copy, so a file claiming to be short
    // but holding hours of audio is decoded for at most a few seconds past the limit.
    const { code } = await runFfmpeg([
      '-v', 'error', '-i', path, '-vn', '-map', '0:a:0', '-t', String(REFERENCE_AUDIO_MAX_SECONDS + 1),
      '-ac', '1', '-ar', String(CUT_RATE), '-c:a', 'pcm_s16le', '-y', cut,
    ]); // prettier-ignore
    if (code !== 0) throw new ReferenceProblem('not-decodable', 'This audio file could not be decoded.');
    // 16-bit mono at 22.05 kHz after a 44-byte header: its length tells the duration before any analysis.
    const decodedSec = ((await stat(cut)).size - 44) / (CUT_RATE * 2);
    if (decodedSec > REFERENCE_AUDIO_MAX_SECONDS + 0.5) {
      throw new ReferenceProblem('too-long', 'This audio is longer than 10 minutes.');
    }
    const analysis = await analyseAudio(cut).catch(() => {
      throw new ReferenceProblem('not-decodable', 'This audio file could not be decoded.');
    });
    if (analysis.silent) throw new ReferenceProblem('silent', 'This audio file is silent.');
    if (!analysis.descriptor) throw new ReferenceProblem('not-decodable', 'This audio is too short to compare.');
    return { descriptor: analysis.descriptor, durationSec: analysis.durationSec };
  } finally {
    await rm(cut, { force: true });
    release();
  }
}

function acquire(): Promise<void> {
  if (running < RUNNING_MAX) {
    running++;
    return Promise.resolve();
  }
  if (waiting.length >= WAITING_MAX) {
    return Promise.reject(new ReferenceProblem('busy', 'The server is busy analysing other files; try again shortly.'));
  }
  return new Promise((resolve) => waiting.push(resolve)); // running stays counted: the slot passes on
}

function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

/**
 * An uploaded body streamed to a private temp file, never whole in memory; more than `maxBytes` stops the
 * upload (413). The caller analyses and then calls dispose().
 */
export async function receiveUpload(
  body: Readable,
  maxBytes: number,
): Promise<{ path: string; bytes: number; dispose: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'cuewave-ref-'));
  const path = join(dir, 'upload');
  const dispose = () => rm(dir, { recursive: true, force: true });
  let bytes = 0;
  try {
    await pipeline(
      body,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          bytes += chunk.length;
          if (bytes > maxBytes) throw new ReferenceProblem('too-large', 'The file is larger than 20 MB.');
          yield chunk;
        }
      },
      createWriteStream(path, { mode: 0o600 }),
    );
    return { path, bytes, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
