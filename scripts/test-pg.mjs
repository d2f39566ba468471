// The server integration suite again, on a real PostgreSQL (each test file creates and drops its own
// database there) and with the Redis-backed tests switched on. TEST_DATABASE_URL and TEST_REDIS_URL
// default to the local servers that CI provides. The audio module's unit tests and the scripts' tests
// (start.test.mjs runs `npm start` on its own embedded database) touch no test database, so they run
// once, in `npm test`.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'server',
    '--exclude',
    'server/src/audio/**',
    '--exclude',
    'scripts/**',
    ...process.argv.slice(2),
  ],
  {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url, TEST_REDIS_URL: redisUrl },
  },
);
process.exit(result.status ?? 1);
