import { parentPort } from 'node:worker_threads';
import type { AudioFormat, RenderJob } from './catalogue/plan';
import { shutdownHelper } from '../spawn-helper';
import { runRenderJob } from './render-job';

export type WorkerRequest =
  { type: 'job'; job: RenderJob; dir: string; format: AudioFormat; sampleRate: number } | { type: 'finish' };
export type WorkerReply =
  | { type: 'ready' }
  | { type: 'done'; key: string; title?: string; what?: string; durationSec: number }
  | { type: 'failed'; key: string; message: string }
  | { type: 'finished' };

const port = parentPort;
if (!port) throw new Error('render-worker must run in a worker thread');
const pending = new Set<Promise<void>>();

port.on('message', (msg: WorkerRequest) => {
  if (msg.type === 'finish') {
    void Promise.allSettled([...pending])
      .then(() => shutdownHelper())
      .then(() => port.postMessage({ type: 'finished' } satisfies WorkerReply));
    return;
  }
  const { job } = msg;
  try {
    const { result, written } = runRenderJob(job, msg.dir, msg.format, msg.sampleRate);
    const done = written.then(
      () => port.postMessage({ type: 'done', ...result } satisfies WorkerReply),
      (e: unknown) => port.postMessage({ type: 'failed', key: job.key, message: String(e) } satisfies WorkerReply),
    );
    pending.add(done);
    void done.finally(() => pending.delete(done));
  } catch (e) {
    port.postMessage({
      type: 'failed',
      key: job.key,
      message: e instanceof Error ? (e.stack ?? e.message) : String(e),
    } satisfies WorkerReply);
  }
  port.postMessage({ type: 'ready' } satisfies WorkerReply);
});
port.postMessage({ type: 'ready' } satisfies WorkerReply);
