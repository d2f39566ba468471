import type { Kysely } from 'kysely';
import { runSqlScript } from './sql-script';

/**
 * The Stripe Customer of each account (decision 043): created on the first card saved or charged
 * with Stripe and reused for every later card and PaymentIntent. Only the id is kept; the email and
 * cards live at Stripe and in payment_methods.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
    CREATE TABLE stripe_customers (
      account_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
      -- cus_..., one per account
      customer_id text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    )
    `,
  );
}
