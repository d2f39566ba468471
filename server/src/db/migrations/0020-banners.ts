import type { Kysely } from 'kysely';
import { runSqlScript } from './sql-script';

/**
 * Promotional banners (issue 15, decision 072), each tied to a coupon and open for a window of time;
 * and a third kind of coupon, `price`: the first period costs a set amount (the US launch banner's
 * "first month for $0.99"), which neither a percentage nor an amount off can say for every plan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
    ALTER TABLE coupons DROP CONSTRAINT coupons_kind_check;
    ALTER TABLE coupons DROP CONSTRAINT coupons_check;
    ALTER TABLE coupons ADD CONSTRAINT coupons_kind_check CHECK (kind IN ('percent', 'fixed', 'price'));
    ALTER TABLE coupons ADD CONSTRAINT coupons_check CHECK (
      (kind = 'percent' AND percent IS NOT NULL AND amount_minor IS NULL)
      OR (kind IN ('fixed', 'price') AND amount_minor IS NOT NULL AND currency IS NOT NULL AND percent IS NULL)
    );

    CREATE TABLE banners (
      id uuid PRIMARY KEY,
      variant text NOT NULL CHECK (variant IN ('womensDay', 'aprilsFool', 'easter', 'starWars', 'childrensDay',
        'musicDay', 'midSummer', 'usLaunch')),
      coupon_code text NOT NULL REFERENCES coupons (code),
      edition text NOT NULL CHECK (edition IN ('all', 'eu', 'us')),
      starts_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (ends_at > starts_at)
    );
    -- The public read looks only at banners that have not ended.
    CREATE INDEX banners_ends_at_idx ON banners (ends_at);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('migrations are forward-only');
}
