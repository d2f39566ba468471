import type { Kysely } from 'kysely';
import { runSqlScript } from './sql-script';

/**
 * Paid subscriptions (decision 045): what was paid for the current period (the upgrade credit is
 * based on it), the card it renews from, a change waiting for the period end, the failed-renewal
 * retry schedule, and the card fingerprint a trial was started with (one trial per card).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
    ALTER TABLE subscriptions
      -- net price, tax and total of the current period (minor units of currency); null for a trial
      ADD COLUMN price integer CHECK (price >= 0),
      ADD COLUMN tax integer CHECK (tax >= 0),
      ADD COLUMN total integer CHECK (total >= 0),
      ADD COLUMN tax_percentage numeric(5, 2),
      ADD COLUMN coupon text,
      ADD COLUMN period_started_at timestamptz,
      ADD COLUMN payment_method_id uuid REFERENCES payment_methods(id) ON DELETE SET NULL,
      -- a downgrade (plan, period, channels kept) or period change applied at next_pay_at
      ADD COLUMN pending_plan text CHECK (pending_plan IN ('trial', 'start', 'advanced', 'professional', 'enterprise')),
      ADD COLUMN pending_period text CHECK (pending_period IN ('month', 'year')),
      ADD COLUMN pending_channels jsonb,
      ADD COLUMN change_requested_at timestamptz,
      -- the card charges of new / upgrade / renew: idempotency key sub:{id}:{charge_attempt}
      ADD COLUMN charge_attempt integer NOT NULL DEFAULT 0,
      -- the payment that paid the current state (a succeeded charge is applied once)
      ADD COLUMN last_payment_id uuid REFERENCES payments(id) ON DELETE SET NULL,
      -- failed renewals of the current due date, and when the job tries the card again
      ADD COLUMN renewal_attempts integer NOT NULL DEFAULT 0,
      ADD COLUMN next_retry_at timestamptz,
      ADD COLUMN cancelled_at timestamptz,
      ADD COLUMN trial_fingerprint text,
      ADD COLUMN updated_at timestamptz;

    -- the renewal job's scan: live subscriptions by due time
    CREATE INDEX subscriptions_due_idx ON subscriptions (next_pay_at)
      WHERE status IN ('active', 'payment', 'cancelled');
    CREATE INDEX subscriptions_retry_idx ON subscriptions (next_retry_at) WHERE status = 'payment';
    CREATE INDEX subscriptions_pending_idx ON subscriptions (created_at) WHERE status = 'pending';
    CREATE INDEX subscriptions_trial_fingerprint_idx ON subscriptions (trial_fingerprint)
      WHERE trial_fingerprint IS NOT NULL
    `,
  );
}
