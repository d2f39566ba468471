/**
 * npm run bench:search-quality [-- --verbose] [-- --check] [-- --fresh-demo] [-- --set dev]
 *
 * Relevance of search over the demo catalogue, judged by the labelled set in search-quality/queries.json
 * (graded rules over product metadata; README.md there). Starts the real server on a copy of a demo data
 * folder (DATA_DIR, else e2e/.data when it exists, else a demo built into a temp folder with
 * `npm run catalog:demo`, about 6 minutes), runs every query with engine "standard" and engine "ai"
 * (limit 10), stops the server, reads every product's metadata from the copy and scores nDCG@10 for both
 * engines and for a plain keyword baseline computed here in the same run. Prints the means overall, per
 * category and per language, the ratio AI/baseline on paraphrased and on Polish queries, and the goals;
 * `--verbose` adds every query's scores. `--check` only checks the labels against the catalogue (how
 * many products each query's rules find relevant) without starting the server. `--fresh-demo` builds a
 * new demo even when a data folder exists (one built before issue 13 has no descriptions).
 * `--video-only` prints only the video match section (generated clips in the right energy class).
 * `--sound-only` prints only the "more like this" section (search-quality/sound-pairs.json: how often the
 * piece that sounds alike is nearer by descriptor than the one that does not, per source and half).
 * `--set dev` scores the development set (search-quality/dev-queries.json) instead: the queries engine
 * work is tuned on, so that the labelled set stays a measure (README.md there).
 * Figures only: nothing here fails on a score.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb } from '../server/src/db/client';
import { migrateToLatest } from '../server/src/db/migrate';
import { embedCatalogue } from './embed-catalogue';
import { readCatalogue } from './search-quality/catalogue';
import {
  grade,
  keywordSearch,
  meanNdcg,
  ndcgAt,
  productText,
  tokens,
  validateQueries,
  type JudgedProduct,
  type LabelledQuery,
  type Scored,
} from './search-quality/relevance';
import { freePort, startServerProcess, waitFor } from './server-process';
import { videoEnergySection } from './search-quality/video-energy';
import { printSoundPairs, scoreSoundPairs } from './search-quality/sound-pairs';

const root = fileURLToPath(new URL('..', import.meta.url));
const K = 10;
const verbose = process.argv.includes('--verbose');
const checkOnly = process.argv.includes('--check');
const freshDemo = process.argv.includes('--fresh-demo');
const setArg = process.argv.indexOf('--set');
const querySet = setArg >= 0 ? process.argv[setArg + 1] : 'labelled';
if (querySet !== 'labelled' && querySet !== 'dev') throw new Error(`--set labelled | dev, not ${querySet}`);
const QUERY_FILE = querySet === 'dev' ? 'dev-queries.json' : 'queries.json';
const ENGINES = ['standard', 'ai'] as const;
type Engine = (typeof ENGINES)[number];

function loadQueries(): LabelledQuery[] {
  const file = join(root, 'bench/search-quality', QUERY_FILE);
  const { queries } = JSON.parse(readFileSync(file, 'utf8')) as { queries: LabelledQuery[] };
  const problems = validateQueries(queries);
  if (problems.length > 0) throw new Error(`${QUERY_FILE} is not sound:\n  ${problems.join('\n  ')}`);
  return queries;
}

/** A demo data folder to copy from: DATA_DIR, else e2e/.data, else null (build one). */
function sourceDataDir(): string | null {
  const given = process.env.DATA_DIR;
  if (given) {
    const dir = resolve(root, given);
    if (!existsSync(join(dir, 'db'))) throw new Error(`DATA_DIR ${dir} has no db folder (an embedded catalogue)`);
    return dir;
  }
  const e2e = join(root, 'e2e/.data');
  return existsSync(join(e2e, 'db')) ? e2e : null;
}

async function buildDemo(dir: string): Promise<void> {
  console.log(`No demo data folder: building the demo catalogue into ${dir} (npm run catalog:demo, ~6 min)`);
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir };
  delete env.DATABASE_URL; // the demo goes into the embedded database of that folder
  await new Promise<void>((done, fail) =>
    spawn('npm', ['run', 'catalog:demo'], { cwd: root, env, stdio: 'inherit' }).once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`npm run catalog:demo exited with ${code}`)),
    ),
  );
}

/**
 * A data folder the server may change (it migrates the database and may compute vectors): the db folder
 * copied, the audio files linked (search never reads them).
 */
function workingCopy(source: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'cuewave-search-quality-'));
  cpSync(join(source, 'db'), join(dir, 'db'), { recursive: true });
  if (existsSync(join(source, 'files'))) symlinkSync(join(source, 'files'), join(dir, 'files'));
  return dir;
}

type Answer = { ids: string[]; error?: string };

