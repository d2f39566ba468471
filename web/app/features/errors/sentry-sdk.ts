/**
 * The parts of @sentry/react the store uses, in a module of their own: error-reporting.ts imports this
 * file dynamically, so the bundler builds one chunk with only these (tree-shaken), fetched only when a
 * DSN is configured. Importing '@sentry/react' itself dynamically would ship the whole SDK (replay,
 * feedback: ~160 KB gzipped). Tracing is in sentry-tracing.ts, fetched only when it is sampled.
 */
export { captureException, captureMessage, flush, init, setContext, setTag } from '@sentry/react';
