import { unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { encodeFlac } from '../encode';
import { encodeWav } from '../wav';
import type { AudioFormat, RenderJob } from './catalogue/plan';
import { Rng } from './rng';
import { normalisePeak } from './sfx/sfx-kit';
import { SFX_RECIPES } from './sfx/recipes';
import { renderSong } from './song/render-song';

/** `title` and `what` (SfxSound) for a sound effect: they depend on the variant its render made. */
export type JobResult = { key: string; title?: string; what?: string; durationSec: number };
export type JobOutput = { result: JobResult; written: Promise<void> };

// Renders synchronously, then hands the bytes to disk (and to ffmpeg for FLAC) without waiting, so a worker
// can start its next render while the encoder processes run on the other core.
export function runRenderJob(job: RenderJob, dir: string, format: AudioFormat, sampleRate: number): JobOutput {
  if (job.kind === 'song') {
    const song = renderSong(job.spec, sampleRate);
    const outputs: [string, Float32Array][] = [
      [job.files.instrumental, song.instrumental],
      [job.files.stem_bass, song.bass],
      [job.files.stem_instruments, song.instruments],
    ];
    if (job.files.vocal && song.vocal) outputs.push([job.files.vocal, song.vocal]);
    const written = Promise.all(
      outputs.map(([name, samples]) => save(join(dir, name), samples, format, sampleRate)),
    ).then(() => {});
    return { result: { key: job.key, durationSec: song.instrumental.length / sampleRate }, written };
  }
  const { audio, title, what } = SFX_RECIPES[job.category].render(new Rng(job.seed), sampleRate);
  normalisePeak(audio, job.category === 'Ambiences' || job.category === 'Nature' ? 0.5 : 0.85);
  const written = save(join(dir, job.file), audio, format, sampleRate);
  return { result: { key: job.key, title, what, durationSec: audio.length / sampleRate }, written };
}

async function save(path: string, samples: Float32Array, format: AudioFormat, sampleRate: number): Promise<void> {
  const wav = encodeWav([samples], sampleRate);
  if (format === 'wav') return writeFile(path, wav);
  // ffmpeg reads a temporary WAV rather than a pipe: a pipe would stall whenever this thread is busy rendering.
  const tmp = `${path}.tmp.wav`;
  await writeFile(tmp, wav);
  try {
    await encodeFlac(tmp, path);
  } finally {
    await unlink(tmp).catch(() => {});
  }
}
