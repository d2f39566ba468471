import { ConfigError } from '../../env';
import { systemClock } from '../../lib/clock';
import { openCliContext } from '../catalog/cli-context';
import { appConfigFromEnv, createProviders } from '../../providers/create-providers';
import { runRenewals } from './renewal.job';

/**
 * npm run renewals: runs the renewal job once (decision 045) against the server's database
 * (DATABASE_URL, else the embedded one in DATA_DIR: stop the server first, PGlite has one owner) and
 * prints what it did. Safe to run while other instances run it too. Exit 1 when a subscription
 * failed with an unexpected error (it is tried again next time).
 */
async function main(): Promise<number> {
  const ctx = await openCliContext();
  try {
    const providers = await createProviders(ctx.env, { db: ctx.db, clock: systemClock });
    const deps = { db: ctx.db, clock: systemClock, providers, config: appConfigFromEnv(ctx.env) };
    const report = await runRenewals(deps, {
      onError: (err, id) => console.error(`Subscription ${id}:`, err),
    });
    console.log(
      `Renewals: ${report.renewed} renewed, ${report.failed} failed, ${report.ended} ended, ` +
        `${report.changed} changes applied, ${report.activated} pending activated, ${report.skipped} skipped, ` +
        `${report.trialEmails} trial emails, ${report.errors} errors`,
    );
    await providers.rateLimiter.close();
    return report.errors > 0 ? 1 : 0;
  } finally {
    await ctx.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(2);
  },
);
