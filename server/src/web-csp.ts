import { randomBytes } from 'node:crypto';

/** The outside services the pages may load code from: only those the configured providers need. */
export type ThirdParties = {
  stripe: boolean;
  recaptcha: boolean;
  /** Where presigned download URLs point when files live in an S3-compatible bucket (decision 057). */
  storageOrigin?: string | null;
  /** Analytics and error reporting the operator configured (decision 071); each allowed only when set. */
  telemetry?: PageTelemetry;
};

/** What a page gets to load analytics and error reporting (web/app/lib/telemetry.ts has the same shape). */
export type PageTelemetry = {
  gtmId: string | null;
  hotjarId: string | null;
  sentry: { dsn: string; environment: string; tracesSampleRate: number } | null;
};

export const NO_TELEMETRY: PageTelemetry = { gtmId: null, hotjarId: null, sentry: null };

/** A fresh nonce for one page: 128 random bits, base64 (CSP3 nonce-source). */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The Content-Security-Policy of a server-rendered page (architecture §5, decision 046). Scripts run
 * only from our origin or inline with this page's nonce (React Router's hydration data and scroll
 * restoration carry it), so an injected script does not run. Styles allow inline attributes because
 * React renders `style` props. Stripe and reCAPTCHA are allowed only when they are configured.
 */
export function contentSecurityPolicy(nonce: string, third: ThirdParties): string {
  const script = ["'self'", `'nonce-${nonce}'`];
  const connect = ["'self'"];
  // The development mailbox shows emails in a sandboxed srcdoc frame of our own origin.
  const frame = ["'self'"];
  const img = ["'self'", 'data:', 'blob:'];
  const font = ["'self'", 'data:'];
  const style = ["'self'", "'unsafe-inline'"];
  if (third.stripe) {
    // Stripe's published requirements for stripe.js, Elements and the 3-D Secure frame.
    script.push('https://js.stripe.com', 'https://*.js.stripe.com');
    connect.push('https://api.stripe.com');
    frame.push('https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com');
    img.push('https://*.stripe.com');
  }
  // Downloads fetch the bucket's presigned URLs directly (to save or zip them in the page).
  if (third.storageOrigin) connect.push(third.storageOrigin);
  if (third.recaptcha) {
    script.push('https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/');
    connect.push('https://www.google.com/recaptcha/');
    frame.push('https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/');
  }
  const telemetry = third.telemetry ?? NO_TELEMETRY;
  if (telemetry.gtmId) {
    // Google's CSP guide for Tag Manager (and the Google Analytics 4 tags a container usually holds).
    script.push('https://www.googletagmanager.com');
    img.push('https://www.googletagmanager.com', 'https://*.google-analytics.com');
    connect.push(
      'https://www.googletagmanager.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
    );
    frame.push('https://www.googletagmanager.com');
  }
  if (telemetry.hotjarId) {
    // Hotjar's published requirements for its tracking code and session recording.
    script.push('https://*.hotjar.com');
    connect.push('https://*.hotjar.com', 'https://*.hotjar.io', 'wss://*.hotjar.com');
    img.push('https://*.hotjar.com');
    font.push('https://*.hotjar.com');
    style.push('https://*.hotjar.com');
    frame.push('https://*.hotjar.com');
  }
  // The browser SDK posts its envelopes to the DSN's host.
  if (telemetry.sentry) connect.push(new URL(telemetry.sentry.dsn).origin);
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', script],
    ['style-src', style],
    ['img-src', img],
    ['media-src', ["'self'", 'blob:']],
    ['font-src', font],
    ['connect-src', connect],
    ['frame-src', frame],
    ['worker-src', ["'self'", 'blob:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}
