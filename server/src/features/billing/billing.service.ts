import type { BillingDetails, BillingSaveResult } from '@cuewave/contract/billing';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { selectBilling, upsertBilling, type BillingRow } from './billing.repo';
import { validateBilling, type ParsedBillingInput } from './billing-validation';

export type BillingDeps = { db: Db; clock: Clock };

export type BillingForTax = {
  country: string;
  state: string | null;
  type: 'personal' | 'business';
  taxNumberValid: boolean;
};

function toDetails(row: BillingRow): BillingDetails {
  return {
    type: row.type,
    firstName: row.first_name,
    lastName: row.last_name,
    companyName: row.company_name,
    city: row.city,
    postalCode: row.postal_code,
    line1: row.line1,
    line2: row.line2,
    taxNumber: row.tax_number,
    taxNumberValid: row.tax_number_valid,
    phoneNumber: row.phone_number,
    country: row.country,
    state: row.state,
    updateTS: new Date(row.updated_at).toISOString(),
  };
}

/** What the price quote needs to pick the tax rule (spec §5); null when the account has no details. */
export async function getBillingForTax(deps: { db: Db }, accountId: string): Promise<BillingForTax | null> {
  const row = await selectBilling(deps.db, accountId);
  if (!row) return null;
  return { country: row.country, state: row.state, type: row.type, taxNumberValid: row.tax_number_valid };
}

/** The account's billing details; 400 'billing details not found' tells the web registration is incomplete (spec §8). */
export async function getBilling(deps: { db: Db }, accountId: string): Promise<BillingDetails> {
  const row = await selectBilling(deps.db, accountId);
  if (!row) throw new AppError('billing details not found', 'No billing details have been saved yet.');
  return toDetails(row);
}

/** Creates or replaces the account's billing details after the country rules. */
export async function saveBilling(
  deps: BillingDeps,
  accountId: string,
  input: ParsedBillingInput,
): Promise<BillingSaveResult> {
  const { values, taxNumberMessage } = validateBilling(input);
  const row = await upsertBilling(deps.db, accountId, values, deps.clock.now());
  return { billing: toDetails(row), taxNumberMessage };
}
