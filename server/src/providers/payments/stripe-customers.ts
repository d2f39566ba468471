import type { Db } from '../../db/client';

/** Where the Stripe Customer id of each account is kept (table stripe_customers, migration 0006). */
export type StripeCustomerStore = {
  find(accountId: string): Promise<string | null>;
  /** Keeps the first id stored for the account and answers it (a racing save loses quietly). */
  save(accountId: string, customerId: string): Promise<string>;
};

export function createDbStripeCustomerStore(db: Db): StripeCustomerStore {
  return {
    async find(accountId) {
      const row = await db
        .selectFrom('stripe_customers')
        .select('customer_id')
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      return row?.customer_id ?? null;
    },
    async save(accountId, customerId) {
      await db
        .insertInto('stripe_customers')
        .values({ account_id: accountId, customer_id: customerId })
        .onConflict((oc) => oc.column('account_id').doNothing())
        .execute();
      const row = await db
        .selectFrom('stripe_customers')
        .select('customer_id')
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow();
      return row.customer_id;
    },
  };
}
