import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import type { PaymentConfig } from '@cuewave/contract/payment';
import { getPaymentConfig } from './api';
import type { StripeLike } from './stripe-glue';

/**
 * Which card processor the page talks to (decision 043): the embedded sandbox or Stripe. The web
 * asks GET /v1/payment/config once per page load and loads stripe.js only when the answer is
 * Stripe, so the sandbox path never contacts anything but our API.
 */
export type PaymentProcessorDeps = {
  loadConfig: () => Promise<PaymentConfig>;
  loadStripe: (publishableKey: string) => Promise<StripeLike>;
};

let configPromise: Promise<PaymentConfig> | null = null;

/** The config, asked once per page load; a failed request is asked again next time. */
function loadConfigOnce(): Promise<PaymentConfig> {
  configPromise ??= getPaymentConfig().catch((error: unknown) => {
    configPromise = null;
    throw error;
  });
  return configPromise;
}

const stripePromises = new Map<string, Promise<StripeLike>>();

/**
 * stripe.js for the key. The `pure` entry adds Stripe's script tag only when loadStripe is called
 * (the main entry adds it as soon as the module is imported), and the dynamic import keeps the
 * loader out of the sandbox's bundle.
 */
function loadStripeOnce(publishableKey: string): Promise<StripeLike> {
  let promise = stripePromises.get(publishableKey);
  if (!promise) {
    promise = import('@stripe/stripe-js/pure')
      // Stripe words its Element and its card messages in the page's language (decision 075).
      .then(({ loadStripe }) =>
        loadStripe(publishableKey, { locale: document.documentElement.lang === 'pl' ? 'pl' : 'en' }),
      )
      .then((stripe) => {
        if (!stripe) throw new Error('stripe.js is not available here');
        return stripe as StripeLike;
      })
      .catch((error: unknown) => {
        stripePromises.delete(publishableKey);
        throw error;
      });
    stripePromises.set(publishableKey, promise);
  }
  return promise;
}

/** Tests provide their own (a fixed config, a Stripe-like object) through this context. */
export const PaymentProcessorContext = createContext<PaymentProcessorDeps>({
  loadConfig: loadConfigOnce,
  loadStripe: loadStripeOnce,
});

export const usePaymentProcessorDeps = () => useContext(PaymentProcessorContext);

export type Loadable<T> =
  { status: 'loading' } | { status: 'failed'; retry: () => void } | { status: 'ready'; value: T };

/** Runs `load` after mount (never during server rendering) and again on retry. */
function useLoadable<T>(load: (() => Promise<T>) | null): Loadable<T> {
  const [state, setState] = useState<Loadable<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    if (!load) return;
    let live = true;
    setState({ status: 'loading' });
    load().then(
      (value) => live && setState({ status: 'ready', value }),
      () => live && setState({ status: 'failed', retry }),
    );
    return () => {
      live = false;
    };
  }, [load, attempt, retry]);

  return state;
}

/** The server's processor: `loading` until the config arrived (the card fields wait for it). */
export function usePaymentConfig(): Loadable<PaymentConfig> {
  const { loadConfig } = usePaymentProcessorDeps();
  return useLoadable(loadConfig);
}

/** stripe.js for the key, or stays `loading` while there is no key (the sandbox). */
export function useStripe(publishableKey: string | null): Loadable<StripeLike> {
  const { loadStripe } = usePaymentProcessorDeps();
  const load = useCallback(
    () => (publishableKey ? loadStripe(publishableKey) : Promise.reject(new Error('no publishable key'))),
    [loadStripe, publishableKey],
  );
  return useLoadable(publishableKey ? load : null);
}
