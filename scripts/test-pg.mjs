// The server integration suite again, on a real PostgreSQL (each test file creates and drops its own
// database there). TEST_DATABASE_URL defaults to the local server that CI provides. The audio module's
// unit tests touch no database, so they run once, in `npm test`.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'server', '--exclude', 'server/src/audio/**', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url },
  },
);
process.exit(result.status ?? 1);
