import { z } from './zod';

/**
 * Playlist downloads (spec §3 Playlist download job, §4, §7; decision 056): the request that starts a
 * zip of a playlist's tracks, the job id it answers with, and the progress events of
 * `GET /api/cdn/{jobId}` with `Accept: text/event-stream`.
 */

export const ARCHIVE_FORMATS = ['mp3', 'wav'] as const;
export const archiveFormatSchema = z.enum(ARCHIVE_FORMATS);
export type ArchiveFormat = z.infer<typeof archiveFormatSchema>;

/** Spec §9: the default download format. */
export const DEFAULT_ARCHIVE_FORMAT: ArchiveFormat = 'mp3';

/** More items than any playlist may hold: a bigger list is refused before anything is looked up. */
export const ARCHIVE_MAX_ITEMS = 1000;

/** How long a finished archive can be fetched before it is deleted (decision 056). */
export const ARCHIVE_RETENTION_HOURS = 24;

export const playlistDownloadRequestSchema = z
  .object({
    fileFormat: archiveFormatSchema.default(DEFAULT_ARCHIVE_FORMAT).describe('mp3 (320 kbps) or wav'),
    stems: z.boolean().default(false).describe('Also add each track’s stems, in a folder per track'),
    items: z
      .array(z.string().min(1).max(200))
      .min(1, 'Choose at least one track to download')
      .max(ARCHIVE_MAX_ITEMS, `A download holds at most ${ARCHIVE_MAX_ITEMS} tracks`)
      .describe('Product ids of the playlist to put in the zip, in the order wanted'),
  })
  .meta({ id: 'PlaylistDownloadRequest' });
export type PlaylistDownloadRequest = z.input<typeof playlistDownloadRequestSchema>;

export const playlistDownloadJobSchema = z
  .object({ jobId: z.string().describe('Follow it at GET /api/cdn/{jobId}') })
  .meta({ id: 'PlaylistDownloadJob' });
export type PlaylistDownloadJob = z.infer<typeof playlistDownloadJobSchema>;

export const ARCHIVE_JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type ArchiveJobStatus = (typeof ARCHIVE_JOB_STATUSES)[number];

/** The data of every progress event (the SSE default `message` event). */
export const archiveProgressSchema = z
  .object({
    filesProcessed: z.number().int().min(0),
    totalFiles: z.number().int().min(0),
    status: z.enum(ARCHIVE_JOB_STATUSES),
  })
  .meta({ id: 'ArchiveProgress' });
export type ArchiveProgress = z.infer<typeof archiveProgressSchema>;

/** The same check without the schema, for the browser that follows the stream (no Zod on its pages). */
export function isArchiveProgress(data: unknown): data is ArchiveProgress {
  if (typeof data !== 'object' || data === null) return false;
  const { filesProcessed, totalFiles, status } = data as Record<string, unknown>;
  const count = (n: unknown) => Number.isInteger(n) && (n as number) >= 0;
  return count(filesProcessed) && count(totalFiles) && (ARCHIVE_JOB_STATUSES as readonly unknown[]).includes(status);
}

/** Event names of the progress stream besides the default `message`. */
export const ARCHIVE_EVENT_FAILED = 'error';

/** The job ids the archive route answers for (the rest of /api/cdn/{id} are catalogue files). */
export const isJobId = (id: string) => id.startsWith('job_');

/** `<name>.zip`, the name the archive is saved under (spec §7). */
export const archiveFileName = (playlistName: string) => `${playlistName.trim() || 'playlist'}.zip`;
