import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { ChannelRef } from '@cuewave/contract/licence';
import type { Language } from '@cuewave/contract/languages';
import type { Db } from '../../db/client';
import type { SubscriptionsTable } from '../../db/schema';

type Raw = Selectable<SubscriptionsTable>;

/** A subscription row with its times as Dates and its jsonb parsed (PGlite and pg differ slightly). */
export type SubscriptionRow = Omit<Raw, 'pending_channels' | 'account_id'> & {
  account_id: string;
  pending_channels: ChannelRef[] | null;
};

const columns = [
  'id',
  'account_id',
  'plan',
  'status',
  'pay_period',
  'currency',
  'started_at',
  'next_pay_at',
  'ended_at',
  'created_at',
  'price',
  'tax',
  'total',
  'tax_percentage',
  'coupon',
  'period_started_at',
  'payment_method_id',
  'pending_plan',
  'pending_period',
  'pending_channels',
  'change_requested_at',
  'charge_attempt',
  'last_payment_id',
  'renewal_attempts',
  'next_retry_at',
  'cancelled_at',
  'trial_fingerprint',
  'updated_at',
  'trial_reminded_at',
] as const;

const maybeDate = (v: Date | string | null) => (v === null ? null : new Date(v));

function normalise(row: Raw): SubscriptionRow {
  const channels: unknown =
    typeof row.pending_channels === 'string' ? JSON.parse(row.pending_channels) : row.pending_channels;
  return {
    ...row,
    pending_channels: (channels as ChannelRef[] | null) ?? null,
    started_at: new Date(row.started_at),
    created_at: new Date(row.created_at),
    next_pay_at: maybeDate(row.next_pay_at),
    ended_at: maybeDate(row.ended_at),
    period_started_at: maybeDate(row.period_started_at),
    change_requested_at: maybeDate(row.change_requested_at),
    next_retry_at: maybeDate(row.next_retry_at),
    cancelled_at: maybeDate(row.cancelled_at),
    updated_at: maybeDate(row.updated_at),
    trial_reminded_at: maybeDate(row.trial_reminded_at),
  };
}

/** The account's subscriptions that have not ended, newest first. */
export async function selectOpenSubscriptions(db: Db, accountId: string): Promise<SubscriptionRow[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .select(columns)
    .where('account_id', '=', accountId)
    .where('status', '!=', 'ended')
    .orderBy('created_at', 'desc')
    .orderBy('started_at', 'desc')
    .execute();
  return rows.map(normalise);
}

/** Every subscription of the account, newest first. */
export async function selectAllSubscriptions(db: Db, accountId: string): Promise<SubscriptionRow[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .select(columns)
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('started_at', 'desc')
    .execute();
  return rows.map(normalise);
}

/** One of the account's subscriptions; undefined for an unknown id or anyone else's. */
export async function selectOwnSubscription(
  db: Db,
  accountId: string,
  id: string,
): Promise<SubscriptionRow | undefined> {
  const row = await db
    .selectFrom('subscriptions')
    .select(columns)
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row && normalise(row);
}

export async function selectSubscription(db: Db, id: string): Promise<SubscriptionRow | undefined> {
  const row = await db.selectFrom('subscriptions').select(columns).where('id', '=', id).executeTakeFirst();
  return row && normalise(row);
}

