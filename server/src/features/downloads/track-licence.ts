import type { LicensedTrack } from '@cuewave/contract/downloads';
import type { Db } from '../../db/client';
import { selectDownloadByCode } from './downloads.repo';

/**
 * What the licence verify page needs of a per-track certificate code (decision 055): the licence the
 * download was made under and the track. Its own module so the licence feature can ask without the
 * downloads service (which uses the licence service) being imported in a cycle.
 */
export async function findTrackLicence(
  db: Db,
  code: string,
): Promise<{ code: string; licenceId: string; track: LicensedTrack } | undefined> {
  const row = await selectDownloadByCode(db, code);
  if (!row) return undefined;
  return {
    code: row.code,
    licenceId: row.licence_id,
    track: {
      productId: row.product_id,
      title: row.title,
      artist: row.artist,
      downloadedAt: row.created_at.toISOString(),
    },
  };
}
