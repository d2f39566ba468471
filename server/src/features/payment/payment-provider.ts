import type { PaymentProvider } from '../../providers/payments/payments';
import type { Providers } from '../../providers/providers';

/** The app's card processor: the sandbox by default, Stripe when configured (decision 043). */
export function paymentProviderFor(deps: { providers: Providers }): PaymentProvider {
  return deps.providers.payments;
}
