/**
 * npm run bench:search — standard and AI search under load, on PostgreSQL, at 250,000 products.
 *
 * Creates a fresh database on the PostgreSQL at BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test), migrates it and bulk-loads BENCH_PRODUCTS (default 250,000)
 * music tracks and sound effects with realistic text (seed-search-catalog.ts), computes their AI
 * vectors as ingest would (embed-catalogue.ts, timed apart), then starts the real server (API only) on it
 * and measures:
 *   - the index build: from the server's start to the first standard search answered, and to the first
 *     AI search answered (polled every 100 ms; the server builds its in-memory index as it starts);
 *   - BENCH_CONNECTIONS (default 16) clients for BENCH_SECONDS (default 20) per phase: the baseline (the
 *     cached catalogue listing GET /api/v1/product/music?limit=30, measured in the same run), standard
 *     search and AI search with DISTINCT prompts (none repeats, so no answer comes from a cache), then a
 *     short phase per engine that repeats 30 prompts (cache hits, reported apart);
 *   - per phase: requests/s, p50/p95/p99 latency (exact, every request kept), errors, the ratio to the
 *     baseline, and the Server-Timing figures (embed = time spent embedding the prompt, search);
 *   - the server's memory (VmRSS and VmHWM from /proc) after the index is built and after the run.
 * Goals printed alongside: p95 ≤ 30 ms standard, ≤ 80 ms AI. Figures only; nothing fails on time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '../server/src/db/client';
import { migrateToLatest } from '../server/src/db/migrate';
import { sql } from 'kysely';
import { parseEnv } from '../server/src/env';
import { createEmbeddings } from '../server/src/providers/embeddings/create-embeddings';
import { embedCatalogue } from './embed-catalogue';
import { dropDatabase, freshDatabase, withAdmin } from './pg-database';
import { drive, promptGenerator, type Phase, type SearchBody } from './search-load';
import { seedBenchCatalog } from './seed-catalog';
import { SEARCH_SEED_VERSION, searchSeedVocabulary, type SearchSeed } from './seed-search-catalog';
import { freePort, processMemoryMb, startServerProcess, waitFor } from './server-process';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 250_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const REPEAT_SECONDS = Math.max(3, Math.round(SECONDS / 2.5));
/** How long to wait for the first AI answer (a fresh catalogue's vectors may be computed at start). */
const AI_WAIT_SECONDS = Number(process.env.BENCH_AI_WAIT_SECONDS ?? 600);
const SEARCH = '/api/v1/product/search?limit=30';
const BASELINE = '/api/v1/product/music?limit=30';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (n: number) => `${n.toFixed(0)} MB`;

