// `npm start`: builds the web app when its sources changed since the last build, then runs the server
// (API + server-rendered web app) on the embedded defaults. Later starts skip the build.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

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
  const inputs = ['web/app', 'contract/src', 'web/vite.config.ts', 'web/react-router.config.ts', 'web/package.json'];
  for (const input of inputs) {
    const full = join(root, input);
    const files = statSync(full).isDirectory() ? [...walk(full)].sort() : [full];
    for (const file of files) hash.update(relative(root, file)).update(readFileSync(file));
  }
  return hash.digest('hex');
}

const wanted = sourceHash();
const built = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
if (wanted !== built) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, wanted);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
