import { isRouteErrorResponse } from 'react-router';
import {
  isReportable,
  redactQuery,
  redactUrl,
  REPORTING_ENVIRONMENTS,
  reportedMessage,
} from '@cuewave/contract/error-reporting';
import type * as SentryModule from './sentry-sdk';
import type { PageTelemetry } from '../../lib/telemetry';

type Sentry = typeof SentryModule;
type SentryConfig = NonNullable<PageTelemetry['sentry']>;

/** Spec §9 "Error-tracing timings". */
export const TRACING_TIMINGS = { idleTimeout: 1000, finalTimeout: 30_000, childSpanTimeout: 15_000 } as const;
export const BREADCRUMB_MESSAGE_LIMIT = 2048;

let sdk: Promise<Sentry | null> | null = null;

/** What a failure says about itself: an HTTP status and an error identifier, when it has them. */
function describe(error: unknown): { status: number | null; code: string | null; message: string | null } {
  if (isRouteErrorResponse(error)) {
    const data = error.data as { error?: unknown } | null;
    return {
      status: error.status,
      code: typeof data?.error === 'string' ? data.error : null,
      message: reportedMessage(error.data),
    };
  }
  if (error && typeof error === 'object') {
    // ApiError (lib/api.ts) carries the status and the API's body.
    const { status, body } = error as { status?: unknown; body?: unknown };
    const code = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
    return {
      status: typeof status === 'number' ? status : null,
      code: typeof code === 'string' ? code : null,
      message: reportedMessage(body),
    };
  }
  return { status: null, code: null, message: null };
}

/** Spec §8: 3xx/4xx and the listed identifiers stay out of the tracker. */
export function shouldReport(error: unknown): boolean {
  const { status, code } = describe(error);
  return isReportable({ status, error: code });
}

/**
 * Starts the browser SDK when the operator configured a DSN and the environment is one that reports
 * (spec §8). The SDK is a chunk of its own, fetched only then: a store without Sentry ships none of it.
 */
export function startErrorReporting(config: SentryConfig | null): Promise<Sentry | null> {
  if (sdk) return sdk;
  if (!config || !REPORTING_ENVIRONMENTS.has(config.environment)) return Promise.resolve(null);
  const tracing = config.tracesSampleRate > 0;
  sdk = Promise.all([import('./sentry-sdk'), tracing ? import('./sentry-tracing') : null]).then(([Sentry, tracer]) => {
    Sentry.init({
      dsn: config.dsn,
      environment: config.environment,
      // No cookies, IP addresses or form contents (secure by default).
      sendDefaultPii: false,
      integrations: (defaults) =>
        tracer ? [...defaults, tracer.browserTracingIntegration({ ...TRACING_TIMINGS })] : defaults,
      ...(tracer ? { tracesSampleRate: config.tracesSampleRate } : {}),
      beforeBreadcrumb: (crumb) => {
        if (crumb.message && crumb.message.length > BREADCRUMB_MESSAGE_LIMIT)
          crumb.message = crumb.message.slice(0, BREADCRUMB_MESSAGE_LIMIT);
        // Navigation and fetch breadcrumbs hold addresses: sign-in links carry tokens in the query.
        for (const field of ['url', 'from', 'to'] as const) {
          const value: unknown = crumb.data?.[field];
          if (typeof value === 'string' && crumb.data) crumb.data[field] = redactUrl(value);
        }
        return crumb;
      },
      beforeSend: (event, hint) => {
        if (!shouldReport(hint.originalException)) return null;
        if (event.request?.url) event.request.url = redactUrl(event.request.url);
        return event;
      },
    });
    return Sentry;
  });
  return sdk;
}

/** Where the visitor is: route name, query and params go with every report (spec §8). */
export function setReportingRoute(route: { name: string; query: Record<string, string>; params: object }): void {
  void sdk?.then((Sentry) => {
    if (!Sentry) return;
    Sentry.setTag('route', route.name);
    Sentry.setContext('route', { name: route.name, query: redactQuery(route.query), params: { ...route.params } });
  });
}

/**
 * A failure the error page shows. Responses that carry {error, message} are reported as that
 * message ('error: message', spec §8); thrown errors with their stack.
 */
export function reportError(error: unknown): void {
  if (!shouldReport(error)) return;
  void sdk?.then((Sentry) => {
    if (!Sentry) return;
    const { status, message } = describe(error);
    if (error instanceof Error) {
      Sentry.captureException(error, { tags: status ? { status: String(status) } : undefined });
      return;
    }
    const text = message ?? (status ? `HTTP ${status}` : String(error));
    // captureMessage has no original exception: the filter above already ran.
    Sentry.captureMessage(text, { level: 'error', tags: status ? { status: String(status) } : undefined });
  });
}
