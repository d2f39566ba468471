import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { Transform } from 'node:stream';
import type { JobHandlers } from '../../features/jobs/jobs.types';
import { PermanentJobError } from '../../features/jobs/jobs.types';
import type { FileStorage } from './storage';

/**
 * `storage-probe`: copies one stored object to `probes/<jobId>` through whichever instance's worker
 * claims the job, and names that instance. An operator's check that every instance reaches the shared
 * store (decision 057), and what the scale-out test runs across two instances. Nothing enqueues it on
 * its own; the copy is streamed like an archive, so it can be interrupted half-way.
 */
export const STORAGE_PROBE_KIND = 'storage-probe';

export type StorageProbePayload = { sourceKey: string };
export type StorageProbeResult = { instance: string; key: string; size: number; sha256: string };

export const probeKey = (jobId: string) => `probes/${jobId}`;
export const instanceName = () => `${hostname()}:${process.pid}`;

export function storageProbeJobHandlers(deps: { storage: FileStorage }): JobHandlers {
  return {
    [STORAGE_PROBE_KIND]: async (job): Promise<StorageProbeResult> => {
      const { sourceKey } = job.payload as Partial<StorageProbePayload>;
      if (typeof sourceKey !== 'string' || !sourceKey) throw new PermanentJobError('storage-probe needs a sourceKey');
      if ((await deps.storage.size(sourceKey)) === null) throw new PermanentJobError(`no object at ${sourceKey}`);
      const hash = createHash('sha256');
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      const source = deps.storage.read(sourceKey);
      source.on('error', (error) => hashing.destroy(error));
      const key = probeKey(job.id);
      // Same key on a retry: the copy of a worker that died never completed, so nothing half-written stays.
      const { size } = await deps.storage.write(key, source.pipe(hashing));
      return { instance: instanceName(), key, size, sha256: hash.digest('hex') };
    },
  };
}
