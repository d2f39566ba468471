import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * PostgreSQL text cannot hold U+0000: a NUL reaching a query fails it with an encoding error (a 500).
 * No field of ours has a use for one, so any NUL in an API call's path parameters, query or JSON body
 * is refused up front with a 400, for every route at once.
 */
export function rejectNulCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // Pages are left to the web app, whose loaders meet this check when they call the API.
    if (!request.url.startsWith('/api/')) return;
    for (const [part, value] of [
      ['path', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      if (holdsNul(value, 0))
        throw new AppError('BAD_REQUEST', `The request's ${part} holds a NUL character, which no field accepts.`);
    }
  });
}

/** Searches strings, arrays and plain objects (what JSON, forms and query strings parse to), nothing else. */
function holdsNul(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  // Plain records: {…}, null-prototype ones, and the router's params (whose prototype has none).
  const proto = Object.getPrototypeOf(value) as object | null;
  if (proto !== null && proto !== Object.prototype && Object.getPrototypeOf(proto) !== null) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}
