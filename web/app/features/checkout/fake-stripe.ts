import { vi } from 'vitest';
import type { StripeCardElement, StripeCardElementChangeEvent } from '@stripe/stripe-js';
import type { PaymentConfig } from '@cuewave/contract/payment';
import type { PaymentProcessorDeps } from './payment-processor';
import type { StripeLike } from './stripe-glue';

/** Test-only: a stand-in for stripe.js (injected through PaymentProcessorContext, no module mocks). */
export type FakeCardElement = {
  mount: ReturnType<typeof vi.fn>;
  destroy: ReturnType<typeof vi.fn>;
  focus: ReturnType<typeof vi.fn>;
  clear: ReturnType<typeof vi.fn>;
  update: ReturnType<typeof vi.fn>;
  on: (event: string, handler: (event: StripeCardElementChangeEvent) => void) => void;
  /** Fires the Element's change event as Stripe would while the cardholder types. */
  emit: (change: Partial<StripeCardElementChangeEvent>) => void;
};

export function fakeCardElement(): FakeCardElement {
  const handlers: ((event: StripeCardElementChangeEvent) => void)[] = [];
  return {
    mount: vi.fn(),
    destroy: vi.fn(),
    focus: vi.fn(),
    clear: vi.fn(),
    update: vi.fn(),
    on: (event, handler) => {
      if (event === 'change') handlers.push(handler);
    },
    emit: (change) => {
      const event = { elementType: 'card', empty: false, complete: false, error: undefined, ...change };
      for (const handler of handlers) handler(event as StripeCardElementChangeEvent);
    },
  };
}

/** A Stripe-like object whose calls are vi.fn mocks; the Elements it created are in `elements`. */
export function fakeStripe() {
  const elements: FakeCardElement[] = [];
  const stripe = {
    elements: vi.fn(() => ({
      create: vi.fn(() => {
        const element = fakeCardElement();
        elements.push(element);
        return element as unknown as StripeCardElement;
      }),
    })),
    // Untyped mocks: the tests answer with partial Stripe objects.
    confirmCardSetup: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
    handleNextAction: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
  };
  return { stripe: stripe as unknown as StripeLike & typeof stripe, elements };
}

export const SANDBOX_CONFIG: PaymentConfig = { provider: 'sandbox', publishableKey: null };
export const STRIPE_CONFIG: PaymentConfig = { provider: 'stripe', publishableKey: 'pk_test_123' };

export function processorDeps(
  config: PaymentConfig,
  stripe?: StripeLike,
): PaymentProcessorDeps & {
  loadStripe: ReturnType<typeof vi.fn>;
} {
  return {
    loadConfig: () => Promise.resolve(config),
    loadStripe: vi.fn(() => (stripe ? Promise.resolve(stripe) : Promise.reject(new Error('stripe.js blocked')))),
  };
}
