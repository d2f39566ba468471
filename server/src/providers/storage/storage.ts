import type { Readable } from 'node:stream';

/** Where file bytes live. The embedded default is a folder; production may use S3-compatible storage. */
export type FileStorage = {
  /** Copies a local file into storage under `key`. */
  putFile(key: string, sourcePath: string): Promise<void>;
  putBuffer(key: string, data: Buffer): Promise<void>;
  /** Bytes [start, end] inclusive when given. */
  read(key: string, range?: { start: number; end: number }): Readable;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
};