async function post(base: string, body: SearchBody): Promise<{ status: number; items: number; timing: string }> {
  const res = await fetch(`${base}${SEARCH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as { items?: unknown[] };
  return { status: res.status, items: json.items?.length ?? 0, timing: res.headers.get('server-timing') ?? '' };
}

function line(label: string, p: Phase, baseline?: Phase, goal?: number): string {
  const f = (n: number) => n.toFixed(1).padStart(7);
  const parts = [
    label.padEnd(34),
    `${p.rps.toFixed(0).padStart(6)} req/s`,
    `p50 ${f(p.p50)} ms`,
    `p95 ${f(p.p95)} ms`,
    `p99 ${f(p.p99)} ms`,
    `errors ${p.errors}`,
    ...(p.timeouts > 0 ? [`timeouts ${p.timeouts} (> 10 s, not in the percentiles)`] : []),
  ];
  if (baseline && baseline.rps > 0 && p.requests > 0)
    parts.push(`× baseline: ${(p.rps / baseline.rps).toFixed(2)} req/s, ${(p.p95 / baseline.p95).toFixed(1)} p95`);
  if (goal !== undefined) parts.push(`(goal p95 ≤ ${goal} ms)`);
  return parts.join('   ');
}

function timingLine(p: Phase): string | null {
  const names = Object.keys(p.timing);
  if (names.length === 0) return null;
  return (
    `${''.padEnd(34)}Server-Timing: ` +
    names.map((n) => `${n} mean ${p.timing[n]!.mean.toFixed(2)} ms, p95 ${p.timing[n]!.p95.toFixed(2)} ms`).join('; ') +
    ` (${p.timing[names[0]!]!.count} answers)`
  );
}

/**
 * autocannon stops counting at the end of a phase, but the server still works through the requests in
 * flight; the next phase starts only when a health check answers quickly again (or after 30 s).
 */
async function settle(base: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${base}/api/health`).then((r) => r.text());
    if (performance.now() - started < 20) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * This run's database: a copy of the seeded catalogue with its vectors, kept between runs as a template
 * database named by what made it (size, seed version, embeddings model), since loading 250,000 products
 * and computing their vectors takes minutes; built (and kept) when missing or with BENCH_RESEED=1.
 * Migrations added since are applied to the copy.
 */
async function prepareDatabase(): Promise<{ url: string; seed: SearchSeed }> {
  const model = createEmbeddings(parseEnv()).model;
  const template = `cuewave_search_tpl_${PRODUCTS}_v${SEARCH_SEED_VERSION}_${model}`
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 63);
  const kept = await withAdmin(
    async (admin) => (await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [template])).rowCount === 1,
  );
  if (kept && !process.env.BENCH_RESEED) {
    const url = await freshDatabase('cuewave_search_bench', template);
    const db = createDb({ url });
    await migrateToLatest(db);
    const counts = await sql<{ type: string; n: number }>`
      SELECT type, count(*)::int AS n FROM products GROUP BY type`.execute(db);
    await db.destroy();
    const n = (type: string) => counts.rows.find((r) => r.type === type)?.n ?? 0;
    console.log(`catalogue: a copy of ${template} (kept from an earlier run; BENCH_RESEED=1 rebuilds it)`);
    return { url, seed: { ...searchSeedVocabulary(), music: n('music'), sfx: n('sfx') } };
  }
  const url = await freshDatabase('cuewave_search_bench');
  try {
    const db = createDb({ url });
    await migrateToLatest(db);
    const started = Date.now();
    const seed = await seedBenchCatalog(url, PRODUCTS, { text: 'realistic' });
    console.log(`seeded ${seed.music} music + ${seed.sfx} sfx products in ${seconds(Date.now() - started)}`);
    // Ingest computes vectors as products arrive; a bulk load has none, so compute them before the start.
    const vectors = await embedCatalogue(db);
    await db.destroy();
    console.log(
      `AI vectors (${vectors.model}) of ${vectors.embedded} products computed in ${vectors.seconds.toFixed(1)} s ` +
        `(${((vectors.seconds * 1000) / Math.max(1, vectors.embedded)).toFixed(2)} ms each; ingest's work, not timed below)`,
    );
    // Keep it for the next runs; older templates (another model or seed version) go.
    await withAdmin(async (admin) => {
      const old = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE 'cuewave\\_search\\_tpl\\_%'`,
      );
      for (const { datname } of old.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${template} TEMPLATE ${new URL(url).pathname.slice(1)}`);
    });
    return { url, seed };
  } catch (error) {
    await dropDatabase(url);
    throw error;
  }
}

