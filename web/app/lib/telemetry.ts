/**
 * What the operator configured for analytics and error reporting (GTM_ID, HOTJAR_ID, SENTRY_*;
 * decision 071). server/src/web-app.ts hands it to every page through the load context, and the root
 * loader passes it on; every field null means nothing outside our origin is ever loaded.
 */
export type PageTelemetry = {
  /** Google Tag Manager container, e.g. GTM-ABC1234. */
  gtmId: string | null;
  /** Hotjar site id: session recording, loaded only with analytics consent. */
  hotjarId: string | null;
  /** The browser's Sentry project. */
  sentry: { dsn: string; environment: string; tracesSampleRate: number } | null;
};

export const NO_TELEMETRY: PageTelemetry = { gtmId: null, hotjarId: null, sentry: null };

declare module 'react-router' {
  interface AppLoadContext {
    telemetry?: PageTelemetry;
  }
}
