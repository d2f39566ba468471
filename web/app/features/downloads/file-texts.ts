import type { TFunction } from 'i18next';
import type { DownloadFile } from '@cuewave/contract/downloads';
import type { FilePick } from './selection';

export type DownloadsT = TFunction<'downloads'>;

/** A file's name in the page's language: "Full track", "Bass stem" (the `files.<file>` texts). */
export const fileLabel = (t: DownloadsT, file: DownloadFile) => t(`files.${file}.label`);

/** What the file holds: "The complete song with vocals". */
export const fileDescription = (t: DownloadsT, file: DownloadFile) => t(`files.${file}.description`);

/** "Full track · WAV, Bass stem · MP3" — a pick in words, for the history and its buttons. */
export function picksText(t: DownloadsT, list: FilePick[]): string {
  return list.map((p) => `${fileLabel(t, p.file)} · ${p.format.toUpperCase()}`).join(', ');
}
