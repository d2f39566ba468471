import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env';
import { DEFAULT_SELLER } from './features/payment/receipt-seller';
import { appConfigFromEnv } from './providers/create-providers';

const SITE = '6LeIxAcTAAAAAJcZVRqyHh4xE-site';
const SECRET = '6LeIxAcTAAAAAGG-vFI1TnRWxM-secret';

describe('configuration', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', DEMO_SONGS: 200, DEMO_SFX: 200, SERVE_WEB: true });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env).toMatchObject({
      MAIL_FROM: 'Cuewave <no-reply@cuewave.local>',
      SMS_FROM: 'Cuewave',
      RECAPTCHA_MIN_SCORE: 0.5,
      COOKIE_SECURE: 'auto',
      MAILBOX: 'auto',
    });
    for (const name of ['SMTP_URL', 'SMS_HTTP_URL', 'SMS_HTTP_TOKEN', 'RECAPTCHA_SITE_KEY', 'REDIS_URL'] as const) {
      expect(env[name]).toBeUndefined();
    }
  });

  it('rejects a bad value with a readable message naming the variable', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
  });

  it('accepts the account providers in their documented formats', () => {
    const env = parseEnv({
      SMTP_URL: 'smtps://user:pa%40ss@smtp.example.com:465',
      MAIL_FROM: 'no-reply@cuewave.example',
      SMS_HTTP_URL: 'https://sms.example/send',
      SMS_HTTP_TOKEN: 'tok_123',
      SMS_FROM: '+447700900123',
      RECAPTCHA_SITE_KEY: SITE,
      RECAPTCHA_SECRET_KEY: SECRET,
      RECAPTCHA_MIN_SCORE: '0.7',
      REDIS_URL: 'rediss://:pw@redis.example:6380/1',
      COOKIE_SECURE: 'true',
      MAILBOX: 'on',
    });
    expect(env).toMatchObject({
      RECAPTCHA_MIN_SCORE: 0.7,
      COOKIE_SECURE: 'true',
      MAILBOX: 'on',
      SMS_FROM: '+447700900123',
    });
    expect(parseEnv({ SMTP_URL: 'smtp://localhost:1025' }).SMTP_URL).toBe('smtp://localhost:1025');
  });

  it('reads TRUST_PROXY as loopback by default, a flag or an address list', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe('loopback');
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).TRUST_PROXY).toBe('10.0.0.0/8,127.0.0.1');
  });

  it('treats an empty optional variable as unset', () => {
    const env = parseEnv({
      SMTP_URL: '',
      REDIS_URL: '',
      SMS_HTTP_URL: '',
      RECAPTCHA_SITE_KEY: '',
      RECAPTCHA_SECRET_KEY: '',
    });
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
  });

  it.each([
    [{ SMTP_URL: 'http://smtp.example.com' }, /SMTP_URL: must be a smtp:\/\/ or smtps:\/\/ URL/],
    [{ SMTP_URL: 'not a url' }, /SMTP_URL/],
    [{ MAIL_FROM: 'nobody' }, /MAIL_FROM: must be an address/],
    [{ MAIL_FROM: 'Shop <not an address>' }, /MAIL_FROM/],
    [{ SMS_HTTP_URL: 'ftp://sms.example' }, /SMS_HTTP_URL: must be a http:\/\/ or https:\/\/ URL/],
    [{ SMS_HTTP_TOKEN: 'has space' }, /SMS_HTTP_TOKEN/],
    [{ SMS_FROM: 'A very long sender name' }, /SMS_FROM/],
    [{ RECAPTCHA_MIN_SCORE: '1.5' }, /RECAPTCHA_MIN_SCORE/],
    [{ RECAPTCHA_MIN_SCORE: 'high' }, /RECAPTCHA_MIN_SCORE/],
    [{ REDIS_URL: '127.0.0.1:6379' }, /REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/],
    [{ COOKIE_SECURE: 'yes' }, /COOKIE_SECURE/],
    [{ MAILBOX: 'true' }, /MAILBOX/],
  ])('rejects %j', (source, message) => {
    expect(() => parseEnv(source)).toThrow(ConfigError);
    expect(() => parseEnv(source)).toThrow(message);
  });

  it('requires both reCAPTCHA keys together', () => {
    expect(() => parseEnv({ RECAPTCHA_SITE_KEY: SITE })).toThrow(/RECAPTCHA_SECRET_KEY: .*set together/);
    expect(() => parseEnv({ RECAPTCHA_SECRET_KEY: SECRET })).toThrow(/RECAPTCHA_SITE_KEY: .*set together/);
  });
});

