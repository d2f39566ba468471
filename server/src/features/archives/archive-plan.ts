import { STEM_FILES, STEM_NAMES } from '@cuewave/contract/downloads';
import type { ArchiveFormat } from '@cuewave/contract/archives';
import { stemEntryName, trackBaseName, trackEntryName } from './archive-names';
import type { ArchiveProductRow } from './archives.repo';

/** One file of the zip: where it comes from (a lossless source, rendered in the format) and its path. */
export type PlannedEntry = { productId: string; file: string; sourceFileId: string; name: string };

/**
 * The zip's entries in order: each product's main version (the vocal mix when the song has one, else
 * the instrumental, made from its lossless file or the master), then its stems when asked, in a
 * folder named like the track. Products gone from the catalogue, or without a lossless source, are
 * left out; numbering follows the tracks that remain, so names never skip.
 */
export function planArchive(
  items: string[],
  products: Map<string, ArchiveProductRow>,
  opts: { format: ArchiveFormat; stems: boolean },
): PlannedEntry[] {
  const present = items
    .map((id) => products.get(id))
    .filter((p): p is ArchiveProductRow => p !== undefined && mainSource(p) !== null);
  return present.flatMap((product, index) => {
    const base = trackBaseName(index, present.length, product.title, product.artist);
    const entries: PlannedEntry[] = [
      {
        productId: product.id,
        file: product.has_vocal ? 'vocal' : 'instrumental',
        sourceFileId: mainSource(product)!,
        name: trackEntryName(base, opts.format),
      },
    ];
    if (opts.stems) {
      for (const stem of STEM_FILES) {
        const row = product.files.find((f) => f.type === stem);
        if (row) {
          entries.push({
            productId: product.id,
            file: stem,
            sourceFileId: row.file_id,
            name: stemEntryName(base, STEM_NAMES[stem], opts.format),
          });
        }
      }
    }
    return entries;
  });
}

/** The downloads feature's rule (decision 055): the version must exist, and so must the master. */
function mainSource(product: ArchiveProductRow): string | null {
  const row = (type: string) => product.files.find((f) => f.type === type);
  const master = row('master');
  const version = row(product.has_vocal ? 'vocal' : 'instrumental');
  if (!master || !version) return null;
  return version.lossless_file_id ?? master.file_id;
}
