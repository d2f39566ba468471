import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../providers/storage/local-storage';
import type { FileStorage } from '../../providers/storage/storage';
import { writeZip, type ZipEntry } from './archive-zip';
import { centralHeader } from './zip-format';
import { unzip } from './zip-test-kit';

let dir: string;
let storage: FileStorage;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cuewave-zip-'));
  storage = createLocalStorage(dir);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const mtime = new Date('2030-01-01T00:00:00Z');

async function* entriesOf(files: Array<{ name: string; data: Buffer }>): AsyncGenerator<ZipEntry> {
  for (const file of files) {
    await storage.putBuffer(`src/${file.name}`, file.data);
    yield { name: file.name, size: file.data.length, open: () => storage.read(`src/${file.name}`) };
  }
}

/** The first entry's CRC-32 as the central directory records it. */
const centralCrc = (zip: Buffer) =>
  new Promise<number>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err || !file) return reject(err ?? new Error('no zip'));
      file.once('entry', (entry: yauzl.Entry) => resolve(entry.crc32));
      file.readEntry();
    }),
  );

describe('writeZip', () => {
  it('stores every entry byte for byte, uncompressed, and reports each one', async () => {
    const files = [
      { name: '01 One - A.wav', data: randomBytes(3 * 1024 * 1024 + 17) },
      { name: '01 One - A/Bass.wav', data: randomBytes(1000) },
      { name: '02 Źdźbło - B.wav', data: Buffer.alloc(0) },
    ];
    const reported: number[] = [];
    const result = await writeZip(storage, 'archives/a.zip', entriesOf(files), {
      signal: new AbortController().signal,
      mtime,
      onEntry: async (n) => void reported.push(n),
    });
    expect(reported).toEqual([1, 2, 3]);
    expect(result.entries).toBe(3);
    const zip = await readFile(join(dir, 'archives/a.zip'));
    expect(result.size).toBe(zip.length);
    const entries = await unzip(zip);
    expect(entries.map((e) => e.name)).toEqual(files.map((f) => f.name));
    entries.forEach((entry, i) => {
      expect(entry.compressionMethod).toBe(0);
      expect(entry.data.equals(files[i]!.data)).toBe(true);
    });
  });

  it('uses a stored CRC-32 as it is, and hands back the one it computed for a file that had none', async () => {
    const data = randomBytes(2 * 1024 * 1024 + 5);
    await storage.putBuffer('src/crc.wav', data);
    const saved: number[] = [];
    const run = (known: number | null, key: string) =>
      writeZip(
        storage,
        key,
        (async function* () {
          yield {
            name: 'crc.wav',
            size: data.length,
            crc32: known,
            saveCrc: async (crc: number) => void saved.push(crc),
            open: () => storage.read('src/crc.wav'),
          };
        })(),
        { signal: new AbortController().signal, mtime, onEntry: async () => undefined },
      );
    await run(null, 'archives/crc1.zip');
    expect(saved).toEqual([crc32(data)]);
    expect((await unzip(await readFile(join(dir, 'archives/crc1.zip'))))[0]!.data.equals(data)).toBe(true);
    // Given, it is written as it is (here a wrong one, so the central directory shows it was not recomputed).
    await run((crc32(data) + 1) >>> 0, 'archives/crc2.zip');
    expect(saved).toHaveLength(1);
    expect(await centralCrc(await readFile(join(dir, 'archives/crc2.zip')))).toBe((crc32(data) + 1) >>> 0);
    expect(await centralCrc(await readFile(join(dir, 'archives/crc1.zip')))).toBe(crc32(data));
    // The right one gives the same bytes as computing it.
    await run(crc32(data), 'archives/crc3.zip');
    expect(
      (await readFile(join(dir, 'archives/crc3.zip'))).equals(await readFile(join(dir, 'archives/crc1.zip'))),
    ).toBe(true);
  });

  it('writes the same bytes when a job runs again (deterministic timestamps)', async () => {
    const files = [{ name: 'x.mp3', data: Buffer.from('same bytes') }];
    const opts = { signal: new AbortController().signal, mtime, onEntry: async () => undefined };
    await writeZip(storage, 'archives/b1.zip', entriesOf(files), opts);
    await writeZip(storage, 'archives/b2.zip', entriesOf(files), opts);
    expect((await readFile(join(dir, 'archives/b1.zip'))).equals(await readFile(join(dir, 'archives/b2.zip')))).toBe(
      true,
    );
  });

  it('leaves no object behind when aborted mid-way', async () => {
    const abort = new AbortController();
    const entries = async function* (): AsyncGenerator<ZipEntry> {
      yield { name: 'first.wav', size: 5, open: () => Readable.from([Buffer.from('hello')]) };
      abort.abort(new Error('worker stopping'));
      // A source that never ends: only the abort can release the writer.
      yield { name: 'second.wav', size: 10, open: () => new Readable({ read() {} }) };
    };
    await expect(
      writeZip(storage, 'archives/c.zip', entries(), { signal: abort.signal, mtime, onEntry: async () => undefined }),
    ).rejects.toThrow('worker stopping');
    expect(await storage.size('archives/c.zip')).toBeNull();
    expect((await readdir(join(dir, 'archives'))).filter((f) => f.startsWith('c.zip'))).toEqual([]);
  });

  it('fails when a source is shorter than its declared size', async () => {
    const entries = async function* (): AsyncGenerator<ZipEntry> {
      yield { name: 'short.wav', size: 100, open: () => Readable.from([Buffer.from('only a few')]) };
    };
    await expect(
      writeZip(storage, 'archives/d.zip', entries(), {
        signal: new AbortController().signal,
        mtime,
        onEntry: async () => undefined,
      }),
    ).rejects.toThrow();
    expect(await storage.size('archives/d.zip')).toBeNull();
  });
});

