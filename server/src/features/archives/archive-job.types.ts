import type { ArchiveFormat } from '@cuewave/contract/archives';

/** The job kind of a playlist zip (jobs-registry.ts maps it to the handler in archives.job.ts). */
export const ARCHIVE_JOB_KIND = 'playlist-archive';

/** Everything the job needs, fixed when it is asked for: a retry builds the same zip. */
export type ArchiveJobPayload = {
  accountId: string;
  playlistId: string;
  /** The name the zip is saved under (`<name>.zip`), as it was when the download was asked for. */
  playlistName: string;
  fileFormat: ArchiveFormat;
  stems: boolean;
  /** Product ids in zip order. */
  items: string[];
};

/** What the job keeps as its result once the zip is stored. */
export type ArchiveJobResult = {
  key: string;
  size: number;
  files: number;
  fileName: string;
  /** ISO time after which the zip is deleted (decision 056). */
  expiresAt: string;
};

/** Progress as the job saves it and the event stream sends it (status is added from the job row). */
export type ArchiveJobProgress = { filesProcessed: number; totalFiles: number };

/** Deterministic per job, so a retried job overwrites its own half-built zip and nothing else. */
export const archiveKey = (jobId: string) => `archives/${jobId}.zip`;

/**
 * A job error the owner is shown as it is: a download refusal (`DOWNLOAD_LIMIT_REACHED: message`),
 * recorded by the job as its error. Anything else is reported as a generic failure.
 */
export const USER_FACING_FAILURE = /^(DOWNLOAD_[A-Z_]+): (.+)$/s;
