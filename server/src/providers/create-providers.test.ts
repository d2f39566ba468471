import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { parseEnv } from '../env';
import { systemClock } from '../lib/clock';
import { createTestDb } from '../../test/test-db';
import { createEmbeddedProviders, createProviders } from './create-providers';

describe('createProviders', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await createTestDb());
  });
  afterAll(() => drop());

  const kinds = async (source: Record<string, string>) => {
    const providers = await createProviders(parseEnv(source), { db, clock: systemClock });
    await providers.rateLimiter.close();
    return {
      email: providers.email.kind,
      sms: providers.sms.kind,
      captcha: providers.captcha.kind,
      rateLimiter: providers.rateLimiter.kind,
    };
  };

  it('uses the embedded adapters when nothing is configured', async () => {
    expect(await kinds({})).toEqual({ email: 'outbox', sms: 'outbox', captcha: 'altcha', rateLimiter: 'memory' });
    const embedded = await createEmbeddedProviders({ db, clock: systemClock });
    expect(embedded.email.kind).toBe('outbox');
    expect(embedded.captcha.kind).toBe('altcha');
  });

  it('uses each configured adapter', async () => {
    expect(
      await kinds({
        SMTP_URL: 'smtp://127.0.0.1:2525',
        SMS_HTTP_URL: 'http://127.0.0.1:9/sms',
        RECAPTCHA_SITE_KEY: 'site-key-0123456789',
        RECAPTCHA_SECRET_KEY: 'secret-key-0123456789',
        REDIS_URL: 'redis://127.0.0.1:6379',
      }),
    ).toEqual({ email: 'smtp', sms: 'http', captcha: 'recaptcha', rateLimiter: 'redis' });
  });

  it('gives the reCAPTCHA site key to the page', async () => {
    const providers = await createProviders(
      parseEnv({ RECAPTCHA_SITE_KEY: 'site-key-0123456789', RECAPTCHA_SECRET_KEY: 'secret-key-0123456789' }),
      { db, clock: systemClock },
    );
    expect(await providers.captcha.challenge()).toEqual({ provider: 'recaptcha', siteKey: 'site-key-0123456789' });
  });
});

describe('createProviders: card payments', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await createTestDb());
  });
  afterAll(() => drop());

  const STRIPE = {
    STRIPE_SECRET_KEY: 'sk_test_0123456789abcdef',
    STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_0123456789abcdef',
  };

  it('charges with the sandbox unless Stripe is configured, then with Stripe', async () => {
    const sandbox = await createProviders(parseEnv({}), { db, clock: systemClock });
    await sandbox.rateLimiter.close();
    expect(sandbox.payments.kind).toBe('sandbox');
    const stripe = await createProviders(parseEnv(STRIPE), { db, clock: systemClock });
    await stripe.rateLimiter.close();
    expect(stripe.payments.kind).toBe('stripe');
  });

  it('refuses a Stripe secret key without the webhook secret and publishable key, and malformed keys', () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: STRIPE.STRIPE_SECRET_KEY })).toThrow(
      /STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY[\s\S]*STRIPE_PUBLISHABLE_KEY: is required/,
    );
    expect(() => parseEnv({ ...STRIPE, STRIPE_SECRET_KEY: 'pk_test_0123456789abcdef' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => parseEnv({ ...STRIPE, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(parseEnv({ ...STRIPE, STRIPE_SECRET_KEY: '' }).STRIPE_SECRET_KEY).toBeUndefined();
  });
});
