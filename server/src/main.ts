import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, parseEnv } from './env';
import { createDb } from './db/client';
import { migrateToLatest } from './db/migrate';
import { createLocalStorage } from './providers/storage/local-storage';
import { buildApp } from './app';
import { systemClock } from './lib/clock';
import { appConfigFromEnv, createProviders } from './providers/create-providers';
import { ensureDemoCatalog } from './features/catalog/demo.service';
import { scheduleRenewals } from './features/subscription/renewal.schedule';

/** env -> db -> migrate -> demo catalogue on first start -> listen; graceful shutdown on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const env = parseEnv();
  const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
  const dataDir = resolve(repoRoot, env.DATA_DIR);
  const db = createDb(env.DATABASE_URL ? { url: env.DATABASE_URL } : { pgliteDir: join(dataDir, 'db') });
  await migrateToLatest(db);
  const storage = createLocalStorage(join(dataDir, 'files'));
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
    },
    'providers',
  );
  if (config.mailboxEnabled && env.NODE_ENV === 'production') {
    app.log.warn(
      'The development mailbox is ON in production: anyone can read every sign-in code and link at ' +
        '/api/dev/outbox. Set SMTP_URL to send real email, or MAILBOX=off to hide the outbox.',
    );
  }

  // First start: an empty catalogue gets the synthesised demo before the server takes requests. If that
  // fails the store still starts (empty), and the next start tries again.
  await ensureDemoCatalog(
    { db, storage, log: (line) => app.log.info(line) },
    { mode: env.DEMO_CATALOG, songs: env.DEMO_SONGS, sfx: env.DEMO_SFX },
  ).catch((err: unknown) => app.log.error({ err }, 'Demo catalogue: build failed; starting without it'));

  // Subscriptions renew, retry and end on the clock (decision 045); RENEWALS_EVERY_SECONDS=0 turns it off.
  const stopRenewals = scheduleRenewals(
    { db, clock: systemClock, providers, config },
    env.RENEWALS_EVERY_SECONDS,
    app.log,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await stopRenewals();
    await app.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

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
