import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { coverSvg } from './catalogue/covers';
import { sfxDescription } from './catalogue/describe';
import { makePlan, type AudioFormat } from './catalogue/plan';
import { renderInPool } from './render-pool';
import type { SfxCategory } from './sfx/recipes';

export type BuildDemoOptions = {
  songs: number;
  sfx: number;
  seed?: number;
  onProgress?: (done: number, total: number) => void;
  // WAV by default: measured cheaper overall (build plus ingest) than FLAC, whose encode here is only
  // partly won back by the ingest stream-copying it; FLAC halves the folder size (about 1.7 GB instead of
  // 3.5 GB for 200 songs), so use it where temporary disk space is short.
  format?: AudioFormat;
  workers?: number;
};

export const DEMO_SEED = 20240611;
export const DEMO_SAMPLE_RATE = 44100;

// Writes a complete ingest folder (audio, SVG covers, manifest.json) for a synthetic demo catalogue.
export async function buildDemoFolder(dir: string, opts: BuildDemoOptions): Promise<void> {
  const format = opts.format ?? 'wav';
  const plan = makePlan(Math.max(0, opts.songs), Math.max(0, opts.sfx), opts.seed ?? DEMO_SEED, format);
  await mkdir(join(dir, 'covers'), { recursive: true });
  await Promise.all(plan.covers.map((c) => writeFile(join(dir, c.path), coverSvg(c.seed))));

  const total = plan.jobs.length;
  let done = 0;
  opts.onProgress?.(0, total);
  // Longest jobs first so neither worker is left with a long song at the end.
  const jobs = [...plan.jobs].sort((a, b) => cost(b) - cost(a));
  const results = await renderInPool(jobs, {
    dir,
    format,
    sampleRate: DEMO_SAMPLE_RATE,
    workers: opts.workers,
    onResult: () => opts.onProgress?.(++done, total),
  });

  // Sfx titles and descriptions come from the rendered variant; number repeats so every title/artist
  // pair is unique.
  const rendered = new Map(results.map((r) => [r.key, r]));
  const used = new Map<string, number>();
  for (const t of plan.manifest.tracks) {
    if (t.type !== 'sfx') continue;
    const result = rendered.get(t.key);
    const base = result?.title ?? t.category ?? 'Sound Effect';
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    t.title = n === 1 ? base : `${base} ${n}`;
    if (result?.what && t.category)
      t.description = sfxDescription(t.category as SfxCategory, result.what, result.durationSec);
  }
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(plan.manifest, null, 2));
}

const cost = (job: { kind: string; spec?: { targetSec: number } }) =>
  job.kind === 'song' ? 1000 + (job.spec?.targetSec ?? 60) : 0;
