/**
 * npm run search-profile -w bench — where one search's CPU goes, without the queueing of bench:search.
 *
 * bench:search measures what 16 clients meet; on a shared machine its latencies mostly measure the load
 * of other work and the queue in front of one Node process. This script runs the real server in this
 * process (the app as main.ts builds it, on a copy of bench:search's kept template database) and sends
 * distinct prompts from bench:search's generators one at a time through Fastify's inject (the whole
 * route: validation, index, hydration, serialisation; no socket), and prints per engine the CPU time of
 * this process per search (process.cpuUsage, so other processes' load does not count), wall time
 * percentiles, the Server-Timing split and the answer size. PostgreSQL's own CPU is not included.
 *
 * BENCH_PROFILE_SEARCHES (default 400 per engine), BENCH_PRODUCTS (the template's size, default 250,000).
 * Run with `node --cpu-prof --import tsx search-profile.ts` for a profile; BENCH_PROFILE_MARKS=1 prints
 * each phase's span on the profile's clock (µs), so the profile can be cut to one engine's searches.
 */
import { parseEnv } from '../server/src/env';
import { createDb } from '../server/src/db/client';
import { migrateToLatest } from '../server/src/db/migrate';
import { buildApp } from '../server/src/app';
import { systemClock } from '../server/src/lib/clock';
import { appConfigFromEnv, createProviders } from '../server/src/providers/create-providers';
import { createStorage } from '../server/src/providers/storage/create-storage';
import { createEmbeddings } from '../server/src/providers/embeddings/create-embeddings';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { dropDatabase, freshDatabase, withAdmin } from './pg-database';
import { parseServerTiming, percentile, promptGenerator, type SearchBody } from './search-load';
import { SEARCH_SEED_VERSION, searchSeedVocabulary } from './seed-search-catalog';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 250_000);
const SEARCHES = Number(process.env.BENCH_PROFILE_SEARCHES ?? 400);
const WARMUP = 100;

async function main(): Promise<void> {
  const model = createEmbeddings(parseEnv()).model;
  const template = `cuewave_search_tpl_${PRODUCTS}_v${SEARCH_SEED_VERSION}_${model}`
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 63);
  const kept = await withAdmin(
    async (admin) => (await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [template])).rowCount === 1,
  );
  if (!kept) throw new Error(`no template ${template}: run npm run bench:search once to build it`);
  const url = await freshDatabase('cuewave_search_profile', template);
  const dataDir = mkdtempSync(join(tmpdir(), 'cuewave-search-profile-'));
  process.env.DATABASE_URL = url;
  process.env.DATA_DIR = dataDir;
  process.env.DEMO_CATALOG = 'off';
  process.env.LOG_LEVEL = 'warn';
  process.env.NODE_ENV = 'production';
  const env = parseEnv();
  const db = createDb({ url });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await migrateToLatest(db);
    const counts = await sql<{ type: string; n: number }>`
      SELECT type, count(*)::int AS n FROM products GROUP BY type`.execute(db);
    const n = (type: string) => counts.rows.find((r) => r.type === type)?.n ?? 0;
    const seed = { ...searchSeedVocabulary(), music: n('music'), sfx: n('sfx') };
    const files = createStorage(env, dataDir);
    const providers = await createProviders(env, { db, clock: systemClock });
    app = await buildApp({
      db,
      storage: files.storage,
      clock: systemClock,
      providers,
      config: appConfigFromEnv(env),
      logger: { level: 'warn' },
      storageOrigin: files.browserOrigin,
    });
    // onListen loads the index and vectors (as the real server does at start).
    await app.listen({ port: 0, host: '127.0.0.1' });

    const seen = new Set<string>();
    const generators = {
      standard: promptGenerator(seed, 'standard', seen, 11),
      ai: promptGenerator(seed, 'ai', seen, 12),
    };
    const send = async (body: SearchBody) => {
      const res = await app!.inject({ method: 'POST', url: '/api/v1/product/search?limit=30', payload: body });
      if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body.slice(0, 300)}`);
      return { bytes: res.rawPayload.length, timing: parseServerTiming(res.headers['server-timing'] as string) };
    };
    // Wait for the index (the first answer) and the vectors (the first AI answer), then warm up the JIT.
    const started = performance.now();
    for (;;) {
      try {
        await send(generators.ai());
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    console.log(`index and vectors ready after ${((performance.now() - started) / 1000).toFixed(1)} s`);
    for (let i = 0; i < WARMUP; i++) await send(generators.standard());
    for (let i = 0; i < WARMUP / 2; i++) await send(generators.ai());

    for (const engine of ['standard', 'ai'] as const) {
      const walls: number[] = [];
      const searchMs: number[] = [];
      const embedMs: number[] = [];
      let bytes = 0;
      // The monotonic clock of V8's profiles (µs), so a profile can be cut to this phase.
      const mark = () => (process.hrtime.bigint() / 1000n).toString();
      const from = mark();
      const cpu = process.cpuUsage();
      const wallStart = performance.now();
      for (let i = 0; i < SEARCHES; i++) {
        const t = performance.now();
        const r = await send(generators[engine]());
        walls.push(performance.now() - t);
        bytes += r.bytes;
        searchMs.push(r.timing.search ?? NaN);
        embedMs.push(r.timing.embed ?? NaN);
      }
      const used = process.cpuUsage(cpu);
      if (process.env.BENCH_PROFILE_MARKS) console.log(`${engine} phase: profile µs ${from}..${mark()}`);
      const wall = performance.now() - wallStart;
      const sort = (l: number[]) => l.sort((a, b) => a - b);
      const mean = (l: number[]) => l.reduce((s, x) => s + x, 0) / l.length;
      sort(walls);
      sort(searchMs);
      sort(embedMs);
      const ms = (x: number) => `${x.toFixed(2)} ms`;
      console.log(
        `${engine.padEnd(8)} ${SEARCHES} distinct prompts: CPU ${ms((used.user + used.system) / 1000 / SEARCHES)} per search ` +
          `(user ${ms(used.user / 1000 / SEARCHES)}), wall mean ${ms(wall / SEARCHES)}, p50 ${ms(percentile(walls, 50))}, ` +
          `p95 ${ms(percentile(walls, 95))}; Server-Timing search mean ${ms(mean(searchMs))} p95 ${ms(percentile(searchMs, 95))}, ` +
          `embed mean ${ms(mean(embedMs))}; answer ${(bytes / SEARCHES / 1024).toFixed(1)} KB`,
      );
    }
  } finally {
    await app?.close();
    await db.destroy().catch(() => {});
    await dropDatabase(url);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
