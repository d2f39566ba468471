import { REPORTING_ENVIRONMENTS } from '@cuewave/contract/error-reporting';
import type { Env } from '../env';
import type { ErrorReporterConfig } from './error-reporter';
import type { PageTelemetry } from '../web-csp';

type TelemetryEnv = Pick<
  Env,
  | 'NODE_ENV'
  | 'GTM_ID'
  | 'HOTJAR_ID'
  | 'SENTRY_DSN'
  | 'SENTRY_WEB_DSN'
  | 'SENTRY_ENVIRONMENT'
  | 'SENTRY_TRACES_SAMPLE_RATE'
>;

/**
 * The analytics and error reporting of this installation (decision 071). The environment is
 * SENTRY_ENVIRONMENT, else NODE_ENV; reports leave only from production, staging or development
 * (spec §8), so a test run never sends any and its pages allow no Sentry host. The browser uses
 * SENTRY_WEB_DSN, else the server's DSN (a DSN is public by design: it can only submit events).
 */
export function telemetryFromEnv(env: TelemetryEnv): { page: PageTelemetry; reporter: ErrorReporterConfig | null } {
  const environment = env.SENTRY_ENVIRONMENT ?? env.NODE_ENV;
  const reports = REPORTING_ENVIRONMENTS.has(environment);
  const webDsn = env.SENTRY_WEB_DSN ?? env.SENTRY_DSN;
  return {
    page: {
      gtmId: env.GTM_ID ?? null,
      hotjarId: env.HOTJAR_ID ?? null,
      sentry: reports && webDsn ? { dsn: webDsn, environment, tracesSampleRate: env.SENTRY_TRACES_SAMPLE_RATE } : null,
    },
    reporter: reports && env.SENTRY_DSN ? { dsn: env.SENTRY_DSN, environment } : null,
  };
}
