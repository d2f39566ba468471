// The server integration suite again, on a real PostgreSQL (each test file creates and drops its own
// database there) and with the Redis-backed tests switched on. TEST_DATABASE_URL and TEST_REDIS_URL
// default to the local servers that CI provides. A test file that opens no database and no Redis (the
// audio module, pricing arithmetic, parsers, the search index in memory, the scripts' own tests) would
// only repeat what `npm test` ran, so it runs once, there: this suite takes the files that name the test
// database or Redis helpers, and leaves the others out.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** What a test file that reaches a database or Redis says somewhere in its text. */
const USES_SERVICES = /test-db|test-app|createTestDb|createTestApp|createDb\(|TEST_DATABASE_URL|TEST_REDIS_URL|redis/i;
/** The server project's test folders (vitest.config.ts), but scripts/, which runs once anyway. */
const SERVER_TEST_DIRS = ['contract/src', 'server/src', 'bench'];

const testFiles = (dir) =>
  readdirSync(dir, { recursive: true })
    .filter((name) => name.endsWith('.test.ts') && !name.split('/').includes('node_modules'))
    .map((name) => join(dir, name));
const pure = SERVER_TEST_DIRS.flatMap(testFiles).filter(
  (file) => file.startsWith('server/src/audio/') || !USES_SERVICES.test(readFileSync(file, 'utf8')),
);
const result = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--project',
    'server',
    '--exclude',
    'scripts/**',
    ...pure.flatMap((file) => ['--exclude', file]),
    ...process.argv.slice(2),
  ],
  {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url, TEST_REDIS_URL: redisUrl },
  },
);
process.exit(result.status ?? 1);