export async function hasTrial(db: Db, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('account_id', '=', accountId)
    .where('plan', '=', 'trial')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether a trial was already had with one of these cards (one trial per card, decision 045): one
 * started with it, or one of an account that has saved it since.
 */
export async function trialUsedByCard(db: Db, fingerprints: string[]): Promise<boolean> {
  if (fingerprints.length === 0) return false;
  const row = await db
    .selectFrom('subscriptions')
    .select('subscriptions.id')
    .where('subscriptions.plan', '=', 'trial')
    .where((eb) =>
      eb.or([
        eb('subscriptions.trial_fingerprint', 'in', fingerprints),
        eb.exists(
          eb
            .selectFrom('payment_methods')
            .select('payment_methods.id')
            .whereRef('payment_methods.account_id', '=', 'subscriptions.account_id')
            .where('payment_methods.fingerprint', 'in', fingerprints),
        ),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The fingerprints of the account's saved cards (read only; the payment feature owns them). */
export async function selectCardFingerprints(db: Db, accountId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('payment_methods')
    .select('fingerprint')
    .where('account_id', '=', accountId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => r.fingerprint);
}

export async function insertTrial(
  db: Db,
  accountId: string,
  startedAt: Date,
  endsAt: Date,
  fingerprint: string | null,
): Promise<SubscriptionRow> {
  const row = await db
    .insertInto('subscriptions')
    .values({
      id: randomUUID(),
      account_id: accountId,
      plan: 'trial',
      status: 'active',
      pay_period: null,
      currency: null,
      started_at: startedAt,
      next_pay_at: endsAt,
      period_started_at: startedAt,
      trial_fingerprint: fingerprint,
      created_at: startedAt,
      updated_at: startedAt,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return normalise(row);
}

export async function insertSubscription(
  db: Db,
  values: Omit<Insertable<SubscriptionsTable>, 'id'>,
): Promise<SubscriptionRow> {
  const row = await db
    .insertInto('subscriptions')
    .values({ id: randomUUID(), ...values })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return normalise(row);
}

/**
 * Changes a subscription only while it is still as the caller read it (`expect`): every state change
 * goes through here, so two requests or two job runs cannot both apply theirs. Undefined when the
 * row had moved on.
 */
export async function updateSubscriptionIf(
  db: Db,
  id: string,
  expect: Partial<Pick<SubscriptionRow, 'status' | 'plan' | 'charge_attempt' | 'renewal_attempts'>> & {
    nextPayAt?: Date | null;
  },
  values: Updateable<SubscriptionsTable>,
): Promise<SubscriptionRow | undefined> {
  let query = db.updateTable('subscriptions').set(values).where('id', '=', id);
  if (expect.status) query = query.where('status', '=', expect.status);
  if (expect.plan) query = query.where('plan', '=', expect.plan);
  if (expect.charge_attempt !== undefined) query = query.where('charge_attempt', '=', expect.charge_attempt);
  if (expect.renewal_attempts !== undefined) query = query.where('renewal_attempts', '=', expect.renewal_attempts);
  if (expect.nextPayAt !== undefined) {
    query =
      expect.nextPayAt === null
        ? query.where('next_pay_at', 'is', null)
        : query.where('next_pay_at', '=', expect.nextPayAt);
  }
  const row = await query.returning(columns).executeTakeFirst();
  return row && normalise(row);
}

/** Locks the account row for the rest of the transaction: one subscription change per account at a time. */
export async function lockAccount(
  db: Db,
  accountId: string,
): Promise<{ confirmed_email: boolean; phone: string | null; confirmed_phone: boolean } | undefined> {
  return db
    .selectFrom('accounts')
    .select(['confirmed_email', 'phone', 'confirmed_phone'])
    .where('id', '=', accountId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * The renewal job's work list: ids of subscriptions with something due at `now` (a renewal or a
 * retry, the end of a trial or of a cancelled period, a pending payment that went through or is past
 * its time; the key matches periods.ts chargeKey), in id order
 * after `afterId`, so a run pages through them once even when some stay due (skipped or failing).
 */
export async function selectDueIds(
  db: Db,
  now: Date,
  pendingBefore: Date,
  limit: number,
  afterId: string | null = null,
): Promise<string[]> {
  let query = db
    .selectFrom('subscriptions')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', 'in', ['active', 'cancelled']), eb('next_pay_at', '<=', now)]),
        eb.and([eb('status', '=', 'payment'), eb('next_retry_at', '<=', now)]),
        eb.and([
          eb('status', '=', 'pending'),
          eb.or([
            eb('created_at', '<=', pendingBefore),
            // Its first charge went through after the buyer left (webhook, 3-D Secure): activate it.
            eb.exists(
              eb
                .selectFrom('payments')
                .select('payments.id')
                .whereRef('payments.subscription_id', '=', 'subscriptions.id')
                .where('payments.status', '=', 'succeeded')
                .where(
                  sql<boolean>`payments.idempotency_key = 'sub:' || subscriptions.id || ':' || subscriptions.charge_attempt`,
                ),
            ),
          ]),
        ]),
      ]),
    )
    .where('plan', '!=', 'enterprise');
  if (afterId) query = query.where('id', '>', afterId);
  const rows = await query.orderBy('id', 'asc').limit(limit).execute();
  return rows.map((r) => r.id);
}

/**
 * Claims one subscription for the rest of the transaction, skipping it when another run holds it:
 * two job runs (or two instances) never work on the same subscription at once.
 */
export async function claimSubscription(db: Db, id: string): Promise<SubscriptionRow | undefined> {
  const row = await db
    .selectFrom('subscriptions')
    .select(columns)
    .where('id', '=', id)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  return row && normalise(row);
}

/** Removes the account's channels that are not in `keepUrls` (a downgrade applying); the removed ones. */
export async function deleteChannelsExcept(
  db: Db,
  accountId: string,
  keepUrls: string[],
): Promise<Array<{ url: string }>> {
  let query = db.deleteFrom('channels').where('account_id', '=', accountId);
  if (keepUrls.length) {
    query = query.where(
      sql<string>`lower(url)`,
      'not in',
      keepUrls.map((u) => u.toLowerCase()),
    );
  }
  return query.returning('url').execute();
}

/** A payment row by id (read only; the payment feature writes them). */
export async function selectPaymentRow(db: Db, id: string) {
  return db
    .selectFrom('payments')
    .select(['id', 'status', 'description', 'idempotency_key', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * A charge of the subscription (keys sub:{id}:{n}) for `description` that went through but was never
 * applied: a 3-D Secure step the cardholder confirmed after the buyer had moved on to another attempt.
 * Only from the current period, so an upgrade paid in an earlier period is not taken for a new one.
 */
export async function selectUnappliedCharge(db: Db, sub: SubscriptionRow, description: string) {
  let query = db
    .selectFrom('payments')
    .select('idempotency_key')
    .where('subscription_id', '=', sub.id)
    .where('status', '=', 'succeeded')
    .where('description', '=', description)
    .where('idempotency_key', 'like', `sub:${sub.id}:%`);
  if (sub.last_payment_id) query = query.where('id', '!=', sub.last_payment_id);
  if (sub.period_started_at) query = query.where('created_at', '>=', sub.period_started_at);
  return query.orderBy('created_at', 'desc').limit(1).executeTakeFirst();
}

/** A trial-ending email to send: whose trial, to which address, ending when. */
export type TrialNotice = {
  subscriptionId: string;
  accountId: string;
  email: string;
  /** The account's language, which its emails are written in (decision 076). */
  language: Language;
  endsAt: Date;
};

/**
 * Claims the running trials that end before `until` and have had no reminder yet (decision 051): the
 * claim marks them reminded, so two runs or instances send one email each.
 */
export async function claimTrialReminders(db: Db, now: Date, until: Date, limit: number): Promise<TrialNotice[]> {
  const rows = await db
    .updateTable('subscriptions')
    .set({ trial_reminded_at: now })
    .where(
      'id',
      'in',
      db
        .selectFrom('subscriptions')
        .select('id')
        .where('plan', '=', 'trial')
        .where('status', 'in', ['active', 'cancelled'])
        .where('trial_reminded_at', 'is', null)
        .where('next_pay_at', '>', now)
        .where('next_pay_at', '<=', until)
        .orderBy('next_pay_at', 'asc')
        .limit(limit),
    )
    .where('trial_reminded_at', 'is', null)
    .returning(['id', 'account_id', 'next_pay_at'])
    .execute();
  return withEmails(db, rows);
}

/** Gives a reminder back when its email could not be sent, so the next run tries again. */
export async function unclaimTrialReminder(db: Db, subscriptionId: string): Promise<void> {
  await db.updateTable('subscriptions').set({ trial_reminded_at: null }).where('id', '=', subscriptionId).execute();
}

/** The address and end of one trial, for the email that says it has ended. */
export async function trialNotice(db: Db, subscriptionId: string): Promise<TrialNotice | null> {
  const row = await db
    .selectFrom('subscriptions')
    .select(['id', 'account_id', 'next_pay_at'])
    .where('id', '=', subscriptionId)
    .executeTakeFirst();
  return row ? ((await withEmails(db, [row]))[0] ?? null) : null;
}

async function withEmails(
  db: Db,
  rows: Array<{ id: string; account_id: string; next_pay_at: Date | string | null }>,
): Promise<TrialNotice[]> {
  if (rows.length === 0) return [];
  const accounts = await db
    .selectFrom('accounts')
    .select(['id', 'email', 'language'])
    .where(
      'id',
      'in',
      rows.map((r) => r.account_id),
    )
    .execute();
  const byId = new Map(accounts.map((a) => [a.id, a]));
  return rows.flatMap((r) => {
    const account = byId.get(r.account_id);
    if (!account || !r.next_pay_at) return [];
    const { email, language } = account;
    return [{ subscriptionId: r.id, accountId: r.account_id, email, language, endsAt: new Date(r.next_pay_at) }];
  });
}
