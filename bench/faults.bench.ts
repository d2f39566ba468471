/**
 * npm run bench:faults — the real server process through a PostgreSQL restart (and a Redis restart with
 * `--redis`, BENCH_REDIS=1 or REDIS_URL set), under a mixed read and write load.
 *
 * Starts a throwaway PostgreSQL of its own (Debian's binaries, a temp data folder, a free port; the
 * machine's shared server is not touched) and, with Redis, its own redis-server on another free port.
 * Starts server/src/main.ts on them (API only, no demo catalogue, no renewal job), then drives readers
 * (health, plans, genres, a listing, a licence check) and writers (Enterprise enquiries: captcha solved,
 * enquiry stored in the outbox) through phases: steady state, one that begins with
 * `pg_ctl restart -m fast`, steady state, and with Redis one that begins with a Redis restart and a last
 * steady state. Prints per phase: requests, answers by status, successful req/s, p50/p99, and for a fault
 * the ratio of its successful req/s to the steady states around it (the baseline, measured in the same
 * run); per fault: requests failed, answers per second, seconds to recover (until the last failed answer;
 * goal <= 5 s);
 * at the end: writes acknowledged and writes lost (acknowledged but not stored; goal 0), and whether
 * the server process survived.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitFor } from './server-process';
import { randomBytes, randomInt } from 'node:crypto';
import pg from 'pg';
import { LICENCE_CODE_ALPHABET } from '@cuewave/contract/licence';
import type { App } from '../server/src/app';
import { startLocalPostgres, type LocalPostgres } from '../server/src/db/local-postgres';
import { solveCaptcha } from '../server/test/captcha-helpers';

const root = fileURLToPath(new URL('..', import.meta.url));
const withRedis = process.argv.includes('--redis') || process.env.BENCH_REDIS === '1' || Boolean(process.env.REDIS_URL);
const phaseSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const readers = Number(process.env.BENCH_READERS ?? 16);
const writers = Number(process.env.BENCH_WRITERS ?? 6);
const REQUEST_TIMEOUT_MS = 10_000;

type Sample = { kind: 'read' | 'write'; start: number; end: number; status: number | 'error' | 'timeout'; ok: boolean };

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

async function stopChild(child: ChildProcess): Promise<void> {
  if (exited(child)) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await gone;
  clearTimeout(timer);
}

/** A redis-server of our own, without persistence: a restart empties it, as a cache restart does. */
function localRedis(port: number, logFile: string) {
  let child: ChildProcess | null = null;
  const log = createWriteStream(logFile, { flags: 'a' });
  const accepts = () =>
    new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.pipe(log, { end: false });
    child.stderr!.pipe(log, { end: false });
    await waitFor('redis-server', accepts, 10_000);
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    async restart() {
      if (child) await stopChild(child);
      await start();
    },
    async stop() {
      if (child) await stopChild(child);
      log.end();
    },
  };
}

