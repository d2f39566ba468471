import Stripe from 'stripe';

export type StripeClientOptions = {
  secretKey: string;
  /** Tests point the SDK at a local server replaying recorded responses; production uses api.stripe.com. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** The SDK retries network failures and 409/5xx with the same idempotency key (safe for our charges). */
  maxNetworkRetries?: number;
  timeoutMs?: number;
};

/**
 * The official SDK, pinned to the API version it was generated for (so objects keep the shape our
 * mapping and recorded fixtures expect whatever the account's default version is). Telemetry is off:
 * no request timings are reported to Stripe in a header.
 */
export function createStripeClient(opts: StripeClientOptions): Stripe {
  return new Stripe(opts.secretKey, {
    apiVersion: Stripe.API_VERSION,
    maxNetworkRetries: opts.maxNetworkRetries ?? 2,
    timeout: opts.timeoutMs ?? 20_000,
    telemetry: false,
    appInfo: { name: 'Cuewave' },
    ...(opts.host ? { host: opts.host } : {}),
    ...(opts.port ? { port: opts.port } : {}),
    ...(opts.protocol ? { protocol: opts.protocol } : {}),
  });
}
