// `npm start`: builds the web app when its sources changed since the last build, then runs the server
// (API + server-rendered web app) on the embedded defaults. Later starts skip the build, and so does
// SERVE_WEB=false (the API alone needs no web build).
//
// Stopping (decision 050): npm runs this through `sh -c`, and dash neither execs a lone command nor passes
// on a signal, so package.json's script says `exec`: npm's SIGTERM/SIGINT then reaches this process,
// which passes it to the server and exits only after the server did (npm, and a supervisor waiting on
// npm, see the stop end when the port is free). If this process dies anyway, the server sees its IPC
// channel close and stops; if npm dies, this process sees itself orphaned and stops the server.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './web-build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

if (process.env.SERVE_WEB !== 'false') {
  const status = ensureWebBuild();
  if (status !== 0) process.exit(status);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
  cwd: root,
  // The IPC channel is only a lifeline: the server stops when it closes (server/src/main.ts).
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// Orphaned (npm was killed outright): stop the server as a supervisor's SIGTERM would have.
const parent = process.ppid;
const orphanCheck = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(orphanCheck);
  server.kill('SIGTERM');
}, 500);
orphanCheck.unref();
