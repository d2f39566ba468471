import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

// The README's start command, stopped the ways a supervisor, a terminal or a crash stop it (decision 050).
// SERVE_WEB=false: the API alone, so no web build is needed; DEMO_CATALOG=off: no demo synthesis.

const root = fileURLToPath(new URL('..', import.meta.url));
// One data folder for the file: the first start creates and migrates the database, the others reuse it.
const dataDir = mkdtempSync(join(tmpdir(), 'cuewave-start-'));
const started = [];
// Each case starts the store (a few seconds on an idle machine, far more on a loaded CI runner).
const STARTS_AND_STOPS = 240_000;

afterEach(() => {
  for (const store of started.splice(0)) {
    // Whatever is left of this test's process group (npm, start.mjs, the server), and only that.
    try {
      process.kill(-store.npm.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Resolves true when nothing listens on the port any more: a new server can take it. */
function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** `npm start` in a process group of its own (so the test can stop exactly what it started). */
async function startStore() {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), DEMO_CATALOG: 'off', SERVE_WEB: 'false', DATA_DIR: dataDir };
  delete env.NODE_ENV; // as from a shell: start.mjs makes it production
  const npm = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const store = { npm, port, log: '' };
  started.push(store);
  npm.stdout.on('data', (chunk) => (store.log += chunk));
  npm.stderr.on('data', (chunk) => (store.log += chunk));
  store.exited = new Promise((resolve) => npm.once('exit', (code, signal) => resolve({ code, signal })));
  let running = true;
  void store.exited.then(() => (running = false));
  while (running) {
    const healthy = await fetch(`http://127.0.0.1:${port}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) return store;
    await delay(200);
  }
  throw new Error(`npm start exited before it served:\n${store.log}`);
}

/** Waits until the store's output has a JSON log line with this message (and these fields). */
async function logLine(store, msg, fields = {}) {
  for (;;) {
    const line = store.log
      .split('\n')
      .slice(0, -1) // the last piece may be a line still being written
      .filter((text) => text.startsWith('{'))
      .map((text) => JSON.parse(text))
      .find((entry) => entry.msg === msg && Object.entries(fields).every(([key, value]) => entry[key] === value));
    if (line) return line;
    await delay(50);
  }
}

/** Waits until nothing listens on the port. */
async function portFreed(port) {
  while (!(await portIsFree(port))) await delay(100);
}

/** The direct children of a process (Linux). */
function childrenOf(pid) {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}

/** A raw HTTP/1.1 connection: the test writes a request in pieces and reads everything that comes back. */
function rawConnection(port) {
  const socket = connect(port, '127.0.0.1');
  const connection = { socket, received: '', ended: false };
  socket.setEncoding('latin1');
  socket.on('data', (chunk) => (connection.received += chunk));
  const ended = new Promise((resolve) => socket.once('close', resolve));
  connection.closed = ended.then(() => {
    connection.ended = true;
    return connection.received;
  });
  socket.on('error', () => {});
  connection.until = async (text) => {
    while (!connection.received.includes(text)) {
      if (connection.ended) throw new Error(`connection closed without "${text}":\n${connection.received}`);
      await delay(20);
    }
  };
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(connection));
    socket.once('error', reject);
  });
}

/** Splits a raw HTTP/1.1 answer (one, not chunked) into status, headers and body. */
function parseAnswer(raw) {
  const [head, body] = raw.split('\r\n\r\n');
  const [statusLine, ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('npm start stops gracefully', () => {
  it(
    'a supervisor SIGTERM to npm finishes the request in flight, refuses a newcomer and frees the port before npm exits',
    async () => {
      const store = await startStore();
      const { port } = store;

      // In flight: a request whose body is still coming. The 100 Continue says the server took it.
      const body = 'grant_type=no-such-grant';
      const inFlight = await rawConnection(port);
      inFlight.socket.write(
        `POST /api/auth/token HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
          `Content-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
      );
      await inFlight.until('100 Continue');
      // A newcomer on an open connection whose request is not complete when the stop begins.
      const newcomer = await rawConnection(port);
      newcomer.socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);

      process.kill(store.npm.pid, 'SIGTERM');
      await logLine(store, 'shutting down', { reason: 'SIGTERM' });

      newcomer.socket.write('\r\n');
      const refused = parseAnswer(await newcomer.closed);
      expect(refused.status).toBe(503);
      expect(refused.headers.connection).toBe('close');
      expect(JSON.parse(refused.body)).toMatchObject({ error: 'SERVICE_UNAVAILABLE' });

      inFlight.socket.write(body);
      const finished = parseAnswer((await inFlight.closed).replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, ''));
      // The route's own answer to the body it was sent, not a refusal or a cut connection.
      expect(finished.status).toBe(400);
      expect(JSON.parse(finished.body)).toMatchObject({ error: 'unsupported_grant_type' });
      expect(finished.headers.connection).toBe('close');

      expect(await store.exited).toEqual({ code: 0, signal: null });
      // npm exited only after the server did: a new server can listen on the port at once.
      expect(await portIsFree(port)).toBe(true);
      await logLine(store, 'stopped');
    },
    STARTS_AND_STOPS,
  );

  it(
    'Ctrl-C (SIGINT to the whole process group) stops every process and frees the port',
    async () => {
      const store = await startStore();
      process.kill(-store.npm.pid, 'SIGINT');
      await logLine(store, 'stopped');
      await store.exited;
      expect(await portIsFree(store.port)).toBe(true);
    },
    STARTS_AND_STOPS,
  );

  it(
    'the server stops when scripts/start.mjs is killed outright',
    async () => {
      const store = await startStore();
      const [startScript] = childrenOf(store.npm.pid);
      process.kill(startScript, 'SIGKILL');
      await logLine(store, 'shutting down', { reason: 'parent exited' });
      await logLine(store, 'stopped');
      await portFreed(store.port);
    },
    STARTS_AND_STOPS,
  );

  it(
    'the server stops when npm is killed outright',
    async () => {
      const store = await startStore();
      process.kill(store.npm.pid, 'SIGKILL');
      await logLine(store, 'shutting down', { reason: 'SIGTERM' });
      await logLine(store, 'stopped');
      await portFreed(store.port);
    },
    STARTS_AND_STOPS,
  );
});
