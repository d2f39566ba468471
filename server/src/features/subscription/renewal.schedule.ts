import { runRenewals, type RenewalDeps, type RenewalReport } from './renewal.job';

export type RenewalLog = {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/**
 * Runs the renewal job every `everySeconds` (RENEWALS_EVERY_SECONDS; 0 = never) with the app's clock.
 * A run that is still going when the next is due is not doubled up (the job would be safe, just
 * wasteful); several server instances may run it at once (decision 045). Answers a stop function
 * that waits for a run in progress.
 */
export function scheduleRenewals(deps: RenewalDeps, everySeconds: number, log: RenewalLog): () => Promise<void> {
  if (everySeconds <= 0) return async () => {};
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = runRenewals(deps, {
      onError: (err, subscriptionId) => log.error({ err, subscriptionId }, 'Renewals: a subscription failed'),
    })
      .then((report: RenewalReport) => {
        if (
          report.renewed +
            report.failed +
            report.ended +
            report.changed +
            report.activated +
            report.trialEmails +
            report.errors >
          0
        ) {
          log.info({ renewals: report }, 'Renewals: run done');
        }
      })
      .catch((err: unknown) => log.error({ err }, 'Renewals: run failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, everySeconds * 1000);
  timer.unref();
  // The first run soon after start, not a whole interval later.
  const first = setTimeout(tick, 5_000);
  first.unref();
  return async () => {
    clearInterval(timer);
    clearTimeout(first);
    await running;
  };
}
