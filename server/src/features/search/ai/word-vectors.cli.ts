import { cacheFileSize, loadWordVectors, prepareWordVectors } from './word-vectors';

/** `npm run -w server search:word-vectors`: builds the embedded engine's word vectors (decision 059). */
const result = await prepareWordVectors();
const started = performance.now();
const before = process.memoryUsage().rss;
const vectors = await loadWordVectors();
const loadMs = performance.now() - started;
const rssMb = (process.memoryUsage().rss - before) / 2 ** 20;
console.log(
  `${result.built ? `built in ${(result.buildMs / 1000).toFixed(1)} s` : 'already built'}: ${result.path} ` +
    `(${(cacheFileSize(result.path) / 2 ** 20).toFixed(1)} MB, ${vectors.size} words × ${vectors.dims}); ` +
    `loaded in ${loadMs.toFixed(0)} ms, +${rssMb.toFixed(0)} MB resident`,
);
