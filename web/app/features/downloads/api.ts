import type { Product } from '@cuewave/contract/catalog';
import type { DownloadFile, DownloadFormat, DownloadHistory, ProductDownload } from '@cuewave/contract/downloads';
import { apiBase, apiGet, refreshSession, type ApiOptions } from '../../lib/api';
import { readCookie, USER_TOKEN_COOKIE } from '../../lib/cookies';

/** The download calls of spec §7 (shapes in contract/src/downloads.ts). */

export type FilePick = { file: DownloadFile; format: DownloadFormat };

/**
 * GET /v1/product/{id}/download?items=vocal:wav,stem_bass:mp3 — exactly these file and format pairs,
 * answered in this order and recorded as one download (a mixed pick is not split by format). 200 ready
 * (signed URLs) or 202 preparing (ask again after retryAfterMs with the same query).
 */
export function requestProductDownload(
  productId: string,
  picks: FilePick[],
  signal?: AbortSignal,
): Promise<ProductDownload> {
  return apiGet<ProductDownload>(`/v1/product/${encodeURIComponent(productId)}/download`, {
    // withQuery URL-encodes the value; the API splits it on ',' and ':' after decoding.
    query: { items: picks.map((p) => `${p.file}:${p.format}`).join(',') },
    signal,
  });
}

/** The product with every file's waveform (a listing's carries one, decision 074), for the download control. */
export const getFullProduct = (product: Pick<Product, 'id' | 'type'>, signal?: AbortSignal) =>
  apiGet<Product>(`/v1/product/${product.type}/${encodeURIComponent(product.id)}`, { signal });

export const getDownloadHistory = (query: { skip: number; limit: number }, options?: ApiOptions) =>
  apiGet<DownloadHistory>('/v1/download', { ...options, query });

/** Bytes of one signed URL, reported as they arrive (`received` so far; `total` when the server says). */
export async function fetchSignedFile(
  url: string,
  onChunk: (chunk: Uint8Array) => void,
  signal?: AbortSignal,
): Promise<void> {
  // The signature in the URL is the authorisation: no bearer, and no cookies for an object store.
  const sameOrigin = url.startsWith('/');
  const response = await fetch(url, { signal, credentials: sameOrigin ? 'same-origin' : 'omit' });
  if (!response.ok) throw new DownloadFetchError(response.status);
  if (!response.body) {
    onChunk(new Uint8Array(await response.arrayBuffer()));
    return;
  }
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (value?.length) onChunk(value);
  }
}

export class DownloadFetchError extends Error {
  constructor(readonly status: number) {
    super(`file download: HTTP ${status}`);
  }
}

function token(): string | null {
  return readCookie(document.cookie, USER_TOKEN_COOKIE);
}

/** An API path as given by the API: `/api/v1/...` as is, `/v1/...` under the API base. */
function apiUrl(path: string): string {
  if (/^https?:\/\//.test(path) || path.startsWith(apiBase() + '/')) return path;
  return apiBase() + (path.startsWith('/') ? path : `/${path}`);
}

/** `attachment; filename="x.pdf"` → x.pdf */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star.trim());
    } catch {
      // fall through to the plain filename
    }
  }
  return /filename="?([^";]+)"?/i.exec(header)?.[1]?.trim() ?? null;
}

/**
 * The per-track licence certificate PDF (DownloadRecord.licence.certificateUrl) with the bearer; an
 * expired access token is refreshed once through the client's shared refresh, as fetchLicence does.
 */
export async function fetchCertificate(
  certificateUrl: string,
  fallbackName: string,
): Promise<{ blob: Blob; fileName: string }> {
  const get = (bearer: string | null) =>
    fetch(apiUrl(certificateUrl), {
      headers: { accept: 'application/pdf', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
      credentials: 'same-origin',
    });
  const used = token();
  let response = await get(used);
  if (response.status === 401 && used && (await refreshSession(used))) response = await get(token());
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.includes('application/pdf')) throw new Error(`certificate: HTTP ${response.status}`);
  const fileName = fileNameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  return { blob: await response.blob(), fileName };
}