describe('app config from the environment', () => {
  it('defaults: local public URL, automatic cookie security, mailbox on while mail goes to the outbox', () => {
    expect(appConfigFromEnv(parseEnv({}))).toEqual({
      publicUrl: 'http://localhost:3000',
      cookieSecure: 'auto',
      mailboxEnabled: true,
      seller: DEFAULT_SELLER,
      salesEmail: 'sales@cuewave.local',
      supportEmail: 'support@cuewave.local',
      downloadsPerDay: 300,
      operatorEmails: [],
      accelRedirectPrefix: null,
    });
    expect(appConfigFromEnv(parseEnv({ PORT: '8080' })).publicUrl).toBe('http://localhost:8080');
  });

  it('uses PUBLIC_URL without a trailing slash and forced cookie settings', () => {
    const config = appConfigFromEnv(parseEnv({ PUBLIC_URL: 'https://cuewave.example/', COOKIE_SECURE: 'false' }));
    expect(config).toMatchObject({ publicUrl: 'https://cuewave.example', cookieSecure: false });
    expect(appConfigFromEnv(parseEnv({ COOKIE_SECURE: 'true' })).cookieSecure).toBe(true);
  });

  it('turns the mailbox off with SMTP unless forced on, and off when asked', () => {
    const smtp = { SMTP_URL: 'smtp://localhost:25' };
    expect(appConfigFromEnv(parseEnv(smtp)).mailboxEnabled).toBe(false);
    expect(appConfigFromEnv(parseEnv({ ...smtp, MAILBOX: 'on' })).mailboxEnabled).toBe(true);
    expect(appConfigFromEnv(parseEnv({ MAILBOX: 'off' })).mailboxEnabled).toBe(false);
  });

  it('prints the configured seller on receipts and sends enquiries to SALES_EMAIL', () => {
    const config = appConfigFromEnv(
      parseEnv({
        SELLER_NAME: 'Nuty Sp. z o.o.',
        SELLER_ADDRESS: ' ul. Długa 5 ;; 31-147 Kraków ',
        SELLER_VAT_ID: 'PL6762461659',
        SALES_EMAIL: 'enterprise@nuty.example',
        SUPPORT_EMAIL: 'help@nuty.example',
      }),
    );
    expect(config.seller).toEqual({
      name: 'Nuty Sp. z o.o.',
      addressLines: ['ul. Długa 5', '31-147 Kraków'],
      vatId: 'PL6762461659',
    });
    expect(config.salesEmail).toBe('enterprise@nuty.example');
    expect(config.supportEmail).toBe('help@nuty.example');
    expect(() => parseEnv({ SELLER_VAT_ID: 'DE123456789' })).toThrow(/SELLER_VAT_ID: must be PL/);
    expect(() => parseEnv({ SELLER_ADDRESS: 'a;b;c;d;e' })).toThrow(/SELLER_ADDRESS: has at most 4 lines/);
    expect(() => parseEnv({ SALES_EMAIL: 'sales' })).toThrow(/SALES_EMAIL/);
    expect(() => parseEnv({ SUPPORT_EMAIL: 'help\r\nBcc: x@y.example' })).toThrow(/SUPPORT_EMAIL/);
  });

  it('hands /api/cdn files to a proxy only under a clean internal path (ACCEL_REDIRECT_PREFIX)', () => {
    expect(appConfigFromEnv(parseEnv({})).accelRedirectPrefix).toBeNull();
    expect(appConfigFromEnv(parseEnv({ ACCEL_REDIRECT_PREFIX: '' })).accelRedirectPrefix).toBeNull();
    expect(appConfigFromEnv(parseEnv({ ACCEL_REDIRECT_PREFIX: '/_files/' })).accelRedirectPrefix).toBe('/_files/');
    for (const bad of ['_files/', '/_files', 'http://proxy/_files/', '/../etc/', '/a b/', '/x/\r\nSet-Cookie: a=b/'])
      expect(() => parseEnv({ ACCEL_REDIRECT_PREFIX: bad }), bad).toThrow(/ACCEL_REDIRECT_PREFIX/);
  });
});
