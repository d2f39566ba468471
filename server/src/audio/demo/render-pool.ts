import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AudioFormat, RenderJob } from './catalogue/plan';
import type { JobResult } from './render-job';
import type { WorkerReply, WorkerRequest } from './render-worker';

export type PoolOptions = {
  dir: string;
  format: AudioFormat;
  sampleRate: number;
  workers?: number;
  onResult?: (r: JobResult) => void;
};

// Worker threads start with a bare Node loader. Under tsx (the server) or Vitest the sources are TypeScript,
// and on Node 20 an `--import tsx` execArgv does not reach a worker's entry module, so a tiny eval'd ES
// module loads tsx's API and imports the real worker through it. A compiled build (.js) loads directly.
function spawnWorker(): Worker {
  const entry = new URL(`./render-worker${import.meta.url.endsWith('.js') ? '.js' : '.ts'}`, import.meta.url);
  if (entry.pathname.endsWith('.js')) return new Worker(entry);
  const require = createRequire(import.meta.url);
  const tsxApi = new URL('dist/esm/api/index.mjs', pathToFileURL(require.resolve('tsx/package.json'))).href;
  const code = `import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)}));`;
  return new Worker(code, { eval: true });
}

// Runs jobs on up to two worker threads (the machine has two cores; ffmpeg encoders share them).
export async function renderInPool(jobs: RenderJob[], opts: PoolOptions): Promise<JobResult[]> {
  const results: JobResult[] = [];
  if (jobs.length === 0) return results;
  const count = Math.max(1, Math.min(opts.workers ?? Math.min(2, availableParallelism()), jobs.length));
  let next = 0;
  const workers: Worker[] = [];
  // One failure ends the whole build: stop handing out jobs and stop the other workers too.
  const fail = (reject: (e: Error) => void, e: Error) => {
    next = jobs.length;
    for (const w of workers) void w.terminate();
    reject(e);
  };
  const runOne = () =>
    new Promise<void>((resolve, reject) => {
      const worker = spawnWorker();
      workers.push(worker);
      const send = (m: WorkerRequest) => worker.postMessage(m);
      let finishing = false;
      worker.on('message', (m: WorkerReply) => {
        if (m.type === 'ready') {
          if (next < jobs.length)
            send({ type: 'job', job: jobs[next++]!, dir: opts.dir, format: opts.format, sampleRate: opts.sampleRate });
          else if (!finishing) {
            finishing = true;
            send({ type: 'finish' });
          }
        } else if (m.type === 'done') {
          const r: JobResult = { key: m.key, title: m.title, what: m.what, durationSec: m.durationSec };
          results.push(r);
          opts.onResult?.(r);
        } else if (m.type === 'failed') {
          fail(reject, new Error(`demo render of ${m.key} failed: ${m.message}`));
        } else if (m.type === 'finished') {
          void worker.terminate().then(() => resolve());
        }
      });
      worker.on('error', (e) => fail(reject, e));
      worker.on('exit', (code) => {
        if (!finishing) fail(reject, new Error(`demo render worker exited early (code ${code})`));
      });
    });
  await Promise.all(Array.from({ length: count }, runOne));
  return results;
}
