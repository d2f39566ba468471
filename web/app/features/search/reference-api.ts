import type { ProductType } from '@cuewave/contract/catalog';
import type { ReferenceItem, ReferenceList } from '@cuewave/contract/reference';
import { apiSend } from '../../lib/api';

/** Reference links (contract/src/reference.ts, decision 067). */
export const referenceApi = {
  describe: (urls: string[], type: ProductType) =>
    apiSend<ReferenceList>('POST', '/v1/product/search/reference', { json: { urls, type } }),
  upload: (file: File) =>
    apiSend<ReferenceItem>('POST', '/v1/product/search/reference/upload', { blob: file, query: { name: file.name } }),
};

/**
 * What the chips show for a reference in the URL: the item as the API described it, kept for this tab
 * (sessionStorage) so a reload or a shared search still names it; otherwise a plain label.
 */
const KEY = 'cw-search-references';
type Remembered = Pick<ReferenceItem, 'kind' | 'title' | 'artist' | 'service' | 'note' | 'url'>;

function load(): Record<string, Remembered> {
  try {
    return JSON.parse(window.sessionStorage.getItem(KEY) ?? '{}') as Record<string, Remembered>;
  } catch {
    return {};
  }
}

export function rememberReference(item: ReferenceItem): void {
  if (!item.reference || typeof window === 'undefined') return;
  const all = load();
  all[item.reference] = {
    kind: item.kind,
    title: item.title,
    artist: item.artist,
    service: item.service,
    note: item.note,
    url: item.url,
  };
  // Only the newest few: the URL never holds more than five.
  const entries = Object.entries(all).slice(-20);
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(Object.fromEntries(entries)));
  } catch {
    // Private mode or full storage: the chip falls back to a plain label.
  }
}

export function recallReference(reference: string): Remembered {
  const known = typeof window === 'undefined' ? undefined : load()[reference];
  if (known) return known;
  if (reference.startsWith('product:')) {
    return { kind: 'product', title: null, artist: null, service: null, note: null, url: reference.slice(8) };
  }
  return { kind: 'audio', title: 'Reference', artist: null, service: null, note: null, url: '' };
}
