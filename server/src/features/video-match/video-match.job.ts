import { createWriteStream, type WriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { VIDEO_MAX_SECONDS, type VideoMeasures, type VideoTarget } from '@cuewave/contract/video-match';
import { tempPath } from '../../audio/ffmpeg';
import { AppError } from '../../lib/errors';
import type { FileStorage } from '../../providers/storage/storage';
import { PermanentJobError, type JobHandlers } from '../jobs/jobs.types';
import { measurePicture, measureSound } from './video-measure';
import { targetOf } from './video-target';

export const VIDEO_MATCH_JOB = 'video-match.analyse';
/** One retry: a worker that died mid-way leaves the upload for another (the lease runs out first). */
export const VIDEO_MATCH_ATTEMPTS = 2;

export type VideoMatchPayload = { storageKey: string; durationSec: number | null };
export type VideoMatchResult = { measures: VideoMeasures; target: VideoTarget };
export type VideoMatchJobProgress = { phase: 'picture' | 'sound' | 'matching'; percent: number };

/** A failure the owner is shown as it is (`VIDEO_NO_FRAMES: message`); anything else is generic. */
export const USER_FACING_VIDEO_FAILURE = /^(VIDEO_[A-Z_]+): (.+)$/s;

/**
 * Analyses an uploaded video and keeps only the numbers (decision 068). The upload is deleted when the
 * analysis ends, fails for good or is cancelled; it is kept only when the job goes back to the queue
 * (its instance is stopping) or will be retried, so the next worker, on any instance, can read it.
 */
export function videoMatchJobHandlers(deps: { storage: FileStorage }): JobHandlers {
  return {
    [VIDEO_MATCH_JOB]: async (job, ctx) => {
      const { storageKey, durationSec } = job.payload as VideoMatchPayload;
      const local = tempPath('.video');
      let finished = false;
      let copy: WriteStream | null = null;
      try {
        await ctx.progress({ phase: 'picture', percent: 0 } satisfies VideoMatchJobProgress);
        copy = createWriteStream(local);
        await pipeline(deps.storage.read(storageKey), copy, { signal: ctx.signal });
        const picture = await measurePicture(local, durationSec, {
          signal: ctx.signal,
          maxSeconds: VIDEO_MAX_SECONDS,
          onProgress: (share) => ctx.progress({ phase: 'picture', percent: Math.round(share * 70) }),
        });
        await ctx.progress({ phase: 'sound', percent: 75 } satisfies VideoMatchJobProgress);
        const sound = await measureSound(local, VIDEO_MAX_SECONDS);
        await ctx.progress({ phase: 'matching', percent: 95 } satisfies VideoMatchJobProgress);
        const measures: VideoMeasures = {
          durationSec: Math.round((durationSec ?? picture.seconds) * 100) / 100,
          cutsPerMinute: round(picture.cutsPerMinute),
          motion: round(picture.motion),
          brightness: round(picture.brightness),
          saturation: round(picture.saturation),
          warmth: round(picture.warmth),
          ...sound,
          speech: round(sound.speech),
        };
        finished = true;
        return { measures, target: targetOf(measures) } satisfies VideoMatchResult;
      } catch (error) {
        if (error instanceof AppError) {
          finished = true;
          throw new PermanentJobError(`${error.code}: ${error.message}`);
        }
        if (error instanceof PermanentJobError || ctx.attempt >= job.maxAttempts) finished = true;
        throw error;
      } finally {
        // A copy stream destroyed before its file was open still opens it, then closes: delete after that.
        if (copy && !copy.closed) await new Promise<void>((resolve) => copy!.once('close', () => resolve()));
        await unlink(local).catch(() => {});
        // Kept for a retry only when this instance is stopping or another attempt follows.
        const stopping =
          ctx.signal.aborted && String((ctx.signal.reason as Error | undefined)?.message).includes('stopping');
        if (finished || (ctx.signal.aborted && !stopping)) await deps.storage.remove(storageKey).catch(() => {});
      }
    },
  };
}

const round = (x: number) => Math.round(x * 1000) / 1000;
