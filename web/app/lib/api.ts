import type { ErrorBody } from '@cuewave/contract/errors';

/**
 * The API client. In the browser the API is same-origin under /api; during server rendering the
 * loaders call it over loopback (API_INTERNAL_URL), so the web app can also run apart from the API.
 */
export function apiBase(): string {
  if (typeof window !== 'undefined') return '/api';
  const port = process.env.PORT ?? '3000';
  return process.env.API_INTERNAL_URL ?? `http://127.0.0.1:${port}/api`;
}

/** Where the browser fetches media from; always the public path, even during server rendering. */
export const mediaUrl = (fileId: string) => `/api/cdn/${encodeURIComponent(fileId)}`;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(`${body.error}: ${body.message}`);
  }
}

/** Statuses after which a GET is tried once more (spec §7, "Other"). */
const RETRY_GET_ON = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

type Query = Record<string, string | number | boolean | string[] | undefined | null>;

export function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(','));
    } else params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export async function apiGet<T>(path: string, options: { query?: Query; signal?: AbortSignal } = {}): Promise<T> {
  const url = apiBase() + withQuery(path, options.query);
  let response = await fetch(url, { signal: options.signal, headers: { accept: 'application/json' } });
  if (RETRY_GET_ON.has(response.status)) {
    response = await fetch(url, { signal: options.signal, headers: { accept: 'application/json' } });
  }
  return readJson<T>(response);
}

async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) {
    const err =
      body && typeof body === 'object' && 'error' in body
        ? (body as ErrorBody)
        : { error: 'HTTP_' + response.status, message: response.statusText };
    throw new ApiError(response.status, err);
  }
  return body as T;
}

/** Loaders turn an API 404 into the app's 404 page. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