async function search(base: string, query: LabelledQuery, engine: Engine): Promise<Answer> {
  const res = await fetch(`${base}/api/v1/product/search?limit=${K}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ prompt: query.query, engine, type: query.type ?? 'music' }),
  });
  const text = await res.text();
  if (!res.ok) return { ids: [], error: `${res.status} ${text.slice(0, 200)}` };
  const body = JSON.parse(text) as { items: { id: string }[] };
  return { ids: body.items.map((p) => p.id) };
}

/** Both engines answer. */
async function waitForSearch(base: string, probe: LabelledQuery): Promise<void> {
  for (const engine of ENGINES)
    await waitFor(
      `search (${engine})`,
      async () => {
        const answer = await search(base, probe, engine);
        return !answer.error && answer.ids.length > 0;
      },
      600_000,
    );
}

type Row = {
  query: LabelledQuery;
  scores: Record<Engine | 'baseline', number>;
  errors: string[];
  top: string[];
  /** engines that answered with no results */
  empty: Engine[];
};

function score(
  queries: LabelledQuery[],
  products: JudgedProduct[],
  answers: Map<string, Record<Engine, Answer>>,
): Row[] {
  const byId = new Map(products.map((p) => [p.id, p]));
  const words = new Map(products.map((p) => [p.id, new Set(tokens(productText(p)))]));
  const rows: Row[] = [];
  for (const query of queries) {
    const pool = products.filter((p) => p.type === (query.type ?? 'music'));
    const all = pool.map((p) => grade(p, query));
    const ndcg = (ids: string[]) => {
      const grades = ids.map((id) => {
        const p = byId.get(id);
        return p ? grade(p, query) : 0;
      });
      return ndcgAt(K, grades, all);
    };
    const baselineIds = keywordSearch(query.query, pool, K, (p) => words.get(p.id)!);
    const base = ndcg(baselineIds);
    if (base === null) {
      console.warn(`! ${query.id}: nothing in this catalogue is relevant; the query is left out`);
      continue;
    }
    const answer = answers.get(query.id);
    const errors = ENGINES.flatMap((e) => (answer?.[e].error ? [`${e}: ${answer[e].error}`] : []));
    rows.push({
      query,
      scores: {
        baseline: base,
        standard: answer ? (ndcg(answer.standard.ids) ?? 0) : 0,
        ai: answer ? (ndcg(answer.ai.ids) ?? 0) : 0,
      },
      errors,
      top: (answer?.ai.ids ?? []).slice(0, 3).map((id) => byId.get(id)?.title ?? id),
      empty: ENGINES.filter((e) => answer && !answer[e].error && answer[e].ids.length === 0),
    });
  }
  return rows;
}

function report(rows: Row[], products: JudgedProduct[], where: string): void {
  const of = (key: Engine | 'baseline'): Scored[] => rows.map((r) => ({ query: r.query, ndcg: r.scores[key] }));
  const groups: [string, (q: LabelledQuery) => boolean][] = [
    ['overall', () => true],
    ['plain', (q) => q.category === 'plain'],
    ['descriptive', (q) => q.category === 'descriptive'],
    ['paraphrased', (q) => q.category === 'paraphrased'],
    ['typo', (q) => q.category === 'typo'],
    ['en', (q) => q.language === 'en'],
    ['pl', (q) => q.language === 'pl'],
  ];
  const count = (pick: (q: LabelledQuery) => boolean) => rows.filter((r) => pick(r.query)).length;
  const fmt = (n: number | null) => (n === null ? '    –' : n.toFixed(3).padStart(6));
  console.log(
    `\nSearch quality, nDCG@${K}: ${rows.length} ${querySet} queries over ${products.length} products ` +
      `(${products.filter((p) => p.type === 'music').length} music, ${products.filter((p) => p.type === 'sfx').length} sfx; ${where})`,
  );
  console.log(`${''.padEnd(18)}${groups.map(([name, pick]) => `${name} (${count(pick)})`.padStart(17)).join('')}`);
  for (const [label, key] of [
    ['keyword baseline', 'baseline'],
    ['standard', 'standard'],
    ['ai', 'ai'],
  ] as const)
    console.log(`${label.padEnd(18)}${groups.map(([, pick]) => fmt(meanNdcg(of(key), pick)).padStart(17)).join('')}`);

  const ratio = (pick: (q: LabelledQuery) => boolean) => {
    const ai = meanNdcg(of('ai'), pick);
    const base = meanNdcg(of('baseline'), pick);
    return ai === null || base === null || base === 0 ? null : ai / base;
  };
  const pct = (r: number | null) => (r === null ? '–' : `${r.toFixed(2)} (${((r - 1) * 100).toFixed(0)} % above)`);
  const para = ratio((q) => q.category === 'paraphrased');
  const polish = ratio((q) => q.language === 'pl');
  console.log(`\nAI / baseline on paraphrased queries: ${pct(para)}   goal ≥ 1.30`);
  console.log(`AI / baseline on Polish queries:      ${pct(polish)}   goal ≥ 1.30`);
  console.log(`AI overall:         ${fmt(meanNdcg(of('ai')))}   goal ≥ 0.80`);
  console.log(`standard on typos:  ${fmt(meanNdcg(of('standard'), (q) => q.category === 'typo'))}   goal ≥ 0.80`);
  for (const engine of ENGINES) {
    const empty = rows.filter((r) => r.empty.includes(engine));
    if (empty.length > 0)
      console.log(
        `${engine} answered ${empty.length} queries with no results: ${empty.map((r) => `"${r.query.query}"`).join(', ')}`,
      );
  }
  const failed = rows.filter((r) => r.errors.length > 0);
  if (failed.length > 0) {
    console.log(`\n${failed.length} queries answered with an error (scored 0):`);
    for (const r of failed.slice(0, 10)) console.log(`  ${r.query.id}: ${r.errors.join('; ')}`);
  }
  if (verbose) {
    console.log(`\nper query (nDCG@${K})            baseline standard     ai   query → AI's top 3`);
    for (const r of rows)
      console.log(
        `${r.query.id.padEnd(34)}${fmt(r.scores.baseline)}   ${fmt(r.scores.standard)} ${fmt(r.scores.ai)}   ` +
          `"${r.query.query}" → ${r.top.join(' | ')}`,
      );
  }
}

