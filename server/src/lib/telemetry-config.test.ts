import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { telemetryFromEnv } from './telemetry-config';

describe('analytics and error reporting configuration (decision 071)', () => {
  it('loads nothing by default', () => {
    expect(telemetryFromEnv(parseEnv({}))).toEqual({
      page: { gtmId: null, hotjarId: null, sentry: null },
      reporter: null,
    });
  });

  it('reports from production, staging and development only; the web DSN defaults to the server one', () => {
    const dsn = 'https://abc@o1.ingest.sentry.io/42';
    const prod = telemetryFromEnv(
      parseEnv({ SENTRY_DSN: dsn, NODE_ENV: 'production', SENTRY_TRACES_SAMPLE_RATE: '0.1' }),
    );
    expect(prod.reporter).toEqual({ dsn, environment: 'production' });
    expect(prod.page.sentry).toEqual({ dsn, environment: 'production', tracesSampleRate: 0.1 });
    const staging = telemetryFromEnv(
      parseEnv({
        SENTRY_DSN: dsn,
        SENTRY_WEB_DSN: 'https://web@o1.ingest.sentry.io/43',
        SENTRY_ENVIRONMENT: 'staging',
      }),
    );
    expect(staging.page.sentry?.dsn).toBe('https://web@o1.ingest.sentry.io/43');
    expect(staging.reporter?.environment).toBe('staging');
    // A test run, or any other name, sends nothing and its pages allow no Sentry host.
    expect(telemetryFromEnv(parseEnv({ SENTRY_DSN: dsn, NODE_ENV: 'test' }))).toMatchObject({
      page: { sentry: null },
      reporter: null,
    });
    expect(telemetryFromEnv(parseEnv({ SENTRY_DSN: dsn, SENTRY_ENVIRONMENT: 'qa' })).reporter).toBeNull();
  });

  it('refuses malformed ids and DSNs at start with a readable message', () => {
    expect(() => parseEnv({ GTM_ID: 'UA-123' })).toThrow(/GTM_ID: must be a Tag Manager container id/);
    expect(() => parseEnv({ GTM_ID: "GTM-1');alert(1)//" })).toThrow(/GTM_ID/);
    expect(() => parseEnv({ HOTJAR_ID: 'abc' })).toThrow(/HOTJAR_ID: must be a Hotjar site id/);
    expect(() => parseEnv({ SENTRY_DSN: 'https://o1.ingest.sentry.io/42' })).toThrow(
      /SENTRY_DSN: must be a Sentry DSN/,
    );
    expect(() => parseEnv({ SENTRY_WEB_DSN: 'ftp://k@host/1' })).toThrow(/SENTRY_WEB_DSN/);
    expect(() => parseEnv({ SENTRY_ENVIRONMENT: 'Prod uction' })).toThrow(/SENTRY_ENVIRONMENT/);
    expect(() => parseEnv({ SENTRY_TRACES_SAMPLE_RATE: '2' })).toThrow(/SENTRY_TRACES_SAMPLE_RATE/);
  });
});