async function main(): Promise<void> {
  const { url, seed } = await prepareDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'cuewave-search-bench-'));
  let server: ReturnType<typeof startServerProcess> | undefined;
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let t = Date.now();
    const seen = new Set<string>();
    const nextStandard = promptGenerator(seed, 'standard', seen, 1);
    const nextAi = promptGenerator(seed, 'ai', seen, 2);

    t = Date.now();
    server = startServerProcess(port, { DATABASE_URL: url, DATA_DIR: dataDir });
    const pid = server.child.pid!;
    await waitFor('the server', async () => (await fetch(`${base}/api/health`)).ok, 120_000);
    const listening = Date.now() - t;
    let probe: Awaited<ReturnType<typeof post>> | undefined;
    await waitFor(
      'standard search',
      async () => (probe = await post(base, nextStandard())).status === 200,
      AI_WAIT_SECONDS * 1000,
    );
    const standardReady = Date.now() - t;
    await waitFor('AI search', async () => (probe = await post(base, nextAi())).status === 200, AI_WAIT_SECONDS * 1000);
    const aiReady = Date.now() - t;
    const memBuilt = processMemoryMb(pid);
    console.log(
      `server: listening ${seconds(listening)} after start; first standard search answered after ${seconds(standardReady)}` +
        ` (the index build); first AI search after ${seconds(aiReady)} (its Server-Timing: ${probe?.timing || 'none'})`,
    );
    console.log(`server memory with the index built: RSS ${mb(memBuilt.rss)}, peak ${mb(memBuilt.peak)}`);

    // Warm-up (JIT, connection pool) with distinct prompts that are never sent again.
    const phase = async (secs: number, next: Parameters<typeof drive>[3]) => {
      await settle(base);
      return drive(base, CONNECTIONS, secs, next);
    };
    await phase(3, () => ({ path: SEARCH, body: nextStandard() }));
    await phase(3, () => ({ path: SEARCH, body: nextAi() }));
    await phase(2, () => ({ path: BASELINE }));

    const baseline = await phase(SECONDS, () => ({ path: BASELINE }));
    const standard = await phase(SECONDS, () => ({ path: SEARCH, body: nextStandard() }));
    const ai = await phase(SECONDS, () => ({ path: SEARCH, body: nextAi() }));
    const distinctSent = seen.size;
    // Cache hits: 30 prompts of each engine, over and over.
    const pool = (next: () => SearchBody) => Array.from({ length: 30 }, next);
    const standardPool = pool(nextStandard);
    const aiPool = pool(nextAi);
    let i = 0;
    const standardRepeated = await phase(REPEAT_SECONDS, () => ({
      path: SEARCH,
      body: standardPool[i++ % standardPool.length]!,
    }));
    const aiRepeated = await phase(REPEAT_SECONDS, () => ({
      path: SEARCH,
      body: aiPool[i++ % aiPool.length]!,
    }));
    await settle(base);
    const memAfter = processMemoryMb(pid);

    console.log(
      `\n${PRODUCTS.toLocaleString('en')} products on PostgreSQL, ${CONNECTIONS} clients, ${SECONDS} s per phase ` +
        `(${REPEAT_SECONDS} s for repeats); ${distinctSent.toLocaleString('en')} distinct prompts sent, none twice`,
    );
    console.log(line(`GET ${BASELINE} (baseline)`, baseline));
    console.log(line('standard search, distinct prompts', standard, baseline, 30));
    const st = timingLine(standard);
    if (st) console.log(st);
    console.log(line('AI search, distinct prompts', ai, baseline, 80));
    const at = timingLine(ai);
    if (at) console.log(at);
    console.log(line('standard search, 30 repeated (cache)', standardRepeated, baseline));
    console.log(line('AI search, 30 repeated (cache)', aiRepeated, baseline));
    const aiTiming = timingLine(aiRepeated);
    if (aiTiming) console.log(aiTiming);
    for (const [label, p] of [
      ['standard', standard],
      ['ai', ai],
    ] as const)
      if (p.errors > 0) console.log(`${label}: answers by status ${JSON.stringify(p.statuses)}`);
    console.log(
      `\nindex build: ${seconds(standardReady)} to the first standard answer, ${seconds(aiReady)} to the first AI answer (from the server's start)`,
    );
    console.log(
      `server memory: RSS ${mb(memBuilt.rss)} with the index built, ${mb(memAfter.rss)} after the run; peak ${mb(memAfter.peak)}`,
    );
  } finally {
    await server?.stop();
    await dropDatabase(url);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
