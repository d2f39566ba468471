import { useCallback } from 'react';
import type { BillingType } from './period-toggle';
import { useSearchChoice } from './use-search-choice';

export type UsePeriodOptions = {
  /** The billing type of the signup state (spec §3: yearly by default). */
  remembered: BillingType;
  remember?: (billingType: BillingType) => void;
  syncUrl?: boolean;
};

export const parseBillingType = (value: unknown): BillingType | null =>
  value === 'monthly' || value === 'yearly' ? value : null;

/** Monthly or yearly: the address (?period=) wins, then the signup state. */
export function usePeriod({
  remembered,
  remember,
  syncUrl = true,
}: UsePeriodOptions): [BillingType, (next: BillingType) => void] {
  const [fromUrl, setInUrl] = useSearchChoice('period', syncUrl);
  const current = parseBillingType(fromUrl) ?? remembered;
  const set = useCallback(
    (next: BillingType) => {
      setInUrl(next);
      remember?.(next);
    },
    [setInUrl, remember],
  );
  return [current, set];
}
