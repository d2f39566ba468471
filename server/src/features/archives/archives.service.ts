import { createHash } from 'node:crypto';
import type { PlaylistDownloadJob } from '@cuewave/contract/archives';
import type { ArchiveFormat } from '@cuewave/contract/archives';
import type { FeatureDeps } from '../../deps';
import type { CatalogDeps } from '../catalog/catalog.service';
import { AppError } from '../../lib/errors';
import { requireDownloadAccess } from '../downloads/download-access';
import { checkFairUseFor } from '../downloads/downloads.service';
import { enqueueJob } from '../jobs/jobs.service';
import { getPlaylist } from '../playlists/playlists.service';
import { ARCHIVE_JOB_KIND, type ArchiveJobPayload } from './archive-job.types';
import { planArchive } from './archive-plan';
import { selectArchiveProducts } from './archives.repo';

/** The app's deps, with the catalogue's cache when the app has one (playlists read products through it). */
export type ArchiveDeps = FeatureDeps & { catalog?: CatalogDeps };

export type ArchiveRequest = { fileFormat: ArchiveFormat; stems: boolean; items: string[] };

/** How many outside items a 400 names before "and N more". */
const NAMED = 10;

/**
 * POST /v1/playlist/{id}/download. The playlist must be the caller's own or public (else 404, as
 * GET /v1/playlist/{id} answers); every item must be in it; the caller must be allowed to download
 * (the track download rules), and the zip's new tracks must fit the day's fair-use allowance (429).
 * Starts the zip job, or returns the one already building the same zip.
 */
export async function requestPlaylistArchive(
  deps: ArchiveDeps,
  accountId: string,
  playlistId: string,
  request: ArchiveRequest,
): Promise<PlaylistDownloadJob> {
  const playlist = await getPlaylist(
    { db: deps.db, clock: deps.clock, catalog: deps.catalog ?? deps },
    playlistId,
    accountId,
  );
  const items = [...new Set(request.items)];
  const inPlaylist = new Set(playlist.itemIds);
  const outside = items.filter((id) => !inPlaylist.has(id));
  if (outside.length) {
    const more = outside.length > NAMED ? ` and ${outside.length - NAMED} more` : '';
    throw new AppError(
      'ITEMS_NOT_IN_PLAYLIST',
      `${outside.length === 1 ? 'This track is' : 'These tracks are'} not in the playlist: ` +
        `${outside.slice(0, NAMED).join(', ')}${more}`,
    );
  }
  await requireDownloadAccess(deps, accountId);
  // Fair use up front (429, as a track download answers): the tracks the zip will hold that were not
  // downloaded today must fit the day's allowance. The job checks again as it records each track.
  const planned = planArchive(items, await selectArchiveProducts(deps.db, items), {
    format: request.fileFormat,
    stems: request.stems,
  });
  await checkFairUseFor(deps, accountId, [...new Set(planned.map((e) => e.productId))]);

  const payload: ArchiveJobPayload = {
    accountId,
    playlistId,
    playlistName: playlist.name,
    fileFormat: request.fileFormat,
    stems: request.stems,
    items,
  };
  // A double click (or a second tab) while the same zip is being built follows the same job.
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([playlistId, playlist.name, request.fileFormat, request.stems, items]))
    .digest('base64url');
  const job = await enqueueJob(deps.db, {
    kind: ARCHIVE_JOB_KIND,
    payload,
    ownerId: accountId,
    dedupeKey: `${ARCHIVE_JOB_KIND}:${accountId}:${fingerprint}`,
    clock: deps.clock,
  });
  return { jobId: job.id };
}
