import type { Account } from '@cuewave/contract/account';
import type { Db } from '../../db/client';
import type { FeatureDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import type { AccountRow } from './account.repo';

export const emailTaken = () =>
  new AppError('EMAIL_TAKEN', 'An account with this email already exists. Sign in instead.');

/** What the account services need: everything but file storage. */
export type AccountDeps = Omit<FeatureDeps, 'storage'>;

/**
 * The deps for work inside one transaction: every query, and an outbox email, go through `trx`, so the
 * change and the message announcing it commit or roll back together.
 */
export function withTransaction(deps: AccountDeps, trx: Db): AccountDeps {
  const email = deps.providers.email.inTransaction?.(trx) ?? deps.providers.email;
  return { ...deps, db: trx, providers: { ...deps.providers, email } };
}

/** The API's view of an account row: never the password hash or the token version. */
export function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    email: row.email,
    confirmedEmail: row.confirmed_email,
    pendingEmail: row.pending_email,
    phone: row.phone,
    confirmedPhone: row.confirmed_phone,
    newsletter: row.newsletter,
    mobileNotifications: row.mobile_notifications,
    rating: row.rating,
    signupPlan: row.signup_plan,
    signupPeriod: row.signup_period,
    language: row.language,
    createTS: row.created_at.toISOString(),
  };
}
