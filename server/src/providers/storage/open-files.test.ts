import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenFiles } from './open-files';

describe('shared open handles for ranged reads', () => {
  let dir: string;
  const bytes = Buffer.from(Array.from({ length: 600_000 }, (_, i) => (i * 7) % 251));
  let a: string;
  let b: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cuewave-open-files-'));
    a = join(dir, 'a.mp3');
    b = join(dir, 'b.mp3');
    await writeFile(a, bytes);
    await writeFile(b, bytes.subarray(0, 1000));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads exactly the asked bytes, across several chunks too, with one handle for concurrent reads', async () => {
    const files = createOpenFiles();
    const [small, large, last] = await Promise.all([
      buffer(files.readRange(a, 10, 19)),
      buffer(files.readRange(a, 1, 599_999)),
      buffer(files.readRange(a, 599_999, 599_999)),
    ]);
    expect(small.equals(bytes.subarray(10, 20))).toBe(true);
    expect(large.equals(bytes.subarray(1))).toBe(true);
    expect(last.equals(bytes.subarray(599_999))).toBe(true);
    expect(files.size()).toBe(1);
    expect((await files.readBytes(a, 5, 599_994)).equals(bytes.subarray(5, 599_995))).toBe(true);
    expect((await files.readBytes(a, 7, 7)).equals(bytes.subarray(7, 8))).toBe(true);
  });

  it('a missing file fails the read and is not remembered; a range past the end fails instead of hanging', async () => {
    const files = createOpenFiles();
    await expect(buffer(files.readRange(join(dir, 'missing.mp3'), 0, 9))).rejects.toThrow(/ENOENT/);
    expect(files.size()).toBe(0);
    await expect(buffer(files.readRange(b, 900, 1999))).rejects.toThrow(/ended at byte 1000/);
  });

  it('closes handles idle longer than their time, and keeps at most max open', async () => {
    let now = 0;
    const files = createOpenFiles({ idleMs: 1000, max: 1, now: () => now });
    await buffer(files.readRange(a, 0, 9));
    expect(files.size()).toBe(1);
    await buffer(files.readRange(b, 0, 9)); // two open: over max, so the idle one goes on the next read
    now = 10;
    await buffer(files.readRange(b, 0, 9));
    expect(files.size()).toBe(1);
    now = 5000;
    await buffer(files.readRange(a, 0, 9)); // b was idle for more than a second
    expect(files.size()).toBe(1);
  });

  it('a forgotten file (removed or replaced) gets a fresh handle, and a read in flight still finishes', async () => {
    const files = createOpenFiles();
    const reading = files.readRange(a, 0, 599_999)[Symbol.asyncIterator]();
    const parts = [(await reading.next()).value as Buffer];
    expect(files.size()).toBe(1);
    files.forget(a);
    expect(files.size()).toBe(0);
    for (let part = await reading.next(); !part.done; part = await reading.next()) parts.push(part.value as Buffer);
    expect(Buffer.concat(parts).equals(bytes)).toBe(true);
    await writeFile(b, Buffer.from('replaced'));
    files.forget(b);
    expect((await buffer(files.readRange(b, 0, 7))).toString()).toBe('replaced');
  });
});
