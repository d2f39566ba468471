import type { Kysely } from 'kysely';
import { runSqlScript } from './sql-script';

/**
 * VAT invoices and itemised discounts (decision 052). A payment is documented either by a receipt
 * (CW-{year}-{n}) or, for a business buyer with a valid tax number, by a VAT invoice with its own
 * gap-free series (FV/{year}/{month}/{n}); the kind is fixed when the payment is made, from the buyer
 * snapshot. The list price, coupon and upgrade credit are frozen beside the amounts so every document
 * shows how the net price came about. Rows from before this migration are receipts without a
 * discount breakdown. tax_percentage widens to three decimals (Minnesota's 6.875 %).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSqlScript(
    db,
    `
    ALTER TABLE payments ADD COLUMN document_kind text NOT NULL DEFAULT 'receipt'
      CHECK (document_kind IN ('receipt', 'invoice'));
    ALTER TABLE payments ADD COLUMN invoice_number text UNIQUE;
    ALTER TABLE payments ADD COLUMN list_price integer CHECK (list_price >= 0);
    ALTER TABLE payments ADD COLUMN coupon_code text;
    ALTER TABLE payments ADD COLUMN coupon_percent integer CHECK (coupon_percent BETWEEN 1 AND 100);
    ALTER TABLE payments ADD COLUMN coupon_discount integer NOT NULL DEFAULT 0 CHECK (coupon_discount >= 0);
    ALTER TABLE payments ADD COLUMN upgrade_credit integer NOT NULL DEFAULT 0 CHECK (upgrade_credit >= 0);
    ALTER TABLE payments ALTER COLUMN tax_percentage TYPE numeric(6, 3)
    `,
  );
}