function checkLabels(queries: LabelledQuery[], products: JudgedProduct[]): void {
  console.log(`${queries.length} queries over ${products.length} products: products graded 2 / 1 per query`);
  for (const q of queries) {
    const grades = products.map((p) => grade(p, q));
    const n = (g: number) => grades.filter((x) => x === g).length;
    console.log(
      `${q.id.padEnd(36)} ${String(n(2)).padStart(4)} ${String(n(1)).padStart(4)}${n(1) + n(2) === 0 ? '  ! none' : ''}`,
    );
  }
}

async function main(): Promise<void> {
  // Video match needs no server or catalogue: `--video-only` prints just its section.
  if (process.argv.includes('--video-only')) return videoEnergySection(verbose);
  // So does "more like this" (rendered and recorded pieces): `--sound-only`.
  if (process.argv.includes('--sound-only')) return printSoundPairs(await scoreSoundPairs(root));
  const queries = loadQueries();
  const langs = (l: string) => queries.filter((q) => q.language === l).length;
  console.log(`${queries.length} ${querySet} queries (${QUERY_FILE}: ${langs('en')} English, ${langs('pl')} Polish)`);
  let source = freshDemo ? null : sourceDataDir();
  let built: string | null = null;
  if (!source) {
    built = mkdtempSync(join(tmpdir(), 'cuewave-demo-'));
    await buildDemo(built);
    source = built;
  }
  const work = built ?? workingCopy(source);
  try {
    if (checkOnly) {
      checkLabels(queries, await readCatalogue(join(work, 'db')));
      return;
    }
    // The server's migrations, then every product's AI vector, as ingest computes them (an older demo
    // folder has none): the engines are measured on a complete catalogue, not while it fills in.
    const db = createDb({ pgliteDir: join(work, 'db') });
    try {
      await migrateToLatest(db);
      const vectors = await embedCatalogue(db);
      console.log(
        `AI vectors (${vectors.model}) of ${vectors.embedded} products computed in ${vectors.seconds.toFixed(1)} s`,
      );
    } finally {
      await db.destroy();
    }
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const started = Date.now();
    const server = startServerProcess(port, { DATA_DIR: work, DATABASE_URL: undefined });
    const answers = new Map<string, Record<Engine, Answer>>();
    try {
      await waitFor('the server', async () => (await fetch(`${base}/api/health`)).ok, 120_000);
      await waitForSearch(base, queries[0]!);
      console.log(`server ready (both engines answering) ${((Date.now() - started) / 1000).toFixed(1)} s after start`);
      for (const query of queries) {
        const standard = await search(base, query, 'standard');
        const ai = await search(base, query, 'ai');
        answers.set(query.id, { standard, ai });
      }
    } finally {
      await server.stop();
    }
    const products = await readCatalogue(join(work, 'db'));
    if (products.every((p) => p.type === 'sfx' || p.description === ''))
      console.warn(
        '\n! No product has a description: this demo was built before the manifest carried them (issue 13). ' +
          'Run with --fresh-demo (or rebuild it) for figures that count descriptions, instruments and keywords.',
      );
    report(score(queries, products, answers), products, built ? 'a demo built for this run' : `a copy of ${source}`);
    await videoEnergySection(verbose);
    printSoundPairs(await scoreSoundPairs(root));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
