import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, parseEnv } from './env';
import { createDb } from './db/client';
import { migrateToLatest } from './db/migrate';
import { checkStorage, createStorage } from './providers/storage/create-storage';
import { buildApp } from './app';
import { systemClock } from './lib/clock';
import { appConfigFromEnv, createProviders } from './providers/create-providers';
import { ensureDemoCatalog } from './features/catalog/demo.service';
import { queueDemoCatalog } from './features/catalog/demo.jobs';
import { scheduleRenewals } from './features/subscription/renewal.schedule';
import { startJobWorkers } from './features/jobs/jobs.worker';
import { jobHandlers } from './jobs-registry';
import { createErrorReporter } from './lib/error-reporter';
import { telemetryFromEnv } from './lib/telemetry-config';

/** env -> db -> migrate -> demo catalogue on first start -> listen; graceful shutdown on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const env = parseEnv();
  // First, so that a failure during the start is reported too (decision 071).
  const telemetry = telemetryFromEnv(env);
  const errorReporter = await createErrorReporter(telemetry.reporter);
  const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
  const dataDir = resolve(repoRoot, env.DATA_DIR);
  const db = createDb(env.DATABASE_URL ? { url: env.DATABASE_URL } : { pgliteDir: join(dataDir, 'db') });
  await migrateToLatest(db);
  // DATA_DIR/files, or the S3 bucket that several instances share when S3_BUCKET is set (decision 057).
  const files = createStorage(env, dataDir);
  const storage = files.storage;
  const providers = await createProviders(env, { db, clock: systemClock });
  const config = appConfigFromEnv(env);

  const app = await buildApp({
    db,
    storage,
    clock: systemClock,
    providers,
    config,
    trustProxy: env.TRUST_PROXY,
    logger: { level: env.LOG_LEVEL },
    storageOrigin: files.browserOrigin,
    errorReporter,
    telemetry: telemetry.page,
    webBuildDir: env.SERVE_WEB ? resolve(repoRoot, env.WEB_BUILD_DIR) : undefined,
  });

  app.log.info(
    {
      email: providers.email.kind,
      sms: providers.sms.kind,
      captcha: providers.captcha.kind,
      rateLimiter: providers.rateLimiter.kind,
      mailbox: config.mailboxEnabled,
      publicUrl: config.publicUrl,
      storage: files.where,
      errorReporting: errorReporter ? telemetry.reporter?.environment : 'off',
      tagManager: telemetry.page.gtmId ?? 'off',
      sessionRecording: telemetry.page.hotjarId ?? 'off',
    },
    'providers',
  );
  const storageWarning = await checkStorage(files);
  if (storageWarning) app.log.warn(storageWarning);
  if (config.mailboxEnabled && env.NODE_ENV === 'production') {
    app.log.warn(
      'The development mailbox is ON in production: it shows every sign-in code and link to this ' +
        "machine's own operator (loopback clients only, /dev/mailbox). Set SMTP_URL to send real email, " +
        'or MAILBOX=off to turn the mailbox off.',
    );
  }

  // First start (decision 074): an empty catalogue gets the synthesised demo. DEMO_CATALOG=auto queues it as
  // a job and serves at once, the store filling in product by product; wait builds it before serving. If
  // a build fails the store still starts, and the next start tries again.
  const demo = { songs: env.DEMO_SONGS, sfx: env.DEMO_SFX };
  if (env.DEMO_CATALOG === 'wait') {
    await ensureDemoCatalog({ db, storage, log: (line) => app.log.info(line) }, { mode: 'auto', ...demo }).catch(
      (err: unknown) => app.log.error({ err }, 'Demo catalogue: build failed; starting without it'),
    );
  } else if (env.DEMO_CATALOG === 'auto') {
    await queueDemoCatalog(db, demo, systemClock).then(
      (queued) =>
        queued &&
        app.log.info(
          env.JOB_WORKERS === 'on'
            ? 'Demo catalogue: building in the background; the store fills in as products are added'
            : 'Demo catalogue: queued for an instance with job workers (JOB_WORKERS=off here)',
        ),
      (err: unknown) => app.log.error({ err }, 'Demo catalogue: could not queue the build'),
    );
  }

  // Subscriptions renew, retry and end on the clock (decision 045); RENEWALS_EVERY_SECONDS=0 turns it off.
  const stopRenewals = scheduleRenewals(
    { db, clock: systemClock, providers, config },
    env.RENEWALS_EVERY_SECONDS,
    app.log,
  );

  // Heavy work (renditions, archives, backfills) runs here, claimed from the shared queue (decision 049).
  const workers =
    env.JOB_WORKERS === 'on'
      ? startJobWorkers({
          db,
          clock: systemClock,
          handlers: jobHandlers({ db, storage, clock: systemClock, providers, config }, (line) => app.log.info(line)),
          log: app.log,
          concurrency: env.JOB_CONCURRENCY,
          pollMs: env.JOB_POLL_MS,
          leaseMs: env.JOB_LEASE_SECONDS * 1000,
        })
      : null;

  // Graceful stop (decision 050): refuse newcomers with 503, let the requests in flight finish (at most
  // SHUTDOWN_GRACE_SECONDS), then close the app (its providers: Redis) and the database, and exit. A
  // close that hangs still ends the process a little later.
  const graceMs = env.SHUTDOWN_GRACE_SECONDS * 1000;
  let closing = false;
  const shutdown = async (reason: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ reason, inFlight: app.drain.inFlight, graceSeconds: env.SHUTDOWN_GRACE_SECONDS }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error('shutdown: closing the app or the database hung; exiting anyway');
      process.exit(1);
    }, graceMs + 5_000);
    force.unref();
    // Jobs still running at the end of the grace are handed back to the queue for another instance.
    const [finished] = await Promise.all([app.drain.start(graceMs), stopRenewals(), workers?.stop(graceMs)]);
    if (!finished) app.log.warn('shutdown: requests still running after the grace period were cut');
    await app.close();
    await errorReporter?.flush(2000);
    await db.destroy();
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // Started by scripts/start.mjs over an IPC channel: if that parent dies (even by SIGKILL) the channel
  // closes, and the server stops instead of living on as an orphan that holds the port.
  if (process.send) process.on('disconnect', () => void shutdown('parent exited'));

  await app.listen({ host: env.HOST, port: env.PORT });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
