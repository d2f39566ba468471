// Builds the web app (web/build) when its sources changed since the last build, recorded as a hash of
// them in web/build/.source-hash. Used by `npm start` and by the server tests that render pages; run it
// directly (`node scripts/web-build.mjs`) to bring the build up to date.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stampFile = join(root, 'web', 'build', '.source-hash');

function* walk(dir) {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) yield* walk(full);
    else yield full;
  }
}

function sourceHash() {
  const hash = createHash('sha256');
  const inputs = [
    'web/app',
    'contract/src',
    'web/scripts',
    'web/vite.config.ts',
    'web/react-router.config.ts',
    'web/package.json',
  ];
  for (const input of inputs) {
    const full = join(root, input);
    const files = statSync(full).isDirectory() ? [...walk(full)].sort() : [full];
    for (const file of files) hash.update(relative(root, file)).update(readFileSync(file));
  }
  return hash.digest('hex');
}

/** Builds web/build unless it was built from the current sources; answers the build's exit status. */
export function ensureWebBuild() {
  const wanted = sourceHash();
  const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
  if (wanted === built) return 0;
  console.log('Building the web app…');
  // Always a production build: run from a test (NODE_ENV=test) Vite would bundle React's development
  // build, whose hydration warnings (the CSP nonce browsers hide) then fail every journey.
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) return result.status ?? 1;
  writeFileSync(stampFile, wanted);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exit(ensureWebBuild());
