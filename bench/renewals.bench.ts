/**
 * npm run bench:renewals — the renewal job (decision 045) on PostgreSQL.
 *
 * Seeds N paying subscribers (account, Polish business billing, a saved sandbox card, a monthly
 * Professional subscription due now) into a fresh database, then measures:
 *   - baseline: chargeAccount called directly N times (the unit of work the job is built around:
 *     buyer snapshot, payment row with its key, the processor, the receipt number);
 *   - the job: runRenewals over N due subscriptions (claim, quote with today's tax, charge, new period);
 *   - two instances at once: two runRenewals racing over another N, checking every subscription was
 *     charged exactly once.
 * Prints subscriptions per second, the ratio job/baseline and the process's peak RSS.
 * Targets: the job at least 50 % of the baseline's throughput (its claim and quote cost less than the
 * charge itself); 5,000 renewals well inside one scheduling interval (300 s); no double charge.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { createDb } from '../server/src/db/client';
import { migrateToLatest } from '../server/src/db/migrate';
import { fixedClock } from '../server/src/lib/clock';
import { parseEnv } from '../server/src/env';
import { appConfigFromEnv, createEmbeddedProviders } from '../server/src/providers/create-providers';
import { chargeAccount } from '../server/src/features/payment/charge.service';
import { runRenewals } from '../server/src/features/subscription/renewal.job';
import { dropDatabase, freshDatabase } from './pg-database';

const count = Number(process.env.BENCH_SUBSCRIPTIONS ?? 2000);
const DAY_MS = 86_400_000;

function peakRssMb(): number {
  const status = readFileSync('/proc/self/status', 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

type Db = ReturnType<typeof createDb>;

/** N subscribers due at `due`, seeded with plain SQL (the benchmark measures renewing, not signing up). */
async function seedSubscribers(db: Db, n: number, due: Date, tag: string): Promise<string[]> {
  const accountIds = Array.from({ length: n }, () => randomUUID());
  const periodStart = new Date(due.getTime() - 30 * DAY_MS);
  for (let i = 0; i < n; i += 500) {
    const ids = accountIds.slice(i, i + 500);
    await db
      .insertInto('accounts')
      .values(
        ids.map((id, k) => ({
          id,
          email: `bench-${tag}-${i + k}@example.com`,
          password_hash: 'x',
          confirmed_email: true,
          phone: '+48601234567',
          confirmed_phone: true,
        })),
      )
      .execute();
    await db
      .insertInto('billing_details')
      .values(
        ids.map((id) => ({
          account_id: id,
          type: 'business' as const,
          first_name: 'Zofia',
          last_name: 'Nowak',
          company_name: 'Zażółć Sp. z o.o.',
          line1: 'ul. Prosta 1',
          city: 'Warszawa',
          postal_code: '00-001',
          country: 'PL',
          tax_number: 'PL5261040828',
          tax_number_valid: true,
        })),
      )
      .execute();
    const methods = ids.map((id) => ({
      id: randomUUID(),
      account_id: id,
      provider: 'sandbox' as const,
      provider_ref: `pm_sandbox_succeeded_${randomBytes(12).toString('hex')}`,
      brand: 'visa',
      last4: '4242',
      exp_month: 12,
      exp_year: 2035,
      fingerprint: randomBytes(16).toString('hex'),
      is_default: true,
    }));
    await db.insertInto('payment_methods').values(methods).execute();
    await db
      .insertInto('subscriptions')
      .values(
        ids.map((id, k) => ({
          id: randomUUID(),
          account_id: id,
          plan: 'professional' as const,
          status: 'active' as const,
          pay_period: 'month' as const,
          currency: 'pln',
          started_at: periodStart,
          period_started_at: periodStart,
          next_pay_at: due,
          payment_method_id: methods[k]!.id,
          created_at: periodStart,
        })),
      )
      .execute();
  }
  return accountIds;
}

async function main() {
  const url = await freshDatabase('cuewave_bench_renewals');
  const db = createDb({ url });
  try {
    await migrateToLatest(db);
    const due = new Date('2027-01-01T00:00:00Z');
    const clock = fixedClock(new Date(due.getTime() + 1000));
    const providers = await createEmbeddedProviders({ db, clock });
    const deps = { db, clock, providers, config: appConfigFromEnv(parseEnv({})) };

    // Baseline: the same number of charges, made directly.
    const direct = await seedSubscribers(db, count, due, 'direct');
    await sql`DELETE FROM subscriptions`.execute(db);
    const quote = { currency: 'pln' as const, price: 9900, tax: 2277, total: 12177, taxPercentage: 23 };
    let t0 = performance.now();
    for (const accountId of direct) {
      await chargeAccount(deps, {
        accountId,
        quote,
        description: 'Professional, monthly',
        idempotencyKey: `bench:${accountId}`,
      });
    }
    const baselineMs = performance.now() - t0;

    // The job, one instance.
    await seedSubscribers(db, count, due, 'job');
    t0 = performance.now();
    const report = { renewed: 0, failed: 0, errors: 0 };
    for (;;) {
      const r = await runRenewals(deps);
      report.renewed += r.renewed;
      report.failed += r.failed;
      report.errors += r.errors;
      if (r.renewed + r.failed + r.ended + r.errors === 0) break;
    }
    const jobMs = performance.now() - t0;

    // Two instances racing over the same due subscriptions.
    const raceDue = new Date(due.getTime() - 1000);
    await seedSubscribers(db, count, raceDue, 'race');
    t0 = performance.now();
    const race = await Promise.all([runRenewals(deps, { limit: count }), runRenewals(deps, { limit: count })]);
    const raceMs = performance.now() - t0;
    const charged = await db
      .selectFrom('payments')
      .innerJoin('subscriptions', 'subscriptions.id', 'payments.subscription_id')
      .select((eb) => [
        eb.fn.countAll<string>().as('payments'),
        eb.fn.count<string>('subscriptions.id').distinct().as('subs'),
      ])
      .where('subscriptions.started_at', '=', new Date(raceDue.getTime() - 30 * DAY_MS))
      .where('payments.status', '=', 'succeeded')
      .executeTakeFirstOrThrow();

    const rate = (ms: number) => ((count * 1000) / ms).toFixed(0);
    console.log(`subscriptions per run: ${count}`);
    console.log(
      `chargeAccount directly (baseline)  ${(baselineMs / 1000).toFixed(1).padStart(6)} s   ${rate(baselineMs).padStart(5)} /s`,
    );
    console.log(
      `runRenewals, one instance          ${(jobMs / 1000).toFixed(1).padStart(6)} s   ${rate(jobMs).padStart(5)} /s   renewed ${report.renewed}, failed ${report.failed}, errors ${report.errors}`,
    );
    console.log(
      `runRenewals, two instances racing  ${(raceMs / 1000).toFixed(1).padStart(6)} s   ${rate(raceMs).padStart(5)} /s   renewed ${race[0].renewed}+${race[1].renewed}`,
    );
    console.log(`throughput ratio job/baseline: ${(baselineMs / jobMs).toFixed(2)}  (target >= 0.50)`);
    console.log(
      `race: ${charged.payments} successful charges for ${charged.subs} subscriptions  (target: equal, ${count} each)`,
    );
    console.log(`5,000 renewals would take about ${((jobMs / count) * 5).toFixed(0)} s  (target < 300 s)`);
    console.log(`peak RSS: ${peakRssMb().toFixed(0)} MB`);
    await providers.rateLimiter.close();
  } finally {
    await db.destroy();
    await dropDatabase(url);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
