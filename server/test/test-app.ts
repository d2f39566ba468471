import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type App } from '../src/app';
import type { Db } from '../src/db/client';
import { createLocalStorage } from '../src/providers/storage/local-storage';
import type { FileStorage } from '../src/providers/storage/storage';
import { parseEnv } from '../src/env';
import { appConfigFromEnv, createEmbeddedProviders } from '../src/providers/create-providers';
import type { AppConfig, Providers } from '../src/providers/providers';
import { systemClock, type Clock } from '../src/lib/clock';
import { createTestDb } from './test-db';
import { jobHandlers } from '../src/jobs-registry';
import { runJobsUntilIdle } from '../src/features/jobs/jobs.service';
import { startJobWorkers } from '../src/features/jobs/jobs.worker';

export type TestContext = {
  app: App;
  db: Db;
  storage: FileStorage;
  filesDir: string;
  /** The providers the app runs with (embedded ones, overridden by options.providers). */
  providers: Providers;
  /** The settings the app runs with: the documented defaults, overridden by options.config. */
  config: AppConfig;
  /** What a feature's service functions take, as the app passes it to them (no file storage). */
  deps: { db: Db; clock: Clock; providers: Providers; config: AppConfig };
  /** Runs every queued job in this process until none is left (all handlers of jobs-registry.ts). */
  runJobs: () => Promise<number>;
  close: () => Promise<void>;
};

export type TestAppOptions = {
  clock?: Clock;
  providers?: Partial<Providers>;
  config?: Partial<AppConfig>;
  /** Background workers as main.ts runs them (for routes that wait on a job, like server-sent events). */
  jobs?: boolean;
  /** A file store instead of a temporary folder (e.g. S3 storage on s3rver: test/s3-test-server.ts). */
  storage?: FileStorage;
};

/** A captcha solve in tests takes a few milliseconds at this cost (PBKDF2 iterations per attempt). */
export const TEST_ALTCHA_COST = 1;

/**
 * buildApp() on a fresh database and a temporary file store; use app.inject() against it. Providers
 * are the embedded ones (outbox, ALTCHA at a tiny cost, in-process limits) unless overridden.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const { db, drop } = await createTestDb();
  const filesDir = await mkdtemp(join(tmpdir(), 'cuewave-files-'));
  const storage = options.storage ?? createLocalStorage(filesDir);
  const clock = options.clock ?? systemClock;
  const providers: Providers = {
    ...(await createEmbeddedProviders({ db, clock, altchaCost: TEST_ALTCHA_COST })),
    ...options.providers,
  };
  const config: AppConfig = { ...appConfigFromEnv(parseEnv({})), ...options.config };
  const app = await buildApp({ db, storage, clock, providers, config });
  await app.ready();
  const handlers = jobHandlers({ db, storage, clock, providers, config });
  const silent = { info() {}, warn() {}, error() {} };
  const workers = options.jobs
    ? startJobWorkers({ db, clock, handlers, log: silent, pollMs: 100, leaseMs: 10_000 })
    : null;
  return {
    app,
    db,
    storage,
    filesDir,
    providers,
    config,
    deps: { db, clock, providers, config },
    runJobs: () => runJobsUntilIdle({ db, clock }, handlers),
    close: async () => {
      await workers?.stop(5_000);
      await app.close();
      await drop();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}
