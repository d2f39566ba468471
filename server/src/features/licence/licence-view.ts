import { randomBytes } from 'node:crypto';
import { LICENCE_CODE_ALPHABET, type LicenceStatus } from '@cuewave/contract/licence';
import type { LicenceRow, LicenceSubscription } from './licence.repo';

/**
 * A fresh public code, CW-XXXX-XXXX: 8 symbols of a 32-symbol alphabet, 5 random bits each (40 bits),
 * from the CSPRNG. 32 divides 256, so taking each byte modulo 32 keeps every symbol equally likely.
 */
export function newLicenceCode(): string {
  const bytes = randomBytes(8);
  const symbols = [...bytes].map((b) => LICENCE_CODE_ALPHABET[b % 32]!).join('');
  return `CW-${symbols.slice(0, 4)}-${symbols.slice(4)}`;
}

/** j***@example.com: the verify page is public, the licensee's mailbox is not. */
export function maskEmail(value: string): string {
  const at = value.lastIndexOf('@');
  if (at < 1) return value;
  return `${value[0]}***${value.slice(at)}`;
}

export const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+$/.test(value);

const LIVE = new Set<LicenceSubscription['status']>(['active', 'payment', 'pending', 'cancelled']);

/**
 * A certificate's standing now (decision 044). A newer certificate makes it superseded. Otherwise it
 * is valid until its end: the period end printed on it, carried forward while the same subscription
 * renews on the same plan (a renewal does not make creators re-send certificates), cut short when
 * the subscription ended early. After a plan change the old plan's certificate runs out at its own
 * period end.
 */
export function licenceStanding(
  licence: Pick<LicenceRow, 'plan' | 'valid_until' | 'superseded_at'>,
  subscription: Pick<LicenceSubscription, 'plan' | 'status' | 'next_pay_at' | 'ended_at'>,
  now: Date,
): { status: LicenceStatus; validUntil: Date | null } {
  let until = licence.valid_until;
  if (
    LIVE.has(subscription.status) &&
    subscription.plan === licence.plan &&
    subscription.next_pay_at &&
    until &&
    subscription.next_pay_at > until
  ) {
    until = subscription.next_pay_at;
  }
  if (subscription.ended_at && (!until || subscription.ended_at < until)) until = subscription.ended_at;
  if (licence.superseded_at) return { status: 'superseded', validUntil: until };
  const expired = subscription.status === 'ended' || (until !== null && now >= until);
  return { status: expired ? 'expired' : 'valid', validUntil: until };
}
