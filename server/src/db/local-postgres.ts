import { execFile, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Debian's PostgreSQL 15 programs (package postgresql-15). PG_BIN_DIR points elsewhere, e.g. at another
 * major's bin folder.
 */
export const POSTGRES_BIN_DIR = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

/**
 * A throwaway PostgreSQL server of our own (its own data folder in a temp dir, its own port), for tests
 * and benchmarks that stop and restart the database: the machine's shared server is never disturbed.
 */
export type LocalPostgres = {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication, loopback only). */
  url: string;
  port: number;
  dir: string;
  /** `pg_ctl stop -m fast`: connections are terminated (57P01), as an operator's restart does. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** `pg_ctl restart -m fast`, waiting until the server accepts connections again. */
  restart(): Promise<void>;
  /** Stops the server if it runs and deletes its data folder. */
  remove(): Promise<void>;
};

const isRoot = () => process.getuid?.() === 0;

/** Why a throwaway server cannot run on this machine, or null when it can. */
export function localPostgresUnavailable(binDir = POSTGRES_BIN_DIR): string | null {
  for (const program of ['initdb', 'pg_ctl']) {
    if (!existsSync(join(binDir, program))) return `${join(binDir, program)} is missing (install postgresql-15)`;
  }
  // PostgreSQL refuses to run as root: as root, the server runs as the postgres user.
  if (isRoot() && spawnSync('id', ['-u', 'postgres']).status !== 0)
    return 'running as root and there is no postgres user';
  if (isRoot() && spawnSync('runuser', ['--help']).status !== 0) return 'running as root and runuser is missing';
  return null;
}

function freePort(): Promise<number> {
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

function run(binDir: string, program: string, args: string[]): Promise<void> {
  const file = join(binDir, program);
  const [command, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  return new Promise((resolve, reject) => {
    execFile(command, argv, { timeout: 60_000 }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`${program} ${args.join(' ')} failed: ${stderr || error.message}`));
      else resolve();
    });
  });
}

/** initdb in a new temp dir and start the server on a free loopback port. */
export async function startLocalPostgres(binDir = POSTGRES_BIN_DIR): Promise<LocalPostgres> {
  const unavailable = localPostgresUnavailable(binDir);
  if (unavailable) throw new Error(`Cannot start a local PostgreSQL: ${unavailable}`);
  const dir = await mkdtemp(join(tmpdir(), 'cuewave-pg-'));
  if (isRoot()) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    await chown(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const log = join(dir, 'postgres.log');
  const port = await freePort();
  let running = false;

  const withLog = async (step: Promise<void>) => {
    try {
      await step;
    } catch (error) {
      const tail = await readFile(log, 'utf8').then(
        (text) => text.split('\n').slice(-20).join('\n'),
        () => '',
      );
      throw new Error(`${(error as Error).message}\n${tail}`);
    }
  };
  // The socket lives in our own folder, so nothing in /var/run/postgresql is touched.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir}`;
  const ctl = (...args: string[]) => withLog(run(binDir, 'pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', ...args]));

  const cluster: LocalPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    async stop() {
      await ctl('-m', 'fast', 'stop');
      running = false;
    },
    async start() {
      await ctl('-o', options, 'start');
      running = true;
    },
    async restart() {
      await ctl('-m', 'fast', '-o', options, 'restart');
      running = true;
    },
    async remove() {
      if (running) await ctl('-m', 'immediate', 'stop').catch(() => {});
      running = false;
      await rm(dir, { recursive: true, force: true });
    },
  };
  try {
    await run(binDir, 'initdb', [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
      '--no-instructions',
    ]);
    await cluster.start();
  } catch (error) {
    await cluster.remove();
    throw error;
  }
  return cluster;
}
