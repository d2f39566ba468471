import type { Kysely } from 'kysely';
import { runSqlScript } from './sql-script';

/**
 * Accounts and sessions: accounts, refresh-token families, one-time tokens, verification codes,
 * the email/SMS outbox, server secrets (JWT signing keys, captcha HMAC key) shared by every
 * instance, and the first subscriptions table (trials; paid plans extend it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
    CREATE TABLE accounts (
      id uuid PRIMARY KEY,
      email text NOT NULL,
      password_hash text NOT NULL,
      confirmed_email boolean NOT NULL DEFAULT false,
      phone text,
      confirmed_phone boolean NOT NULL DEFAULT false,
      newsletter boolean NOT NULL DEFAULT false,
      mobile_notifications boolean NOT NULL DEFAULT false,
      rating smallint CHECK (rating BETWEEN 1 AND 5),
      signup_plan text CHECK (signup_plan IN ('trial', 'start', 'advanced', 'professional', 'enterprise')),
      signup_period text CHECK (signup_period IN ('month', 'year')),
      -- bumped on password change or 'sign out everywhere'; access tokens carry it and die with it
      token_version integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX accounts_email_idx ON accounts (lower(email));

    -- one row per refresh token; a family is one sign-in and every token rotated from it
    CREATE TABLE refresh_tokens (
      id uuid PRIMARY KEY,
      family_id uuid NOT NULL,
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      revoked_at timestamptz
    );
    CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
    CREATE INDEX refresh_tokens_account_idx ON refresh_tokens (account_id);

    -- sign-in links (ott), password-reset links, email verification links: stored hashed, single use
    CREATE TABLE one_time_tokens (
      id uuid PRIMARY KEY,
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('signin', 'password_reset', 'email_verify')),
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX one_time_tokens_account_idx ON one_time_tokens (account_id, purpose);

    -- 6-digit codes sent by email or SMS; target is the address or number the code proves
    CREATE TABLE verification_codes (
      id uuid PRIMARY KEY,
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      channel text NOT NULL CHECK (channel IN ('email', 'phone')),
      target text NOT NULL,
      code_hash text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      consumed_at timestamptz
    );
    CREATE INDEX verification_codes_account_idx ON verification_codes (account_id, channel, created_at);

    -- every email and SMS the store sends; the embedded default delivers nowhere else
    CREATE TABLE outbox_messages (
      id uuid PRIMARY KEY,
      -- insertion order, so messages sent in the same instant still list newest first
      seq bigserial NOT NULL,
      channel text NOT NULL CHECK (channel IN ('email', 'sms')),
      recipient text NOT NULL,
      subject text,
      text_body text NOT NULL,
      html_body text,
      template text NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX outbox_messages_recipient_idx ON outbox_messages (lower(recipient), created_at);

    CREATE TABLE server_secrets (
      name text PRIMARY KEY,
      value text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    -- JWT signing keys; the newest active key signs, every unexpired key verifies
    CREATE TABLE signing_keys (
      kid text PRIMARY KEY,
      algorithm text NOT NULL,
      private_jwk text NOT NULL,
      public_jwk text NOT NULL,
      created_at timestamptz NOT NULL,
      retire_at timestamptz NOT NULL
    );

    CREATE TABLE subscriptions (
      id uuid PRIMARY KEY,
      account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      plan text NOT NULL CHECK (plan IN ('trial', 'start', 'advanced', 'professional', 'enterprise')),
      status text NOT NULL CHECK (status IN ('active', 'payment', 'pending', 'cancelled', 'ended')),
      pay_period text CHECK (pay_period IN ('month', 'year')),
      currency text,
      started_at timestamptz NOT NULL,
      next_pay_at timestamptz,
      ended_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX subscriptions_account_idx ON subscriptions (account_id, created_at)
    `,
  );
}
