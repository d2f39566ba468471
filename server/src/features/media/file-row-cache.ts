import type { Db } from '../../db/client';
import { selectFile, type FileRow } from './media.repo';

export type FileRowCache = { get(id: string): Promise<FileRow | undefined> };

export type FileRowCacheOptions = {
  /** How long a row is believed without asking the database again. */
  ttlMs?: number;
  /** Rows kept at most; the oldest go first. */
  max?: number;
  now?: () => number;
};

/**
 * File rows for /api/cdn without a database round trip per request (decision 073). A player asks for
 * the same preview again and again (every seek is a range request), and the query cost more than
 * sending the bytes. A file's bytes never change under its id (decision 021), so the only thing a
 * cached row can get wrong is a file removed or made private in the last `ttlMs`; 30 s bounds that on
 * every instance without any cross-instance message. Unknown ids are not cached, so random ids cannot
 * push real ones out; concurrent misses for one id share one query.
 */
export function createFileRowCache(db: Db, options: FileRowCacheOptions = {}): FileRowCache {
  const ttlMs = options.ttlMs ?? 30_000;
  const max = options.max ?? 5_000;
  const now = options.now ?? Date.now;
  const rows = new Map<string, { row: FileRow; until: number }>();
  const loading = new Map<string, Promise<FileRow | undefined>>();

  return {
    get(id) {
      const hit = rows.get(id);
      if (hit && hit.until > now()) return Promise.resolve(hit.row);
      const pending = loading.get(id);
      if (pending) return pending;
      const query = selectFile(db, id)
        .then((row) => {
          rows.delete(id);
          if (row) {
            // Map keeps insertion order: the first key is the oldest entry.
            if (rows.size >= max) rows.delete(rows.keys().next().value!);
            rows.set(id, { row, until: now() + ttlMs });
          }
          return row;
        })
        .finally(() => loading.delete(id));
      loading.set(id, query);
      return query;
    },
  };
}
