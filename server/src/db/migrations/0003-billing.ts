import type { Kysely } from 'kysely';
import { runSqlScript } from './sql-script';

/** Billing details (one set per account) and discount coupons for price quotes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
    CREATE TABLE billing_details (
      account_id uuid PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
      type text NOT NULL CHECK (type IN ('personal', 'business')),
      first_name text NOT NULL,
      last_name text NOT NULL,
      company_name text,
      line1 text NOT NULL,
      line2 text,
      city text NOT NULL,
      postal_code text NOT NULL,
      state text,
      -- ISO 3166-1 alpha-2
      country text NOT NULL,
      tax_number text,
      -- the tax number passed its country's format check; EU reverse charge needs it
      tax_number_valid boolean NOT NULL DEFAULT false,
      phone_number text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE coupons (
      code text PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('percent', 'fixed')),
      percent integer CHECK (percent BETWEEN 1 AND 100),
      -- fixed discounts are in minor units of one currency
      amount_minor integer CHECK (amount_minor > 0),
      currency text CHECK (currency IN ('usd', 'eur', 'pln', 'czk', 'gbp')),
      -- null = every plan / period
      plans text[],
      periods text[],
      first_purchase_only boolean NOT NULL DEFAULT false,
      expires_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((kind = 'percent' AND percent IS NOT NULL AND amount_minor IS NULL)
          OR (kind = 'fixed' AND amount_minor IS NOT NULL AND currency IS NOT NULL AND percent IS NULL))
    )
    `,
  );
}
