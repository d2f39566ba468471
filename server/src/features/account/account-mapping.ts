import type { Account } from '@cuewave/contract/account';
import type { FeatureDeps } from '../../deps';
import type { AccountRow } from './account.repo';

/** What the account services need: everything but file storage. */
export type AccountDeps = Omit<FeatureDeps, 'storage'>;

/** The API's view of an account row: never the password hash or the token version. */
export function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    email: row.email,
    confirmedEmail: row.confirmed_email,
    phone: row.phone,
    confirmedPhone: row.confirmed_phone,
    newsletter: row.newsletter,
    mobileNotifications: row.mobile_notifications,
    rating: row.rating,
    signupPlan: row.signup_plan,
    signupPeriod: row.signup_period,
    createTS: row.created_at.toISOString(),
  };
}
