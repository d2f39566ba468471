import type { FastifyRequest } from 'fastify';
import { isReportable, redactQuery, redactUrl, REPORTING_ENVIRONMENTS } from '@cuewave/contract/error-reporting';
import { AppError } from './errors';

/**
 * Sends the server's faults to an error tracker (spec §8, decision 071): 5xx answers and uncaught
 * errors, with the request's context but never its cookies, authorization or body.
 */
export type ErrorReporter = {
  report(err: unknown, status: number, request?: FastifyRequest): void;
  /** Waits until queued reports are sent (tests, shutdown). */
  flush(timeoutMs: number): Promise<boolean>;
};

export type ErrorReporterConfig = { dsn: string; environment: string };

/** Headers that describe the client without identifying a session (browser info of spec §8). */
const CONTEXT_HEADERS = ['user-agent', 'accept-language', 'referer'] as const;

/**
 * Sentry for Node when a DSN is configured and the environment reports (production, staging,
 * development); null otherwise, and then nothing of the SDK is even loaded. Only the integrations
 * errors need: no tracing, no instrumentation of other modules, no default PII.
 */
export async function createErrorReporter(config: ErrorReporterConfig | null): Promise<ErrorReporter | null> {
  if (!config || !REPORTING_ENVIRONMENTS.has(config.environment)) return null;
  const Sentry = await import('@sentry/node');
  Sentry.init({
    dsn: config.dsn,
    environment: config.environment,
    sendDefaultPii: false,
    skipOpenTelemetrySetup: true,
    defaultIntegrations: false,
    integrations: [
      // An uncaught exception is reported, then the process exits as Node would have.
      Sentry.onUncaughtExceptionIntegration(),
      // 'strict' keeps Node's default: an unhandled rejection still ends the process after its report.
      Sentry.onUnhandledRejectionIntegration({ mode: 'strict' }),
      Sentry.linkedErrorsIntegration(),
      Sentry.nodeContextIntegration(),
    ],
    beforeSend(event) {
      // Belt and braces: whatever added a request to the event, its secrets stay here.
      if (event.request) {
        delete event.request.cookies;
        delete event.request.data;
        if (event.request.headers) event.request.headers = pickHeaders(event.request.headers);
        if (event.request.url) event.request.url = redactUrl(event.request.url);
      }
      return event;
    },
  });

  return {
    report(err, status, request) {
      const code = err instanceof AppError ? err.code : null;
      if (!isReportable({ status, error: code })) return;
      Sentry.withScope((scope) => {
        scope.setTag('status', String(status));
        if (request) {
          const route = request.routeOptions.url ?? 'unmatched';
          scope.setTag('route', route);
          scope.setContext('route', {
            name: route,
            query: redactQuery(asRecord(request.query)),
            params: asRecord(request.params),
          });
          scope.addEventProcessor((event) => ({
            ...event,
            request: {
              method: request.method,
              url: redactUrl(`${request.protocol}://${request.host}${request.url}`),
              headers: pickHeaders(request.headers),
            },
          }));
        }
        // Spec §8: a failure that carries an identifier and a message is reported as 'error: message'.
        if (err instanceof AppError) Sentry.captureMessage(`${err.code}: ${err.message}`, 'error');
        else Sentry.captureException(err);
      });
    },
    flush: (timeoutMs) => Sentry.flush(timeoutMs),
  };
}

function pickHeaders(headers: Record<string, unknown>): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of CONTEXT_HEADERS) {
    const value = headers[name] ?? headers[name.replace(/(^|-)\w/g, (c) => c.toUpperCase())];
    if (typeof value === 'string') picked[name] = value;
  }
  return picked;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? { ...(value as Record<string, unknown>) } : {};
