import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/client';
import type { BillingDetailsTable } from '../../db/schema';

export type BillingRow = Selectable<BillingDetailsTable>;
export type BillingWrite = Omit<Insertable<BillingDetailsTable>, 'account_id' | 'created_at' | 'updated_at'>;

/** The account's billing details; one row per account (account_id is the key). */
export async function selectBilling(db: Db, accountId: string): Promise<BillingRow | undefined> {
  return db.selectFrom('billing_details').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

/** Creates or replaces the account's billing details. */
export async function upsertBilling(db: Db, accountId: string, values: BillingWrite, now: Date): Promise<BillingRow> {
  return db
    .insertInto('billing_details')
    .values({ ...values, account_id: accountId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...values, updated_at: now }))
    .returningAll()
    .executeTakeFirstOrThrow();
}
