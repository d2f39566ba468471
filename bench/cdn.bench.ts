/**
 * npm run bench:cdn — previews from /api/cdn (decision 073) against nginx's sendfile on the same files.
 *
 * Creates a fresh database on BENCH_DATABASE_URL (default the local PostgreSQL) and a data folder of its
 * own holding BENCH_FILES (20) previews of BENCH_FILE_MB (3, a three-minute MP3 at 128 kbps) as the
 * ingest stores them, starts server/src/main.ts (API only) and nginx (`apt-get install -y nginx`; one
 * worker process, `sendfile on`, serving the same folder), checks that both answer the same bytes, then
 * measures both side by side with the same list of byte-range requests (random 256 KiB windows,
 * BENCH_RANGE_KB, at random offsets of random files: a player seeking) at 64 connections
 * (BENCH_CONNECTIONS) for BENCH_SECONDS (10) each, twice, alternating (app, nginx, app, nginx), after a
 * warm-up of each. Prints requests/s, MB/s, p50/p99 latency and errors of each, and the app's ratio to
 * nginx (goal >= 0.8). A third row runs nginx in front of the app with ACCEL_REDIRECT_PREFIX: the app
 * checks each request and nginx sends the bytes. Asserts nothing on time.
 *
 * BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the app under this load.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createDb } from '../server/src/db/client';
import { migrateToLatest } from '../server/src/db/migrate';
import { dropDatabase, freshDatabase } from './pg-database';
import { freePort, startServerProcess, waitFor } from './server-process';

const FILES = Number(process.env.BENCH_FILES ?? 20);
const FILE_BYTES = Math.round(Number(process.env.BENCH_FILE_MB ?? 3) * 1024 * 1024);
const RANGE_BYTES = Number(process.env.BENCH_RANGE_KB ?? 256) * 1024;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
/** Where the app tells nginx to find a file (X-Accel-Redirect), and nginx's internal location for it. */
const ACCEL_PREFIX = '/_cuewave_files/';

type Result = { rps: number; mbps: number; p50: number; p99: number; errors: number; non2xx: number };

