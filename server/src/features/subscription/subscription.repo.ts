import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import type { SubscriptionsTable } from '../../db/schema';

export type SubscriptionRow = {
  id: string;
  plan: SubscriptionsTable['plan'];
  status: SubscriptionsTable['status'];
  pay_period: 'month' | 'year' | null;
  currency: string | null;
  started_at: Date;
  next_pay_at: Date | null;
  ended_at: Date | null;
};

const columns = ['id', 'plan', 'status', 'pay_period', 'currency', 'started_at', 'next_pay_at', 'ended_at'] as const;

function normalise(row: SubscriptionRow): SubscriptionRow {
  return {
    ...row,
    started_at: new Date(row.started_at),
    next_pay_at: row.next_pay_at && new Date(row.next_pay_at),
    ended_at: row.ended_at && new Date(row.ended_at),
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

export async function insertTrial(db: Db, accountId: string, startedAt: Date, endsAt: Date): Promise<SubscriptionRow> {
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
      created_at: startedAt,
    })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return normalise(row);
}

/** Locks the account row for the rest of the transaction, so two requests cannot both start a trial. */
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
