// Writes `name.br` and `name.gz` beside every compressible file of the client build (JS, CSS, SVG,
// HTML, JSON, source maps, text), at the highest levels: done once per build, they cost nothing per
// request, and the server hands them out with @fastify/static's `preCompressed` (decision 073).
// Files under 1 KB are left alone (the headers would outweigh the saving), and so is a compressed copy
// that is not smaller than the file. Usage: node scripts/precompress.mjs [folder] (default build/client).
import { readdir, readFile, stat, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|html|json|map|txt|xml|webmanifest)$/i;
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

async function precompress(file) {
  const data = await readFile(file);
  const outputs = [
    [
      `${file}.br`,
      () =>
        brotli(data, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
        }),
    ],
    [`${file}.gz`, () => gz(data, { level: 9 })],
  ];
  let saved = 0;
  for (const [target, compress] of outputs) {
    // A stale copy from an earlier build must never be served for new content.
    await unlink(target).catch(() => {});
    if (data.length < MIN_BYTES) continue;
    const packed = await compress();
    if (packed.length >= data.length) continue;
    await writeFile(target, packed);
    if (target.endsWith('.br')) saved = data.length - packed.length;
  }
  return { raw: data.length, saved };
}

const root = resolve(process.argv[2] ?? 'build/client');
if (!(await stat(root).catch(() => null))?.isDirectory()) {
  console.error(`precompress: ${root} is not a folder`);
  process.exit(1);
}
let files = 0;
let raw = 0;
let saved = 0;
const pending = [];
for await (const file of walk(root)) pending.push(file);
// Two at a time: brotli 11 is single-threaded per file and the machines that build have two cores.
for (let i = 0; i < pending.length; i += 2) {
  for (const result of await Promise.all(pending.slice(i, i + 2).map(precompress))) {
    files++;
    raw += result.raw;
    saved += result.saved;
  }
}
console.log(
  `precompress: ${files} files, ${(raw / 1024).toFixed(0)} KiB → ${((raw - saved) / 1024).toFixed(0)} KiB with brotli`,
);
