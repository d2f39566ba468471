import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_DAYS } from '@cuewave/contract/account';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { fixedClock } from '../../lib/clock';
import type { EmailMessage, EmailSender } from '../../providers/email/email';
import { cardNumber, subscriptionKit, type Kit } from './subscription-test-kit';
import { TRIAL_REMINDER_DAYS } from './trial-emails';

/** The trial-ending emails of the renewal job (decision 051): once each, linking to the plan checkout. */
const DAY = 86_400_000;
const clock = fixedClock(new Date('2026-05-04T10:00:00Z'));
const sent: EmailMessage[] = [];
let failing = false;
const email: EmailSender = {
  kind: 'outbox',
  async send(message) {
    if (failing) throw new Error('mail server down');
    sent.push(message);
  },
};
let ctx: TestContext;
let kit: Kit;

beforeAll(async () => {
  ctx = await createTestApp({ clock, providers: { email }, config: { publicUrl: 'https://store.example' } });
  kit = subscriptionKit(ctx, clock);
});
afterAll(() => ctx.close());

async function trialUser() {
  const { id, auth } = await kit.user({ signupPlan: 'trial', card: null, billing: false });
  expect((await kit.inject('POST', '/subscription/new/trial', auth)).statusCode).toBe(201);
  const { email: address } = await ctx.db
    .selectFrom('accounts')
    .select('email')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, auth, address };
}

const to = (address: string, template: string) => sent.filter((m) => m.to === address && m.template === template);

describe('trial-ending emails', () => {
  it('a reminder a few days before the end and a notice at the end, each once, both to the plan checkout', async () => {
    const { address } = await trialUser();
    await kit.job();
    expect(to(address, 'trial-ending')).toHaveLength(0);

    clock.advance((TRIAL_DAYS - TRIAL_REMINDER_DAYS) * DAY + 60_000);
    await kit.job();
    await kit.job();
    const [soon, ...again] = to(address, 'trial-ending');
    expect(again).toHaveLength(0);
    expect(soon!.subject).toMatch(/^Your Cuewave free trial ends in 3 days, on /);
    expect(soon!.text).toContain('https://store.example/register/select-plan');
    expect(soon!.html).toContain('href="https://store.example/register/select-plan"');
    expect(to(address, 'trial-ended')).toHaveLength(0);

    clock.advance(TRIAL_REMINDER_DAYS * DAY);
    const report = await kit.job();
    expect(report.ended).toBeGreaterThanOrEqual(1);
    await kit.job();
    const [ended, ...twice] = to(address, 'trial-ended');
    expect(twice).toHaveLength(0);
    expect(ended!.subject).toBe('Your Cuewave free trial has ended');
    expect(ended!.text).toContain('https://store.example/register/select-plan');
  });

  it('no reminder for a trial that was replaced by a paid plan', async () => {
    const { auth, address } = await trialUser();
    const billing = await kit.inject('POST', '/billing', auth, {
      type: 'personal',
      firstName: 'Ola',
      lastName: 'Nowak',
      city: 'Kraków',
      postalCode: '30-001',
      line1: 'ul. Floriańska 1',
      country: 'PL',
    });
    expect(billing.statusCode, billing.body).toBe(200);
    await kit.saveCard(auth, cardNumber('succeeded'));
    await kit.bought(auth, 'start', 'month');
    clock.advance((TRIAL_DAYS - 1) * DAY);
    await kit.job();
    clock.advance(2 * DAY);
    await kit.job();
    expect(to(address, 'trial-ending')).toHaveLength(0);
    expect(to(address, 'trial-ended')).toHaveLength(0);
  });

  it('a reminder the mail server refused is sent on the next run', async () => {
    const { address } = await trialUser();
    clock.advance((TRIAL_DAYS - 1) * DAY);
    failing = true;
    const report = await kit.job();
    failing = false;
    expect(report.errors).toBeGreaterThanOrEqual(1);
    expect(to(address, 'trial-ending')).toHaveLength(0);
    await kit.job();
    expect(to(address, 'trial-ending')).toHaveLength(1);
  });
});
