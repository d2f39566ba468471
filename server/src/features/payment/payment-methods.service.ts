import { randomUUID } from 'node:crypto';
import type { StoredPaymentMethod } from '@cuewave/contract/payment';
import { AppError, notFound } from '../../lib/errors';
import { getAccount } from '../account/account.service';
import { hasActivePaidSubscription } from '../subscription/subscription.service';
import type { FeatureDeps } from '../../deps';
import { paymentProviderFor } from './payment-provider';
import {
  deleteMethodRow,
  insertMethod,
  lockAccountMethods,
  selectMethod,
  selectMethodByFingerprint,
  selectMethods,
  setDefaultMethodRow,
  type PaymentMethodRow,
} from './payment.repo';

export type PaymentDeps = Omit<FeatureDeps, 'storage'>;

/** Enough for anyone; a cap keeps a script from filling the table through one account. */
export const MAX_SAVED_CARDS = 10;

/** Why the last card of a renewing subscription stays; the web says the same before the click. */
export const CARD_REQUIRED_MESSAGE =
  'This is the card your subscription renews with. Add another card before you remove it, or cancel the subscription.';

/** The only card fields any response shows (never the number, fingerprint or provider id). */
export function toStoredMethod(row: PaymentMethodRow, requiredForRenewal: boolean): StoredPaymentMethod {
  return {
    id: row.id,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.exp_month,
    expYear: row.exp_year,
    isDefault: row.is_default,
    requiredForRenewal,
  };
}

/**
 * The one rule for keeping a card (decision 043): the default card with no other card behind it,
 * while a paid subscription renews from it.
 */
async function cardRequired(
  deps: PaymentDeps,
  accountId: string,
  row: PaymentMethodRow,
  others: PaymentMethodRow[],
): Promise<boolean> {
  return row.is_default && others.length === 0 && (await hasActivePaidSubscription(deps, accountId));
}

/** The account's cards, each saying whether it may be removed now, so the page can say why before the click. */
export async function listMethods(deps: PaymentDeps, accountId: string): Promise<StoredPaymentMethod[]> {
  const rows = await selectMethods(deps.db, accountId);
  const required = rows.length === 1 ? await cardRequired(deps, accountId, rows[0]!, []) : false;
  return rows.map((row) => toStoredMethod(row, required));
}

/**
 * Saves the card a token stands for. The first card becomes the default; a card the account has
 * saved before (same fingerprint) answers the existing one (`created` false) and the new provider
 * copy is detached again.
 */
export async function saveMethod(
  deps: PaymentDeps,
  accountId: string,
  token: string,
): Promise<{ method: StoredPaymentMethod; created: boolean }> {
  const account = await getAccount(deps, accountId);
  const provider = paymentProviderFor(deps);
  const result = await provider.saveCard({ customer: { accountId, email: account.email }, token });
  if (result.status === 'failed') throw new AppError('BAD_REQUEST', result.message);
  if (result.status === 'requires_action') {
    // Stripe's set-up step runs in stripe.js before the token reaches us; one still open means the
    // form did not finish it.
    throw new AppError('BAD_REQUEST', 'The card still needs to be authenticated. Enter the card again.');
  }

  const saved = await deps.db.transaction().execute(async (trx) => {
    await lockAccountMethods(trx, accountId);
    const existing = await selectMethodByFingerprint(trx, accountId, result.card.fingerprint);
    if (existing) return { row: existing, created: false };
    const count = (await selectMethods(trx, accountId)).length;
    if (count >= MAX_SAVED_CARDS) {
      throw new AppError('CONFLICT', `You can keep up to ${MAX_SAVED_CARDS} cards. Remove one first.`);
    }
    const row = await insertMethod(trx, {
      id: randomUUID(),
      account_id: accountId,
      provider: provider.kind,
      provider_ref: result.ref,
      brand: result.card.brand,
      last4: result.card.last4,
      exp_month: result.card.expMonth,
      exp_year: result.card.expYear,
      fingerprint: result.card.fingerprint,
      is_default: count === 0,
      created_at: deps.clock.now(),
    });
    return { row, created: true };
  });
  if (!saved.created) await detachQuietly(deps, result.ref);
  // Answered as the list shows it, so the card says whether it may be removed.
  const listed = (await listMethods(deps, accountId)).find((m) => m.id === saved.row.id);
  return { method: listed ?? toStoredMethod(saved.row, false), created: saved.created };
}

/**
 * Removes a card. The default goes only if another card takes over (the newest other one) or no paid
 * subscription would be left without a card to renew from.
 */
export async function deleteMethod(deps: PaymentDeps, accountId: string, id: string): Promise<StoredPaymentMethod[]> {
  // Every query inside uses trx: PGlite has one connection, a query on deps.db would wait for ever.
  const removed = await deps.db.transaction().execute(async (trx) => {
    await lockAccountMethods(trx, accountId);
    const row = await selectMethod(trx, accountId, id);
    if (!row) throw notFound('Payment method');
    const others = (await selectMethods(trx, accountId)).filter((m) => m.id !== id);
    if (await cardRequired({ ...deps, db: trx }, accountId, row, others)) {
      throw new AppError('PAYMENT_METHOD_REQUIRED', CARD_REQUIRED_MESSAGE);
    }
    await deleteMethodRow(trx, accountId, id);
    const successor = others.sort((a, b) => b.created_at.getTime() - a.created_at.getTime())[0];
    if (row.is_default && successor) await setDefaultMethodRow(trx, accountId, successor.id);
    return row;
  });
  await detachQuietly(deps, removed.provider_ref);
  return listMethods(deps, accountId);
}

export async function setDefaultMethod(
  deps: PaymentDeps,
  accountId: string,
  id: string,
): Promise<StoredPaymentMethod[]> {
  await deps.db.transaction().execute(async (trx) => {
    await lockAccountMethods(trx, accountId);
    if (!(await selectMethod(trx, accountId, id))) throw notFound('Payment method');
    await setDefaultMethodRow(trx, accountId, id);
  });
  return listMethods(deps, accountId);
}

/** Our row is gone either way; a card left attached at the provider is never charged again. */
async function detachQuietly(deps: PaymentDeps, ref: string): Promise<void> {
  try {
    await paymentProviderFor(deps).detachCard(ref);
  } catch {
    // Best effort by design (see above); nothing to tell the user.
  }
}
