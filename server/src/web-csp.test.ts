import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, newNonce, NO_TELEMETRY } from './web-csp';

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

describe('content security policy', () => {
  it('lets scripts run only from the origin or with the page nonce, and allows no outside service by default', () => {
    const policy = contentSecurityPolicy('abc123', { stripe: false, recaptcha: false });
    expect(directive(policy, 'script-src')).toEqual(["'self'", "'nonce-abc123'"]);
    expect(directive(policy, 'connect-src')).toEqual(["'self'"]);
    expect(directive(policy, 'frame-src')).toEqual(["'self'"]);
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'base-uri')).toEqual(["'self'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'self'"]);
    expect(policy).not.toMatch(/unsafe-eval|stripe|google/);
  });

  it('opens exactly what stripe.js needs when Stripe is configured', () => {
    const policy = contentSecurityPolicy('n', { stripe: true, recaptcha: false });
    expect(directive(policy, 'script-src')).toContain('https://js.stripe.com');
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(directive(policy, 'frame-src')).toContain('https://hooks.stripe.com');
    expect(policy).not.toMatch(/google/);
  });

  it('opens Google’s reCAPTCHA paths when reCAPTCHA is configured', () => {
    const policy = contentSecurityPolicy('n', { stripe: false, recaptcha: true });
    expect(directive(policy, 'script-src')).toEqual([
      "'self'",
      "'nonce-n'",
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ]);
    expect(policy).not.toMatch(/stripe/);
  });

  it('lets pages fetch presigned downloads from the S3 bucket only when files live there', () => {
    const policy = contentSecurityPolicy('n', {
      stripe: false,
      recaptcha: false,
      storageOrigin: 'https://files.example',
    });
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://files.example']);
    expect(directive(policy, 'script-src')).not.toContain('https://files.example');
  });

  it('opens the tag manager, session recording and error reporting hosts only when each is configured', () => {
    const none = contentSecurityPolicy('n', { stripe: false, recaptcha: false, telemetry: NO_TELEMETRY });
    expect(none).not.toMatch(/googletagmanager|hotjar|sentry|127\.0\.0\.1/);
    const gtm = contentSecurityPolicy('n', {
      stripe: false,
      recaptcha: false,
      telemetry: { ...NO_TELEMETRY, gtmId: 'GTM-ABC1234' },
    });
    expect(directive(gtm, 'script-src')).toEqual(["'self'", "'nonce-n'", 'https://www.googletagmanager.com']);
    expect(directive(gtm, 'frame-src')).toContain('https://www.googletagmanager.com');
    expect(gtm).not.toMatch(/hotjar/);
    const hotjar = contentSecurityPolicy('n', {
      stripe: false,
      recaptcha: false,
      telemetry: { ...NO_TELEMETRY, hotjarId: '1234567' },
    });
    expect(directive(hotjar, 'script-src')).toContain('https://*.hotjar.com');
    expect(directive(hotjar, 'connect-src')).toContain('wss://*.hotjar.com');
    expect(hotjar).not.toMatch(/googletagmanager/);
    const sentry = contentSecurityPolicy('n', {
      stripe: false,
      recaptcha: false,
      telemetry: {
        ...NO_TELEMETRY,
        sentry: { dsn: 'http://key@127.0.0.1:9000/1', environment: 'staging', tracesSampleRate: 0 },
      },
    });
    expect(directive(sentry, 'connect-src')).toEqual(["'self'", 'http://127.0.0.1:9000']);
    expect(directive(sentry, 'script-src')).toEqual(["'self'", "'nonce-n'"]);
  });

  it('makes a new unguessable nonce for every page', () => {
    const nonces = new Set(Array.from({ length: 100 }, newNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });
});
