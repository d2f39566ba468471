import { MAINTENANCE_RETRY_AFTER, type MaintenanceChange, type MaintenanceStatus } from '@cuewave/contract/maintenance';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { selectMaintenance, upsertMaintenance, type MaintenanceRow } from './maintenance.repo';

export type MaintenanceState = { on: false } | ({ on: true } & Omit<MaintenanceRow, 'on'>);

/**
 * The maintenance switch (issue 15): kept in the database so every instance follows it, and read again
 * at most every `ttlMs`, so turning it on or off needs no restart and costs one small query per
 * instance every few seconds, not one per request. The instance that flips it knows at once.
 */
export type MaintenanceSwitch = {
  state(): Promise<MaintenanceState>;
  set(change: MaintenanceChange): Promise<MaintenanceStatus>;
};

/** How stale an instance's view of the switch may be. */
export const MAINTENANCE_TTL_MS = 2_000;

export function createMaintenanceSwitch(deps: { db: Db; clock: Clock }, ttlMs = MAINTENANCE_TTL_MS): MaintenanceSwitch {
  let known: { state: MaintenanceState; at: number } | null = null;
  let reading: Promise<MaintenanceState> | null = null;

  const read = async (): Promise<MaintenanceState> => {
    try {
      const row = await selectMaintenance(deps.db);
      const state: MaintenanceState = row?.on ? { ...row, on: true } : { on: false };
      known = { state, at: Date.now() };
      return state;
    } catch {
      // The database does not answer: keep the last known state (the health route reports the outage)
      // rather than failing every request here; with none known, the site stays open.
      return known?.state ?? { on: false };
    } finally {
      reading = null;
    }
  };

  return {
    state() {
      if (known && Date.now() - known.at < ttlMs) return Promise.resolve(known.state);
      // Concurrent requests share one read.
      reading ??= read();
      return reading;
    },
    async set(change) {
      const now = deps.clock.now();
      const row: MaintenanceRow = {
        on: change.on,
        retryAfter: change.retryAfter ?? MAINTENANCE_RETRY_AFTER.default,
        message: change.message ? change.message : null,
        since: now.toISOString(),
      };
      await upsertMaintenance(deps.db, row, now);
      const state: MaintenanceState = row.on ? { ...row, on: true } : { on: false };
      known = { state, at: Date.now() };
      return statusOf(state, now);
    },
  };
}

/** The public view of the switch: seconds left of the announced time (never below a minute while on). */
export function statusOf(state: MaintenanceState, now: Date): MaintenanceStatus {
  if (!state.on) return { on: false, retryAfter: null, message: null, since: null };
  return { on: true, retryAfter: retryAfterSeconds(state, now), message: state.message, since: state.since };
}

export function retryAfterSeconds(state: Extract<MaintenanceState, { on: true }>, now: Date): number {
  const elapsed = Math.floor((now.getTime() - Date.parse(state.since)) / 1000);
  return Math.max(MAINTENANCE_RETRY_AFTER.min, state.retryAfter - Math.max(0, elapsed));
}
