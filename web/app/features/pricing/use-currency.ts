import { useCallback } from 'react';
import type { Currency } from '@cuewave/contract/pricing';
import { parseCurrency, rememberedWins, type CurrencySource } from './currency';
import { useSearchChoice } from './use-search-choice';

export type UseCurrencyOptions = {
  /** What the loader resolved (spec §4) and why. */
  currency: Currency;
  source: CurrencySource;
  /** A currency picked earlier in this browser session (signup state), if any. */
  remembered?: string | null;
  /** Keeps a pick for the next pages (the signup state). */
  remember?: (currency: Currency) => void;
  /** Write the pick into the address (?currency=). */
  syncUrl?: boolean;
};

/**
 * The currency prices are shown in, and the picker's setter. The address wins, then a pick remembered
 * from earlier in the session (only over a guess from location), then the loader's answer.
 */
export function useCurrency({
  currency,
  source,
  remembered = null,
  remember,
  syncUrl = true,
}: UseCurrencyOptions): [Currency, (next: Currency) => void] {
  const [fromUrl, setInUrl] = useSearchChoice('currency', syncUrl);
  const current = parseCurrency(fromUrl) ?? (rememberedWins(source) ? parseCurrency(remembered) : null) ?? currency;
  const set = useCallback(
    (next: Currency) => {
      setInUrl(next);
      remember?.(next);
    },
    [setInUrl, remember],
  );
  return [current, set];
}
