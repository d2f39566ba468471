import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';

/** The repository root: app processes start there, as `npm start` does. */
export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A new, empty database on the PostgreSQL server at `serverUrl`, and how to drop it again. */
export async function createDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `cuewave_scale_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** Runs a server script (TypeScript, through tsx) to its end; rejects with its output when it fails. */
export function runScript(script: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', TSX, script, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${script} exited ${code}:\n${output}`)),
    );
  });
}

export type AppInstance = {
  name: string;
  port: number;
  pid: number;
  /** Everything the process printed (its JSON log lines). */
  output: () => string;
  /** kill -9: no shutdown, no lease handed back — a machine that vanished. */
  crash(): Promise<void>;
  /** SIGTERM and wait for the exit (the graceful stop). */
  stop(): Promise<void>;
};

/**
 * One real app process (server/src/main.ts, as `npm start` runs it) on its own port (or `port`, to
 * bring a lost instance back where the proxy expects it), with the given environment; resolves once
 * /api/health answers 200.
 */
export async function startAppInstance(name: string, env: Record<string, string>, port?: number): Promise<AppInstance> {
  port ??= await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', TSX, 'server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SERVE_WEB: 'false',
      DEMO_CATALOG: 'off',
      RENEWALS_EVERY_SECONDS: '0',
      SHUTDOWN_GRACE_SECONDS: '1',
      ...env,
    },
    // An IPC channel: main.ts stops itself when it closes, so an instance never outlives a test run
    // that died (kill -9 of the instance itself is unaffected).
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (gone) throw new Error(`instance ${name} exited while starting:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`instance ${name} did not answer /api/health in time:\n${output}`);
    }
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    name,
    port,
    pid: child.pid!,
    output: () => output,
    async crash() {
      if (!gone) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!gone) child.kill('SIGTERM');
      await exited;
    },
  };
}
