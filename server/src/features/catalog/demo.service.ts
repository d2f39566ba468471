import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { helperPid } from '../../audio/spawn-helper';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../providers/storage/storage';
import { countProductsTable } from './catalog.repo';
import { deleteCatalogue, selectDemoStatus, setDemoStatus } from './demo.repo';
import { ingestFolder, type IngestReport } from './ingest.service';

/**
 * The demo catalogue: on a fresh installation the store would be empty, so the first start
 * synthesises songs and sound effects (server/src/audio/demo) into a temporary folder and runs them
 * through the normal ingest — the same analysis, encoding and checks as real music.
 */
export type DemoDeps = { db: Db; storage: FileStorage; log?: (line: string) => void };
export type DemoOptions = {
  songs: number;
  sfx: number;
  seed?: number;
  concurrency?: number;
  /** See IngestOptions: the first start defers stem previews to the downloads backfill job. */
  stemPreviews?: 'now' | 'later';
  /** Stops the synthesis or the ingest (a job handed back at shutdown); the build then rejects. */
  signal?: AbortSignal;
};
export type DemoResult =
  | { built: false; reason: 'off' | 'not-empty' }
  | { built: true; report: IngestReport; buildMs: number; ingestMs: number };

/**
 * DEMO_CATALOG=auto: builds the demo when there are no products at all, or completes a demo build
 * that an earlier start did not finish (the synthesis is seeded, so the ingest finds the products it
 * already has unchanged and adds the rest).
 */
export async function ensureDemoCatalog(
  deps: DemoDeps,
  opts: DemoOptions & { mode: 'auto' | 'off' },
): Promise<DemoResult> {
  if (opts.mode === 'off') return { built: false, reason: 'off' };
  const interrupted = (await selectDemoStatus(deps.db)) === 'building';
  if (!interrupted && (await countProductsTable(deps.db)) > 0) return { built: false, reason: 'not-empty' };
  if (interrupted) deps.log?.('Demo catalogue: completing a demo build that was interrupted');
  return buildDemoCatalog(deps, opts);
}

export async function buildDemoCatalog(deps: DemoDeps, opts: DemoOptions): Promise<DemoResult & { built: true }> {
  const log = deps.log ?? (() => {});
  const dir = await mkdtemp(join(tmpdir(), 'cuewave-demo-'));
  await setDemoStatus(deps.db, 'building');
  try {
    const started = Date.now();
    const cpuAtStart = cpuSeconds();
    log(`Demo catalogue: synthesising ${opts.songs} songs and ${opts.sfx} sound effects`);
    await buildInChildProcess(dir, opts, progress('synthesised', log));
    const built = Date.now();
    log(`Demo catalogue: synthesised in ${((built - started) / 1000).toFixed(1)} s; analysing and encoding`);
    const report = await ingestFolder({ db: deps.db, storage: deps.storage }, dir, {
      concurrency: opts.concurrency,
      onProgress: progress('ingested', log),
      stemPreviews: opts.stemPreviews,
      signal: opts.signal,
    });
    const ingestMs = Date.now() - built;
    // CPU seconds say more than wall time on a shared machine (in a server, they include its serving).
    const cpu = cpuSeconds() - cpuAtStart;
    log(
      `Demo catalogue: ${report.added.length} products added in ${((Date.now() - started) / 1000).toFixed(1)} s` +
        (Number.isFinite(cpu) ? ` (${cpu.toFixed(0)} CPU-s)` : '') +
        (opts.stemPreviews === 'later' ? '; stem previews follow from the downloads backfill job' : '') +
        (report.skipped.length
          ? `, ${report.skipped.length} skipped: ${report.skipped.map((s) => `${s.name} (${s.reason})`).join('; ')}`
          : ''),
    );
    await setDemoStatus(deps.db, 'done');
    return { built: true, report, buildMs: built - started, ingestMs };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Empties the catalogue (rows, then the stored bytes) so the demo can be rebuilt at another size. */
export async function clearCatalogue(deps: DemoDeps): Promise<{ products: number; files: number }> {
  const { products, storageKeys } = await deleteCatalogue(deps.db);
  for (const key of storageKeys) await deps.storage.remove(key);
  return { products, files: storageKeys.length };
}

/**
 * buildDemoFolder in a child process (see demo-build.child.ts for why). The child runs the TypeScript
 * sources through tsx, like the server itself.
 */
function buildInChildProcess(
  dir: string,
  opts: DemoOptions,
  onProgress: (done: number, total: number) => void,
): Promise<void> {
  const script = new URL('./demo-build.child.ts', import.meta.url);
  // tsx resolved from here, so the child starts whatever the working directory is.
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const args = [dir, String(opts.songs), String(opts.sfx), ...(opts.seed === undefined ? [] : [String(opts.seed)])];
  return new Promise((resolve, reject) => {
    opts.signal?.throwIfAborted();
    const child = fork(script, args, { execArgv: ['--import', tsx], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const abort = () => child.kill('SIGTERM');
    opts.signal?.addEventListener('abort', abort, { once: true });
    child.on('message', (m: { done: number; total: number }) => onProgress(m.done, m.total));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      opts.signal?.removeEventListener('abort', abort);
      if (opts.signal?.aborted) reject(opts.signal.reason);
      else if (code === 0) resolve();
      else reject(new Error(`demo synthesis failed (exit ${code ?? signal})`));
    });
  });
}

/**
 * CPU seconds of this process, its reaped children (the synthesis process) and this thread's spawn
 * helper with the ffmpeg runs it has reaped; NaN where there is no /proc.
 */
function cpuSeconds(): number {
  return processCpuSeconds('self') + (helperPid() === undefined ? 0 : processCpuSeconds(String(helperPid())));
}

function processCpuSeconds(pid: string): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime, stime, cutime, cstime in clock ticks (USER_HZ, 100 on Linux)
    return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / 100;
  } catch {
    return Number.NaN;
  }
}

/** A progress line at every tenth of the way. */
function progress(verb: string, log: (line: string) => void) {
  let shown = -1;
  return (done: number, total: number) => {
    const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
    if (tenth === shown) return;
    shown = tenth;
    log(`Demo catalogue: ${verb} ${done}/${total}`);
  };
}
