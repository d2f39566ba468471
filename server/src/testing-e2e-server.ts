/**
 * The Playwright journeys' server: exactly `main.ts`, plus stand-ins for the outside sites that reference
 * links point at (features/search/reference/testing-stand-ins.ts) on 127.0.0.1:E2E_STAND_IN_PORT, with the
 * safe fetcher's loopback permit passed in code. Production never runs this file (npm start runs main.ts),
 * and nothing in main.ts reads a setting that could open loopback (decision 065, 067).
 */
import { useReferenceFetchSettings } from './features/search/reference/fetch-settings';
import { startStandIns } from './features/search/reference/testing-stand-ins';

const STAND_IN_PORT = 3997;

const standIns = await startStandIns({}, STAND_IN_PORT);
useReferenceFetchSettings(standIns.settings);
await import('./main');
