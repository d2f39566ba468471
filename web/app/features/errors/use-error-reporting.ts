import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import type { PageTelemetry } from '../../lib/telemetry';
import { setReportingRoute, startErrorReporting } from './error-reporting';

/**
 * Starts error reporting once the page is interactive (never during server rendering) and keeps the
 * route of every report current: the deepest matched route's id, the query and the params.
 */
export function useErrorReporting(config: PageTelemetry['sentry']): void {
  const { pathname, search } = useLocation();
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const name = leaf?.id ?? 'root';
  const params = leaf?.params;
  useEffect(() => {
    void startErrorReporting(config);
    // The configuration is fixed for the life of the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (!config) return;
    setReportingRoute({ name, query: Object.fromEntries(new URLSearchParams(search)), params: params ?? {} });
    // pathname stands for params: they change only with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [config, name, pathname, search]);
}
