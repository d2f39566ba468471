import { useEffect, useState } from 'react';
import type { PriceQuote } from '@cuewave/contract/pricing';
import { useTranslation } from 'react-i18next';
import { useApiErrorText } from '../registration/error-messages';
import { getQuote, type QuoteRequest } from './api';

export type QuoteState = {
  quote: PriceQuote | null;
  loading: boolean;
  error: string | null;
};

/**
 * The live price quote (GET /v1/subscription/price/{plan}/{period}) for the checkout and the plan
 * changes of the dashboard: asked again whenever the plan, period, currency, coupon or upgrade flag
 * changes; an answer to an older question is dropped. A null request asks nothing.
 * `version` forces a fresh quote (e.g. after the billing country changed the tax).
 */
export function useQuote(request: QuoteRequest | null, version = 0): QuoteState {
  const { t } = useTranslation('checkout');
  const friendlyError = useApiErrorText();
  const [state, setState] = useState<QuoteState>({ quote: null, loading: request !== null, error: null });
  const key = request
    ? JSON.stringify([request.plan, request.period, request.currency, request.coupon, request.upgrade])
    : null;

  useEffect(() => {
    if (!request) return;
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true, error: null }));
    getQuote(request, controller.signal).then(
      (quote) => setState({ quote, loading: false, error: null }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ quote: null, loading: false, error: t('quote.failed', { reason: friendlyError(error) }) });
      },
    );
    return () => controller.abort();
    // `key` stands for the request's fields.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, version]);

  return state;
}
