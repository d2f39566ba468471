import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromIp } from '../../test/auth-helpers';
import { TEST_ALTCHA_COST } from '../../test/test-app';
import { buildApp, type App } from '../app';
import { parseEnv } from '../env';
import { runRenewals, type RenewalDeps } from '../features/subscription/renewal.job';
import { systemClock } from '../lib/clock';
import { isServiceUnavailable } from '../lib/error-handler';
import { appConfigFromEnv, createEmbeddedProviders } from '../providers/create-providers';
import { createLocalStorage } from '../providers/storage/local-storage';
import { createDb, type Db } from './client';
import { localPostgresUnavailable, startLocalPostgres, type LocalPostgres } from './local-postgres';
import { migrateToLatest } from './migrate';

/**
 * An operator restarts PostgreSQL under load. The server runs on a PostgreSQL of its own (Debian's
 * binaries, a temp data folder, a free port), so it runs in the plain `npm test` wherever those binaries
 * are installed, and skips, saying why, where they are not.
 */
const unavailable = localPostgresUnavailable();
if (unavailable) console.warn(`db-restart.test.ts skipped: ${unavailable}`);

type Attempt = { step: 'challenge' | 'enquiry'; status: number; body: string; retryAfter?: string; email?: string };

/** Polls a condition (readiness only: no assertion depends on how long it took). */
async function until(condition: () => boolean, what: string, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(unavailable)('a PostgreSQL restart under a write loop', () => {
  let cluster: LocalPostgres;
  let db: Db;
  let app: App;
  let filesDir: string;
  let renewalDeps: RenewalDeps;
  const connectionErrors: Array<Error & { code?: string }> = [];
  const attempts: Attempt[] = [];
  const acked: string[] = [];

  beforeAll(async () => {
    cluster = await startLocalPostgres();
    db = createDb({ url: cluster.url, onConnectionError: (error) => connectionErrors.push(error) });
    await migrateToLatest(db);
    filesDir = await mkdtemp(join(tmpdir(), 'cuewave-files-'));
    const providers = await createEmbeddedProviders({ db, clock: systemClock, altchaCost: TEST_ALTCHA_COST });
    const config = appConfigFromEnv(parseEnv({}));
    app = await buildApp({ db, storage: createLocalStorage(filesDir), clock: systemClock, providers, config });
    renewalDeps = { db, clock: systemClock, providers, config };
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
    await cluster?.remove();
    if (filesDir) await rm(filesDir, { recursive: true, force: true });
  });

  /** One Enterprise enquiry as the web form sends it: a captcha challenge, its solution, the enquiry. */
  async function enquire(): Promise<Attempt> {
    const challenge = await app.inject({ method: 'GET', url: '/api/captcha/challenge' });
    if (challenge.statusCode !== 200) {
      const retryAfter = challenge.headers['retry-after']?.toString();
      return { step: 'challenge', status: challenge.statusCode, body: challenge.body, retryAfter };
    }
    const body = challenge.json<{ challenge: Challenge }>();
    const solution = await solveChallenge({ challenge: body.challenge, deriveKey, timeout: 30_000 });
    const captcha = Buffer.from(JSON.stringify({ challenge: body.challenge, solution })).toString('base64');
    const email = `restart-${randomBytes(6).toString('hex')}@example.com`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/enterprise/contact',
      headers: fromIp(),
      payload: {
        name: 'Ola Restart',
        email,
        company: 'Restart Radio',
        use: 'broadcast',
        channels: 3,
        message: 'We need music for our stations while the database restarts.',
        captcha,
      },
    });
    const retryAfter = res.headers['retry-after']?.toString();
    return { step: 'enquiry', status: res.statusCode, body: res.body, retryAfter, email };
  }

  /** Every enquiry stored: the copy to the visitor and the message to sales that names them. */
  async function storedEnquiries(emails: string[]): Promise<string[]> {
    const rows = await db
      .selectFrom('outbox_messages')
      .select(['recipient', 'template', 'text_body'])
      .where('template', 'in', ['enterprise-enquiry', 'enterprise-enquiry-copy'])
      .execute();
    const copies = new Set(rows.filter((r) => r.template === 'enterprise-enquiry-copy').map((r) => r.recipient));
    const toSales = rows.filter((r) => r.template === 'enterprise-enquiry').map((r) => r.text_body);
    return emails.filter((email) => copies.has(email) && toSales.some((text) => text.includes(`Email: ${email}`)));
  }

  /** Writers that send enquiries back to back until stopped; every answer is recorded. */
  function writeLoop(writers: number) {
    let stopped = false;
    const loops = Array.from({ length: writers }, async () => {
      while (!stopped) {
        const attempt = await enquire();
        attempts.push(attempt);
        if (attempt.step === 'enquiry' && attempt.status === 202) acked.push(attempt.email!);
      }
    });
    return async () => {
      stopped = true;
      await Promise.all(loops);
    };
  }

  it('answers only 2xx or 503 through `pg_ctl restart -m fast`, loses no acknowledged write and serves again', async () => {
    const stop = writeLoop(4);
    try {
      await until(() => acked.length >= 20, 'enquiries before the restart');
      await cluster.restart();
      const afterRestart = acked.length;
      await until(() => acked.length >= afterRestart + 20, 'enquiries after the restart');
    } finally {
      await stop();
    }

    const failures = attempts.filter((a) => a.status !== 200 && a.status !== 202);
    expect(
      failures.filter((a) => a.status !== 503),
      'every failure during the restart is a 503',
    ).toEqual([]);
    for (const failure of failures) {
      expect(failure.retryAfter).toBe('5');
      expect(JSON.parse(failure.body)).toEqual({
        error: 'SERVICE_UNAVAILABLE',
        message: 'The service is briefly unavailable. Please try again in a few seconds.',
      });
    }

    expect(await storedEnquiries(acked), 'every acknowledged enquiry is stored').toEqual(acked);
  });

  it('survives the pool losing its idle connections, answers 503 with Retry-After while the database is down, then serves again', async () => {
    // The last test left idle connections in the pool; a fast shutdown terminates them (57P01), which
    // crashed the process before the pool had an 'error' listener.
    connectionErrors.length = 0;
    await cluster.stop();
    await until(() => connectionErrors.length > 0, 'the pool to see its connections terminated');
    expect(connectionErrors.map((e) => e.code)).toContain('57P01');

    const whileDown = await enquire();
    expect(whileDown.step).toBe('enquiry');
    expect(whileDown.status).toBe(503);
    expect(whileDown.retryAfter).toBe('5');
    expect(JSON.parse(whileDown.body)).toEqual({
      error: 'SERVICE_UNAVAILABLE',
      message: 'The service is briefly unavailable. Please try again in a few seconds.',
    });
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    // The renewal job's run fails as a rejected promise, which its scheduler logs; the next run works.
    await expect(runRenewals(renewalDeps)).rejects.toSatisfy(isServiceUnavailable);

    await cluster.start();
    const again = await enquire();
    expect(again.status, again.body).toBe(202);
    expect(await storedEnquiries([again.email!])).toEqual([again.email]);
    expect(await storedEnquiries([whileDown.email!]), 'the refused enquiry was not half stored').toEqual([]);
    await expect(runRenewals(renewalDeps)).resolves.toMatchObject({ errors: 0 });
  });
});
