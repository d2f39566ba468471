import type { Kysely } from 'kysely';
import { runSqlScript } from './sql-script';

/**
 * Saved cards (only brand, last four digits, expiry and a fingerprint), payments with idempotency
 * keys, the channels a licence covers, and issued licence certificates with their public codes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
    CREATE TABLE payment_methods (
      id uuid PRIMARY KEY,
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      provider text NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
      -- the provider's id of the card (sandbox token or Stripe pm_...), never the number
      provider_ref text NOT NULL,
      brand text NOT NULL,
      last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
      exp_month smallint NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
      exp_year smallint NOT NULL,
      -- the same card number always gives the same fingerprint (one trial per card)
      fingerprint text NOT NULL,
      is_default boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX payment_methods_account_idx ON payment_methods (account_id);
    CREATE UNIQUE INDEX payment_methods_default_idx ON payment_methods (account_id) WHERE is_default;

    CREATE TABLE payments (
      id uuid PRIMARY KEY,
      -- kept (without the account) after an account is deleted: receipts are accounting records
      account_id uuid REFERENCES accounts(id) ON DELETE SET NULL,
      subscription_id uuid REFERENCES subscriptions(id) ON DELETE SET NULL,
      payment_method_id uuid REFERENCES payment_methods(id) ON DELETE SET NULL,
      provider text NOT NULL CHECK (provider IN ('sandbox', 'stripe')),
      provider_ref text,
      -- a retried or double-clicked payment reuses its key and never charges twice
      idempotency_key text NOT NULL UNIQUE,
      status text NOT NULL CHECK (status IN ('pending', 'requires_action', 'succeeded', 'failed')),
      failure_code text,
      description text NOT NULL,
      currency text NOT NULL CHECK (currency IN ('usd', 'eur', 'pln', 'czk', 'gbp')),
      price integer NOT NULL CHECK (price >= 0),
      tax integer NOT NULL CHECK (tax >= 0),
      total integer NOT NULL CHECK (total = price + tax),
      tax_percentage numeric(5, 2) NOT NULL,
      -- buyer details as they were when charged, so a receipt never changes afterwards
      buyer jsonb NOT NULL,
      receipt_number text UNIQUE,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    );
    CREATE INDEX payments_account_idx ON payments (account_id, created_at);

    CREATE TABLE channels (
      id uuid PRIMARY KEY,
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      type text NOT NULL CHECK (type IN ('youtube', 'tiktok', 'instagram', 'facebook', 'twitch', 'x', 'vimeo', 'podcast', 'website')),
      url text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX channels_account_url_idx ON channels (account_id, lower(url));

    CREATE TABLE licences (
      id uuid PRIMARY KEY,
      -- the public verification code printed on the certificate and in its QR code
      code text NOT NULL UNIQUE,
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      subscription_id uuid NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
      licensee text NOT NULL,
      plan text NOT NULL,
      valid_from timestamptz NOT NULL,
      valid_until timestamptz,
      channels jsonb NOT NULL,
      issued_at timestamptz NOT NULL,
      -- a newer certificate for the same subscription (e.g. after a channel change) replaces this one
      superseded_at timestamptz
    );
    CREATE INDEX licences_subscription_idx ON licences (subscription_id, issued_at)
    `,
  );
}
