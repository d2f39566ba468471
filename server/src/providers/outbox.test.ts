import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { fixedClock } from '../lib/clock';
import { createTestDb } from '../../test/test-db';
import { latestCode, latestLink, outbox } from '../../test/outbox-helpers';
import { createOutboxEmailSender } from './email/outbox-email';
import { createOutboxSmsSender } from './sms/outbox-sms';
import { getOrCreateSecret } from './secrets';

describe('outbox senders and helpers', () => {
  let db: Db;
  let drop: () => Promise<void>;
  const clock = fixedClock(new Date('2030-05-01T10:00:00Z'));

  beforeAll(async () => {
    ({ db, drop } = await createTestDb());
  });
  afterAll(() => drop());

  it('stores emails and SMS with the injected time', async () => {
    const email = createOutboxEmailSender({ db, clock });
    const sms = createOutboxSmsSender({ db, clock });
    expect([email.kind, sms.kind]).toEqual(['outbox', 'outbox']);
    await email.send({
      to: 'Ann@Example.test',
      subject: 'Confirm your email',
      text: 'Your code is 123456.\n\nConfirm: http://localhost:3000/register/verify-email?token=t1\n',
      html: '<p>Your code is 123456.</p>',
      template: 'verify-email',
    });
    clock.advance(1000);
    await email.send({
      to: 'ann@example.test',
      subject: 'Reset your password',
      text: 'Home: http://localhost:3000/\nReset: http://localhost:3000/auth/change-password?token=r2\nCode ref 20300501 999111',
      html: '<p>Reset</p>',
      template: 'reset-password',
    });
    clock.advance(1000);
    await sms.send({ to: '+447700900123', text: 'Cuewave code: 654321', template: 'verify-phone' });

    const rows = await outbox(db, 'ann@example.test');
    expect(rows.map((r) => r.template)).toEqual(['reset-password', 'verify-email']);
    expect(rows[1]).toMatchObject({
      channel: 'email',
      recipient: 'Ann@Example.test',
      subject: 'Confirm your email',
      html: '<p>Your code is 123456.</p>',
      createdAt: new Date('2030-05-01T10:00:00Z'),
    });
    const [text] = await outbox(db, '+447700900123');
    expect(text).toMatchObject({ channel: 'sms', subject: null, html: null, text: 'Cuewave code: 654321' });
  });

  it('latestCode() reads the 6-digit code of the newest message, ignoring longer numbers', async () => {
    expect(await latestCode(db, '+447700900123')).toBe('654321');
    expect(await latestCode(db, 'ANN@example.test')).toBe('999111');
    await expect(latestCode(db, 'nobody@example.test')).rejects.toThrow(/no message to nobody@example.test/);
  });

  it('latestLink() finds the first link under a path in the newest message', async () => {
    expect(await latestLink(db, 'ann@example.test', '/auth/change-password')).toBe(
      'http://localhost:3000/auth/change-password?token=r2',
    );
    await expect(latestLink(db, 'ann@example.test', '/register/verify-email')).rejects.toThrow(/no link/);
  });

  it('getOrCreateSecret() makes one secret per name, even when asked concurrently', async () => {
    const values = await Promise.all(Array.from({ length: 8 }, () => getOrCreateSecret(db, 'race')));
    expect(new Set(values).size).toBe(1);
    expect(values[0]).toMatch(/^[\w-]{43}$/);
    expect(await getOrCreateSecret(db, 'race')).toBe(values[0]);
    expect(await getOrCreateSecret(db, 'other')).not.toBe(values[0]);
  });
});
