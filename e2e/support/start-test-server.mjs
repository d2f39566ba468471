// The journeys' web server: `npm start`'s path (scripts/start.mjs builds the web app when its sources
// changed) but with the test entry server/src/testing-e2e-server.ts, which adds local stand-ins for the
// video and streaming sites that reference links name (decision 067). Signals and the IPC lifeline are
// passed on as scripts/start.mjs does.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from '../../scripts/web-build.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const status = ensureWebBuild();
if (status !== 0) process.exit(status);

const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/testing-e2e-server.ts'], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// Orphaned (Playwright was killed outright): stop the server as a supervisor's SIGTERM would have.
const parent = process.ppid;
const orphanCheck = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(orphanCheck);
  server.kill('SIGTERM');
}, 500);
orphanCheck.unref();
