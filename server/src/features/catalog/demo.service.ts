import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
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
export type DemoOptions = { songs: number; sfx: number; seed?: number; concurrency?: number };
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
    log(`Demo catalogue: synthesising ${opts.songs} songs and ${opts.sfx} sound effects`);
    await buildInChildProcess(dir, opts, progress('synthesised', log));
    const built = Date.now();
    log(`Demo catalogue: synthesised in ${((built - started) / 1000).toFixed(1)} s; analysing and encoding`);
    const report = await ingestFolder({ db: deps.db, storage: deps.storage }, dir, {
      concurrency: opts.concurrency,
      onProgress: progress('ingested', log),
    });
    const ingestMs = Date.now() - built;
    log(
      `Demo catalogue: ${report.added.length} products added in ${((Date.now() - started) / 1000).toFixed(1)} s` +
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
    const child = fork(script, args, { execArgv: ['--import', tsx], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('message', (m: { done: number; total: number }) => onProgress(m.done, m.total));
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`demo synthesis failed (exit ${code ?? signal})`)),
    );
  });
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
