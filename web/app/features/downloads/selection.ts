import type { Product, ProductFile } from '@cuewave/contract/catalog';
import {
  DEFAULT_DOWNLOAD_FORMAT,
  DOWNLOAD_NAME_SUFFIX,
  isStemFile,
  STEM_NAMES,
  type DownloadFile,
  type DownloadFormat,
  type DownloadItem,
} from '@cuewave/contract/downloads';

/**
 * The download control's model (spec §3 Stem item: id, name, isSelected, selectedFileFormat default
 * mp3, isPlaying, duration, waveform, bpm). Pure: the component keeps a `Selection` in state and
 * these functions say what it means — which files in which formats to ask for, and what to save.
 */

export type DownloadOption = {
  /** The product file's id (spec §3 Stem item: id). */
  id: string;
  file: DownloadFile;
  kind: 'version' | 'stem';
  name: string;
  description: string;
  /** A public file to audition (/api/cdn/{id}), or null when the file has no playable preview. */
  previewId: string | null;
  duration: number;
  waveform: number[];
  bpm: number | null;
};

export type ItemChoice = { isSelected: boolean; selectedFileFormat: DownloadFormat };
export type Selection = Partial<Record<DownloadFile, ItemChoice>>;

const VERSION_INFO: Partial<Record<DownloadFile, { name: string; description: string }>> = {
  vocal: { name: 'Full track', description: 'The complete song with vocals' },
  instrumental: { name: 'Instrumental', description: 'Everything but the vocals' },
  master: { name: 'Master', description: 'The final mastered mix' },
};
const STEM_DESCRIPTIONS: Record<string, string> = {
  stem_bass: 'The low end, isolated',
  stem_instruments: 'Melody and harmony, isolated',
};
const ORDER: DownloadFile[] = ['vocal', 'instrumental', 'master', 'stem_instruments', 'stem_bass'];

/** Public preview of a file: its own id for the MP3 versions, else a preview the API names, else none. */
function previewOf(file: ProductFile): string | null {
  if (file.preview) return file.preview;
  return file.type === 'vocal' || file.type === 'instrumental' ? file.id : null;
}

/** What this product offers for download, versions first, then stems. */
export function downloadOptions(product: Product): DownloadOption[] {
  const options: DownloadOption[] = [];
  for (const type of ORDER) {
    const file = product.files.find((f) => f.type === type);
    if (!file) continue;
    const stem = isStemFile(type);
    const info = stem
      ? { name: STEM_NAMES[type], description: STEM_DESCRIPTIONS[type] ?? 'Isolated stem' }
      : VERSION_INFO[type]!;
    options.push({
      id: file.id,
      file: type,
      kind: stem ? 'stem' : 'version',
      name: info.name,
      description: info.description,
      previewId: previewOf(file),
      duration: file.duration,
      waveform: file.waveform ?? [],
      bpm: file.bpm,
    });
  }
  return options;
}

/** The main version: vocal when the song has one, else instrumental (as the API's default). */
export function mainVersion(options: DownloadOption[]): DownloadFile | null {
  return options.find((o) => o.file === 'vocal')?.file ?? options.find((o) => o.kind === 'version')?.file ?? null;
}

/** Everything offered, nothing but the main version ticked, every format mp3 (spec §9). */
export function initialSelection(options: DownloadOption[]): Selection {
  const main = mainVersion(options);
  const selection: Selection = {};
  for (const option of options) {
    selection[option.file] = { isSelected: option.file === main, selectedFileFormat: DEFAULT_DOWNLOAD_FORMAT };
  }
  return selection;
}

export function toggleItem(selection: Selection, file: DownloadFile): Selection {
  const item = selection[file];
  if (!item) return selection;
  return { ...selection, [file]: { ...item, isSelected: !item.isSelected } };
}

/** Choosing a format also ticks the item: nobody picks WAV for a file they don't want. */
export function setItemFormat(selection: Selection, file: DownloadFile, format: DownloadFormat): Selection {
  const item = selection[file];
  if (!item) return selection;
  return { ...selection, [file]: { isSelected: true, selectedFileFormat: format } };
}

/** Every stem ticked, or none (the "all stems" switch). */
export function setAllStems(selection: Selection, options: DownloadOption[], selected: boolean): Selection {
  const next = { ...selection };
  for (const option of options) {
    const item = next[option.file];
    if (option.kind === 'stem' && item) next[option.file] = { ...item, isSelected: selected };
  }
  return next;
}

export type FilePick = { file: DownloadFile; format: DownloadFormat };

/** The ticked files with their formats, in the control's order. */
export function picks(options: DownloadOption[], selection: Selection): FilePick[] {
  return options
    .filter((o) => selection[o.file]?.isSelected)
    .map((o) => ({ file: o.file, format: selection[o.file]!.selectedFileFormat }));
}

/** Characters no file system accepts, control characters, and trailing dots or spaces (Windows). */
export function safeFileName(name: string): string {
  const cleaned = name
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[. ]+$/, '');
  if (cleaned.length <= 150) return cleaned || 'track';
  // Too long for some file systems: shorten the name, keep the extension.
  const ext = /\.[a-z0-9]{1,5}$/i.exec(cleaned)?.[0] ?? '';
  return cleaned.slice(0, 150 - ext.length).trim() + ext;
}

/** `Title - Artist`, the name every file of a track starts with (contract DOWNLOAD_NAME_SUFFIX). */
export function downloadBaseName(product: Pick<Product, 'title' | 'artist'>): string {
  return safeFileName(`${product.title} - ${product.artist.name}`);
}

/** `Title - Artist (Bass stem).wav`: what the API names a file, for when it didn't say. */
export function fileNameFor(product: Pick<Product, 'title' | 'artist'>, pick: FilePick): string {
  return `${downloadBaseName(product)}${DOWNLOAD_NAME_SUFFIX[pick.file]}.${pick.format}`;
}

/**
 * Spec §7: one file is saved as `name.format`; several are zipped as `name.zip`. Returns what the
 * browser saves and, for a zip, the names inside it.
 */
export function savePlan(
  product: Pick<Product, 'title' | 'artist'>,
  items: Pick<DownloadItem, 'file' | 'format' | 'fileName'>[],
): { kind: 'file'; fileName: string } | { kind: 'zip'; fileName: string; entries: string[] } {
  const names = items.map((item) => safeFileName(item.fileName || fileNameFor(product, item)));
  if (items.length === 1) return { kind: 'file', fileName: names[0]! };
  return { kind: 'zip', fileName: `${downloadBaseName(product)}.zip`, entries: names };
}

/** "Full track · WAV, Bass stem · MP3" — a pick in words, for the history and the button. */
export function describePicks(list: FilePick[], options?: DownloadOption[]): string {
  return list
    .map((p) => {
      const name =
        options?.find((o) => o.file === p.file)?.name ??
        (isStemFile(p.file) ? `${STEM_NAMES[p.file]} stem` : (VERSION_INFO[p.file]?.name ?? p.file));
      return `${name} · ${p.format.toUpperCase()}`;
    })
    .join(', ');
}
