// @vitest-environment node
// Pure byte work: Node's Blob (jsdom's cannot be read back).
import { describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { uniqueName, ZipWriter } from './zip';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (data: Uint8Array) => new TextDecoder().decode(data);

async function readBlob(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

/** Entries of the central directory: name, compression method and sizes, read byte by byte. */
function centralDirectory(zip: Uint8Array) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let eocd = zip.length - 22;
  while (eocd >= 0 && view.getUint32(eocd, true) !== 0x06054b50) eocd--;
  const count = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  const entries: { name: string; method: number; compressed: number; size: number }[] = [];
  for (let i = 0; i < count; i++) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    const method = view.getUint16(at + 10, true);
    const compressed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extra = view.getUint16(at + 30, true);
    const comment = view.getUint16(at + 32, true);
    entries.push({ name: text(zip.subarray(at + 46, at + 46 + nameLength)), method, compressed, size });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

describe('ZipWriter', () => {
  it('stores every file uncompressed, under its name, with its exact bytes', async () => {
    const zip = new ZipWriter(new Date('2026-01-02T03:04:05Z'));
    zip.add('Song - Stem Bass.wav', bytes('RIFF....WAVEbass'));
    const entry = zip.entry('Song - Stem Instruments.mp3');
    entry.push(bytes('ID3-part-one/'));
    entry.push(bytes('part-two'));
    entry.end();
    const blob = zip.finish();
    expect(blob.type).toBe('application/zip');

    const data = await readBlob(blob);
    expect(text(data.subarray(0, 2))).toBe('PK');
    const files = unzipSync(data);
    expect(Object.keys(files)).toEqual(['Song - Stem Bass.wav', 'Song - Stem Instruments.mp3']);
    expect(text(files['Song - Stem Bass.wav']!)).toBe('RIFF....WAVEbass');
    expect(text(files['Song - Stem Instruments.mp3']!)).toBe('ID3-part-one/part-two');

    const directory = centralDirectory(data);
    expect(directory.map((e) => e.method)).toEqual([0, 0]);
    expect(directory.map((e) => [e.compressed, e.size])).toEqual([
      [16, 16],
      [21, 21],
    ]);
  });

  it('renames an entry whose name is already in the archive instead of overwriting it', async () => {
    const zip = new ZipWriter();
    zip.add('a.mp3', bytes('one'));
    zip.add('A.mp3', bytes('two'));
    zip.add('a.mp3', bytes('three'));
    const files = unzipSync(await readBlob(zip.finish()));
    expect(Object.keys(files)).toEqual(['a.mp3', 'A (2).mp3', 'a (3).mp3']);
    expect(text(files['a (3).mp3']!)).toBe('three');
  });

  it('refuses to finish while an entry is still being written', () => {
    const zip = new ZipWriter();
    zip.entry('open.wav').push(bytes('x'));
    expect(() => zip.finish()).toThrow(/still open/);
  });

  it('builds an empty but valid archive', async () => {
    const data = await readBlob(new ZipWriter().finish());
    expect(Object.keys(unzipSync(data))).toEqual([]);
  });
});

describe('uniqueName', () => {
  it('numbers names without an extension too', () => {
    const used = new Set<string>();
    expect(uniqueName('README', used)).toBe('README');
    expect(uniqueName('readme', used)).toBe('readme (2)');
  });
});