/** A small deterministic generator, so every target gets exactly the same request list. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

async function seedFiles(databaseUrl: string, dataDir: string): Promise<string[]> {
  const db = createDb({ url: databaseUrl });
  await migrateToLatest(db);
  const ids: string[] = [];
  for (let i = 0; i < FILES; i++) {
    const id = randomBytes(12).toString('base64url');
    const key = `previews/${id}.mp3`;
    const content = randomBytes(FILE_BYTES);
    await mkdir(join(dataDir, 'files', 'previews'), { recursive: true });
    await writeFile(join(dataDir, 'files', key), content);
    await db
      .insertInto('files')
      .values({
        id,
        storage_key: key,
        mime: 'audio/mpeg',
        size: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
        public: true,
      })
      .execute();
    ids.push(id);
  }
  await db.destroy();
  return ids;
}

function nginxConfig(dir: string, filesDir: string, port: number, accelPort: number, appPort: number): string {
  return `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  types { audio/mpeg mp3; }
  server {
    listen 127.0.0.1:${port};
    location /files/ { alias ${filesDir}/; }
  }
  upstream app { server 127.0.0.1:${appPort}; keepalive 64; }
  server {
    listen 127.0.0.1:${accelPort};
    location /api/ {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
    }
    # What README and decision 073 tell operators: nginx drops these headers of the app's answer.
    location ${ACCEL_PREFIX} {
      internal;
      alias ${filesDir}/;
      add_header X-Content-Type-Options nosniff always;
      add_header Content-Security-Policy "default-src 'none'; style-src 'unsafe-inline'" always;
    }
  }
}
`;
}

function startNginx(configPath: string): { child: ChildProcess; stop: () => Promise<void> } {
  const child = spawn(NGINX, ['-c', configPath, '-e', 'stderr'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}

function requestList(paths: (i: number) => string, count: number): autocannon.Request[] {
  const random = prng(73);
  return Array.from({ length: count }, () => {
    const file = Math.floor(random() * FILES);
    const start = Math.floor(random() * (FILE_BYTES - RANGE_BYTES));
    return { method: 'GET', path: paths(file), headers: { range: `bytes=${start}-${start + RANGE_BYTES - 1}` } };
  });
}

async function load(url: string, requests: autocannon.Request[], seconds: number): Promise<Result> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, requests });
  return {
    rps: result.requests.average,
    mbps: result.throughput.average / 1024 / 1024,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function sameBytes(a: string, b: string): Promise<void> {
  const range = `bytes=1000-${1000 + RANGE_BYTES - 1}`;
  const [x, y] = await Promise.all([a, b].map((url) => fetch(url, { headers: { range } })));
  const [bx, by] = await Promise.all([x!.arrayBuffer(), y!.arrayBuffer()]);
  if (x!.status !== 206 || y!.status !== 206 || !Buffer.from(bx).equals(Buffer.from(by)))
    throw new Error(`${a} (${x!.status}) and ${b} (${y!.status}) do not answer the same range`);
}

const mean = (runs: Result[]): Result => {
  const avg = (pick: (r: Result) => number) => runs.reduce((sum, r) => sum + pick(r), 0) / runs.length;
  return {
    rps: avg((r) => r.rps),
    mbps: avg((r) => r.mbps),
    p50: avg((r) => r.p50),
    p99: avg((r) => r.p99),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
  };
};

function row(name: string, r: Result, baseline?: Result): string {
  const ratio = baseline ? `${(r.rps / baseline.rps).toFixed(2)}×` : '1.00×';
  return [
    name.padEnd(34),
    r.rps.toFixed(0).padStart(8),
    r.mbps.toFixed(1).padStart(9),
    `${r.p50.toFixed(0)} ms`.padStart(8),
    `${r.p99.toFixed(0)} ms`.padStart(8),
    String(r.errors + r.non2xx).padStart(7),
    ratio.padStart(7),
  ].join(' ');
}

async function main(): Promise<void> {
  if (spawnSync(NGINX, ['-v']).status !== 0) {
    console.error(`bench:cdn needs nginx at ${NGINX} (apt-get install -y nginx, or set NGINX_PATH)`);
    process.exit(2);
  }
  const dir = await mkdtemp(join(tmpdir(), 'cuewave-cdn-bench-'));
  // nginx's workers run as another user (nobody) when the bench runs as root: let them read the files.
  await chmod(dir, 0o755);
  const databaseUrl = await freshDatabase('bench_cdn');
  const stops: (() => Promise<void>)[] = [];
  try {
    console.log(`Seeding ${FILES} files of ${(FILE_BYTES / 1024 / 1024).toFixed(1)} MB…`);
    const ids = await seedFiles(databaseUrl, dir);
    const [appPort, accelAppPort, nginxPort, accelPort] = await Promise.all([
      freePort(),
      freePort(),
      freePort(),
      freePort(),
    ]);
    const env = { DATABASE_URL: databaseUrl, DATA_DIR: dir, JOB_WORKERS: 'off', MAILBOX: 'off' };
    const app = startServerProcess(appPort, env);
    stops.push(app.stop);
    // The X-Accel-Redirect app does not record a profile: BENCH_SERVER_NODE_ARGS is for the app itself.
    const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS;
    delete process.env.BENCH_SERVER_NODE_ARGS;
    const accelApp = startServerProcess(accelAppPort, { ...env, ACCEL_REDIRECT_PREFIX: ACCEL_PREFIX });
    if (nodeArgs !== undefined) process.env.BENCH_SERVER_NODE_ARGS = nodeArgs;
    stops.push(accelApp.stop);
    for (const name of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(join(dir, name));
    const configPath = join(dir, 'nginx.conf');
    await writeFile(configPath, nginxConfig(dir, join(dir, 'files'), nginxPort, accelPort, accelAppPort));
    const nginx = startNginx(configPath);
    stops.push(nginx.stop);
    for (const [what, port] of [
      ['the app', appPort],
      ['the X-Accel-Redirect app', accelAppPort],
    ] as const)
      await waitFor(what, async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok, 120_000);
    await waitFor('nginx', async () => (await fetch(`http://127.0.0.1:${nginxPort}/files/`)).status > 0);

    const appBase = `http://127.0.0.1:${appPort}`;
    const nginxBase = `http://127.0.0.1:${nginxPort}`;
    const accelBase = `http://127.0.0.1:${accelPort}`;
    const appRequests = requestList((i) => `/api/cdn/${ids[i]}`, 1000);
    const nginxRequests = requestList((i) => `/files/previews/${ids[i]}.mp3`, 1000);
    await sameBytes(`${appBase}/api/cdn/${ids[0]}`, `${nginxBase}/files/previews/${ids[0]}.mp3`);
    await sameBytes(`${accelBase}/api/cdn/${ids[0]}`, `${nginxBase}/files/previews/${ids[0]}.mp3`);
    const accelHeaders = (await fetch(`${accelBase}/api/cdn/${ids[0]}`, { method: 'HEAD' })).headers;
    for (const [name, value] of [
      ['cache-control', 'public, max-age=31536000, immutable'],
      ['content-type', 'audio/mpeg'],
      ['x-content-type-options', 'nosniff'],
    ] as const)
      if (accelHeaders.get(name) !== value)
        throw new Error(`X-Accel-Redirect answer: ${name} is ${accelHeaders.get(name)}`);

    console.log(
      `${CONNECTIONS} connections, ${RANGE_BYTES / 1024} KiB ranges, ${SECONDS} s per run; warming up each target…`,
    );
    await load(appBase, appRequests, 2);
    await load(nginxBase, nginxRequests, 2);
    await load(accelBase, appRequests, 2);
    const appRuns: Result[] = [];
    const nginxRuns: Result[] = [];
    const accelRuns: Result[] = [];
    for (let round = 0; round < 2; round++) {
      appRuns.push(await load(appBase, appRequests, SECONDS));
      nginxRuns.push(await load(nginxBase, nginxRequests, SECONDS));
      accelRuns.push(await load(accelBase, appRequests, SECONDS));
    }
    const nginxResult = mean(nginxRuns);
    console.log(
      `\n${'target'.padEnd(34)} ${'req/s'.padStart(8)} ${'MB/s'.padStart(9)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'errors'.padStart(7)} ${'ratio'.padStart(7)}`,
    );
    console.log(row('nginx sendfile (baseline)', nginxResult));
    console.log(row('app /api/cdn', mean(appRuns), nginxResult));
    console.log(row('nginx + app X-Accel-Redirect', mean(accelRuns), nginxResult));
    const ratio = mean(appRuns).rps / nginxResult.rps;
    console.log(`\napp / nginx: ${ratio.toFixed(2)} (goal >= 0.8)`);
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    await dropDatabase(databaseUrl).catch(() => {});
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
