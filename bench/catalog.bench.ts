/**
 * npm run bench:catalog — the catalogue listing under load, on PostgreSQL.
 *
 * Loads 100k products into a fresh PostgreSQL database, starts the real server (API only) as a child
 * process, warms it up, then drives GET /api/v1/product/music with filters and GET /api/health (the
 * baseline, measured in the same run) with 32 connections for 20 s each. Prints requests/s, p50 and
 * p99 latency, the ratio to the baseline and the server's resident memory.
 * Targets: listing p99 < 50 ms, listing throughput >= 30% of health's, RSS < 400 MB.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { dropDatabase, freshDatabase } from './pg-database';
import { seedBenchCatalog } from './seed-catalog';

const root = fileURLToPath(new URL('..', import.meta.url));
const products = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const connections = 32;
const port = Number(process.env.BENCH_PORT ?? 3990);

function startServer(databaseUrl: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      SERVE_WEB: 'false',
      DEMO_CATALOG: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

async function waitForHealth(): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy within 60 s');
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

type Result = { rps: number; p50: number; p99: number; errors: number; non2xx: number };

async function load(paths: string[], duration: number): Promise<Result> {
  let i = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length]! }) }],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

const fmt = (r: Result) =>
  `${r.rps.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms   errors ${r.errors + r.non2xx}`;

async function main() {
  const databaseUrl = await freshDatabase('cuewave_bench');
  const server = startServer(databaseUrl);
  try {
    await waitForHealth(); // the server has migrated the fresh database
    const t0 = Date.now();
    const seeded = await seedBenchCatalog(databaseUrl, products);
    console.log(`seeded ${products} products in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    // A mix of realistic filtered listings: genre or subgenre, mood, BPM and duration ranges, paging.
    const listing = Array.from({ length: 200 }, (_, n) => {
      const g = seeded.genres[n % seeded.genres.length]!;
      const m = seeded.moods[(n * 7) % seeded.moods.length]!;
      const bpm = 70 + ((n * 13) % 90);
      const variants = [
        `/api/v1/product/music?genre=${g}&skip=${(n % 5) * 30}`,
        `/api/v1/product/music?genre=${g}&mood=${m}&bpmFrom=${bpm}&bpmTo=${bpm + 40}`,
        `/api/v1/product/music?mood=${m}&durationFrom=60&durationTo=180&vocal=true`,
        `/api/v1/product/music?bpmFrom=${bpm}&bpmTo=${bpm + 20}&skip=${(n % 3) * 30}`,
      ];
      return variants[n % variants.length]!;
    });

    for (const path of listing.slice(0, 4)) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`);
      if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
    }
    await load(listing, 5); // warm-up
    await load(['/api/health'], 3);
    const rssAfterWarmup = rssMb(server.pid!);

    const health = await load(['/api/health'], seconds);
    const list = await load(listing, seconds);
    const rssAfter = rssMb(server.pid!);

    console.log(`\nGET /api/health (baseline)      ${fmt(health)}`);
    console.log(`GET /api/v1/product/music (filtered) ${fmt(list)}`);
    console.log(`throughput ratio listing/health: ${(list.rps / health.rps).toFixed(2)}  (target >= 0.30)`);
    console.log(`listing p99: ${list.p99.toFixed(1)} ms  (target < 50 ms)`);
    console.log(
      `server RSS after warm-up: ${rssAfterWarmup.toFixed(0)} MB, after the run: ${rssAfter.toFixed(0)} MB  (target < 400 MB)`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await dropDatabase(databaseUrl);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