async function main() {
  const work = await mkdtemp(join(tmpdir(), 'cuewave-faults-'));
  const serverLog = join(work, 'server.log');
  let cluster: LocalPostgres | null = null;
  let redis: ReturnType<typeof localRedis> | null = null;
  let server: ChildProcess | null = null;
  try {
    cluster = await startLocalPostgres();
    if (withRedis) {
      redis = localRedis(await freePort(), join(work, 'redis.log'));
      await redis.start();
    }
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const logStream = createWriteStream(serverLog);
    server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: cluster.url,
        REDIS_URL: redis?.url ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(work, 'data'),
        SERVE_WEB: 'false',
        DEMO_CATALOG: 'off',
        RENEWALS_EVERY_SECONDS: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.pipe(logStream);
    server.stderr!.pipe(logStream);
    const serverExit = new Promise<string>((resolve) =>
      server!.once('exit', (code, signal) => resolve(`exit code ${code}, signal ${signal}`)),
    );
    const logTail = async () => (await readFile(serverLog, 'utf8')).split('\n').slice(-30).join('\n');
    await Promise.race([
      waitFor('the server', async () => (await fetch(`${base}/api/health`)).ok),
      serverExit.then(async (how) => {
        throw new Error(`the server stopped (${how}) before it answered:\n${await logTail()}`);
      }),
    ]);
    console.log(
      `PostgreSQL 15 on port ${cluster.port}${redis ? `, Redis on ${redis.url}` : ''}, server pid ${server.pid} on ${base}`,
    );
    console.log(`${readers} readers, ${writers} writers, phases of ${phaseSeconds} s\n`);

    // ---- load ----
    const samples: Sample[] = [];
    const acked: string[] = [];
    let running = true;
    // What a visitor reads; the licence check of an unknown code (404 is its right answer) counts against a
    // per-address limit first, so it reads Redis as well as PostgreSQL when REDIS_URL is set.
    const reads = [
      { path: () => '/api/health', expect: 200 },
      { path: () => '/api/v1/subscription/plans', expect: 200 },
      { path: () => '/api/v1/genre', expect: 200 },
      { path: () => '/api/v1/product/music?skip=0', expect: 200 },
      { path: () => `/api/v1/license/verify/CW-${randomCode()}-${randomCode()}`, expect: 404 },
    ];
    const randomCode = () =>
      Array.from({ length: 4 }, () => LICENCE_CODE_ALPHABET[randomInt(LICENCE_CODE_ALPHABET.length)]).join('');
    let ipSeq = 0;
    const nextIp = () => {
      ipSeq += 1;
      return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
    };

    const timed = async (kind: Sample['kind'], expect: number, send: () => Promise<Response>) => {
      const start = performance.now();
      try {
        const res = await send();
        await res.arrayBuffer().catch(() => undefined);
        samples.push({ kind, start, end: performance.now(), status: res.status, ok: res.status === expect });
        return res;
      } catch (error) {
        const timeout = (error as Error).name === 'TimeoutError';
        samples.push({ kind, start, end: performance.now(), status: timeout ? 'timeout' : 'error', ok: false });
        return null;
      }
    };

    const readLoop = async (n: number) => {
      for (let i = n; running; i++) {
        const read = reads[i % reads.length]!;
        await timed('read', read.expect, () =>
          fetch(base + read.path(), {
            headers: { 'x-forwarded-for': nextIp() },
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          }),
        );
      }
    };

    // A write is what the enquiry form does: fetch a challenge, solve it (the server's production cost),
    // send. The tests' solver asks for its challenge through `inject`; here that goes over HTTP. Only the
    // enquiry is timed; a challenge that fails counts as a failed write.
    const overHttp = {
      inject: async ({ url }: { url: string }) => {
        const res = await fetch(base + url, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
        const body = await res.text();
        return { statusCode: res.status, body, json: () => JSON.parse(body) as unknown };
      },
    } as unknown as App;
    const writeLoop = async () => {
      while (running) {
        const start = performance.now();
        let captcha: string;
        try {
          captcha = await solveCaptcha(overHttp);
        } catch (error) {
          const status = /HTTP (\d{3})/.exec((error as Error).message)?.[1];
          samples.push({
            kind: 'write',
            start,
            end: performance.now(),
            status: status ? Number(status) : 'error',
            ok: false,
          });
          continue;
        }
        const email = `faults-${randomBytes(6).toString('hex')}@example.com`;
        const res = await timed('write', 202, () =>
          fetch(`${base}/api/v1/enterprise/contact`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
            body: JSON.stringify({
              name: 'Fault Bench',
              email,
              company: 'Restart Radio',
              use: 'broadcast',
              channels: 2,
              message: 'Music for our stations, sent while the database restarts.',
              captcha,
            }),
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          }),
        );
        if (res?.status === 202) acked.push(email);
      }
    };

    const loops = [
      ...Array.from({ length: readers }, (_, n) => readLoop(n)),
      ...Array.from({ length: writers }, () => writeLoop()),
    ];
    const pause = (seconds: number) => new Promise((r) => setTimeout(r, seconds * 1000));

    await pause(5); // warm-up, not measured
    type Phase = { name: string; from: number; to: number; fault?: { took: number } };
    const phases: Phase[] = [];
    const phase = async (name: string, fault?: () => Promise<void>) => {
      const from = performance.now();
      let took: number | undefined;
      if (fault) {
        await fault();
        took = (performance.now() - from) / 1000;
      }
      await pause(phaseSeconds - (performance.now() - from) / 1000);
      phases.push({ name, from, to: performance.now(), fault: took === undefined ? undefined : { took } });
    };
    // Steady states before and after each fault: each fault is compared with their mean.
    await phase('steady state');
    await phase('PostgreSQL restart', () => cluster!.restart());
    await phase('steady state');
    const aliveAfterPg = !exited(server);
    let aliveAfterRedis: boolean | null = null;
    if (redis) {
      await phase('Redis restart', () => redis!.restart());
      await phase('steady state');
      aliveAfterRedis = !exited(server);
    }
    running = false;
    await Promise.all(loops);

    // ---- figures ----
    const quantile = (values: number[], q: number) => {
      if (values.length === 0) return 0;
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    };
    const stats = (p: Phase) => {
      const inside = samples.filter((s) => s.end >= p.from && s.end < p.to);
      const seconds = (p.to - p.from) / 1000;
      const good = inside.filter((s) => s.ok);
      const failed = inside.filter((s) => !s.ok);
      const byStatus = new Map<string, number>();
      for (const s of failed) byStatus.set(String(s.status), (byStatus.get(String(s.status)) ?? 0) + 1);
      const latencies = inside.map((s) => s.end - s.start);
      const lastFailure = failed.length ? Math.max(...failed.map((s) => s.end)) : null;
      return {
        requests: inside.length,
        reads: inside.filter((s) => s.kind === 'read').length,
        writes: inside.filter((s) => s.kind === 'write').length,
        ok: good.length,
        failed: failed.length,
        byStatus,
        okPerSecond: good.length / seconds,
        p50: quantile(latencies, 0.5),
        p99: quantile(latencies, 0.99),
        // Recovered when the last failed answer came; still failing in the phase's last second = not recovered.
        recovery: lastFailure === null ? 0 : (lastFailure - p.from) / 1000,
        recovered: lastFailure === null || lastFailure < p.to - 1000,
      };
    };
    // A fault's baseline: the mean of the steady states just before and just after it (the machine's own
    // speed drifts during a run).
    const baselineOf = (p: Phase) => {
      const i = phases.indexOf(p);
      const around = [phases[i - 1], phases[i + 1]].filter((x): x is Phase => Boolean(x && !x.fault));
      return around.reduce((sum, x) => sum + stats(x).okPerSecond, 0) / around.length;
    };
    const pad = (v: string | number, n: number) => String(v).padStart(n);
    console.log(
      `${'phase'.padEnd(20)}${pad('requests', 9)}${pad('reads', 7)}${pad('writes', 7)}${pad('ok', 7)}${pad('failed', 7)}` +
        `${pad('ok req/s', 10)}${pad('ratio', 7)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}  failures by status`,
    );
    for (const p of phases) {
      const s = stats(p);
      const failures = [...s.byStatus].map(([status, n]) => `${status}: ${n}`).join(', ') || '-';
      console.log(
        `${p.name.padEnd(20)}${pad(s.requests, 9)}${pad(s.reads, 7)}${pad(s.writes, 7)}${pad(s.ok, 7)}${pad(s.failed, 7)}` +
          `${pad(s.okPerSecond.toFixed(0), 10)}${pad(p.fault ? (s.okPerSecond / baselineOf(p)).toFixed(2) : '-', 7)}` +
          `${pad(s.p50.toFixed(1), 8)}${pad(s.p99.toFixed(1), 8)}  ${failures}`,
      );
    }
    console.log('');
    for (const p of phases.filter((x) => x.fault)) {
      const s = stats(p);
      const recovery = s.recovered ? `${s.recovery.toFixed(2)} s` : `not within the ${phaseSeconds} s phase`;
      const perSecond = Array.from({ length: Math.ceil((p.to - p.from) / 1000) }, (_, i) => {
        const from = p.from + i * 1000;
        const inSecond = samples.filter((x) => x.end >= from && x.end < from + 1000);
        return `${inSecond.filter((x) => x.ok).length}/${inSecond.filter((x) => !x.ok).length}`;
      });
      console.log(`${p.name}, ok/failed answers in each second from the restart: ${perSecond.join(' ')}`);
      console.log(
        `${p.name}: the restart itself took ${p.fault!.took.toFixed(2)} s; requests failed: ${s.failed}; ` +
          `seconds to recover: ${recovery} (goal <= 5); ok throughput ${(s.okPerSecond / baselineOf(p)).toFixed(2)}x ` +
          `the steady states around it`,
      );
    }

    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    const { rows } = await client.query<{ recipient: string }>(
      `SELECT recipient FROM outbox_messages WHERE template = 'enterprise-enquiry-copy'`,
    );
    await client.end();
    const stored = new Set(rows.map((r) => r.recipient));
    const lost = acked.filter((email) => !stored.has(email));
    console.log(`writes acknowledged (202): ${acked.length}; writes lost: ${lost.length} (goal 0)`);

    const health = await fetch(`${base}/api/health`).then(
      (r) => r.status,
      () => 'no answer',
    );
    const survived = !exited(server);
    console.log(
      `server process: ${survived ? `alive (pid ${server.pid})` : `DIED (${await serverExit})`} after the PostgreSQL ` +
        `restart: ${aliveAfterPg ? 'alive' : 'died'}${aliveAfterRedis === null ? '' : `, after the Redis restart: ${aliveAfterRedis ? 'alive' : 'died'}`}; ` +
        `GET /api/health now: ${health}`,
    );
    if (!survived) {
      console.log(`last lines of the server log:\n${await logTail()}`);
      process.exitCode = 1;
    }
  } finally {
    if (server) await stopChild(server);
    await redis?.stop();
    await cluster?.remove();
    await rm(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