describe('Zip64', () => {
  it('writes Zip64 end records once the entry count passes 65,535, and readers still list every entry', async () => {
    const count = 70_000;
    const entries = async function* (): AsyncGenerator<ZipEntry> {
      for (let i = 0; i < count; i++)
        yield { name: `e${i}`, size: 1, open: () => Readable.from([Buffer.from([i & 255])]) };
    };
    const result = await writeZip(storage, 'archives/many.zip', entries(), {
      signal: new AbortController().signal,
      mtime,
      onEntry: async () => undefined,
    });
    expect(result.entries).toBe(count);
    const zip = await readFile(join(dir, 'archives/many.zip'));
    // The Zip64 end of central directory record and its locator come before the classic end record.
    expect(zip.readUInt32LE(zip.length - 22 - 20)).toBe(0x07064b50);
    expect(zip.readUInt32LE(zip.length - 22 - 20 - 56)).toBe(0x06064b50);
    const read = await unzip(zip);
    expect(read.length).toBe(count);
    expect(read[69_999]).toMatchObject({ name: 'e69999', data: Buffer.from([69_999 & 255]) });
  });

  it('moves offsets past 4 GiB into the Zip64 extra field of the central directory', () => {
    const name = Buffer.from('big.wav');
    const header = centralHeader({ name, crc: 1, size: 10, offset: 5_000_000_000, dosTime: 0, dosDate: 0 });
    expect(header.readUInt32LE(42)).toBe(0xffffffff);
    expect(header.readUInt16LE(6)).toBe(45);
    const extra = header.subarray(46 + name.length);
    expect(extra.readUInt16LE(0)).toBe(0x0001);
    expect(extra.readUInt16LE(2)).toBe(8);
    expect(extra.readBigUInt64LE(4)).toBe(5_000_000_000n);
    // Small entries at small offsets carry no extra field at all.
    expect(centralHeader({ name, crc: 1, size: 10, offset: 10, dosTime: 0, dosDate: 0 }).length).toBe(46 + name.length);
  });
});
