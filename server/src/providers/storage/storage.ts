import type { Readable } from 'node:stream';

/** Where file bytes live. The embedded default is a folder; production may use S3-compatible storage. */
export type FileStorage = {
  /** Copies a local file into storage under `key`. */
  putFile(key: string, sourcePath: string): Promise<void>;
  putBuffer(key: string, data: Buffer): Promise<void>;
  /**
   * Streams bytes into storage under `key` (never held whole in memory); resolves with the byte count
   * once the object is complete. A failed or aborted body leaves no object under `key`.
   */
  write(key: string, body: Readable): Promise<{ size: number }>;
  /** Bytes [start, end] inclusive when given. */
  read(key: string, range?: { start: number; end: number }): Readable;
  /**
   * Bytes [start, end] inclusive in one buffer, for small ranges (a player's seek), where a stream's own
   * cost outweighs the read; absent when the store has no cheaper way than read() (decision 073).
   */
  readBytes?(key: string, range: { start: number; end: number }): Promise<Buffer>;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /**
   * A short-lived URL a browser may fetch the object from directly (S3's presigned GET, with the
   * download name and type baked in), or null when the app serves the bytes itself (local disk).
   */
  presignedUrl(
    key: string,
    opts: { expiresSeconds: number; downloadName: string; contentType: string },
  ): Promise<string | null>;
};
