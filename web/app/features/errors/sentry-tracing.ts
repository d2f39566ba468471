/** Browser tracing, a chunk of its own: fetched only when SENTRY_TRACES_SAMPLE_RATE > 0 (see sentry-sdk.ts). */
export { browserTracingIntegration } from '@sentry/react';
