import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';

export type ProcessRequest = { cmd: string; args: string[]; stdoutFile?: string };
export type ProcessResult = { code: number; stderr: string };

// Starting a process from Node forks the whole parent first, and the kernel's cost grows with the parent's
// memory: ~2 ms from a small process, 20-60 ms (blocking the event loop) from a server holding PGlite or a
// demo render holding a song. All ffmpeg runs therefore go through one small helper process per thread,
// which forks cheaply. stdout, when needed, goes straight to a file.
const HELPER_SOURCE = `
const { spawn } = require('node:child_process');
const { openSync, closeSync } = require('node:fs');
process.on('disconnect', () => process.exit(0));
process.on('message', (m) => {
  let outFd = 'ignore';
  try {
    if (m.stdoutFile) outFd = openSync(m.stdoutFile, 'w');
  } catch (e) {
    process.send({ id: m.id, code: -1, stderr: String(e) });
    return;
  }
  const child = spawn(m.cmd, m.args, { stdio: ['ignore', outFd, 'pipe'] });
  let err = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (c) => { err = (err + c).slice(-8000); });
  const done = (code, extra) => {
    if (typeof outFd === 'number') closeSync(outFd);
    process.send({ id: m.id, code, stderr: err + (extra || '') });
  };
  child.on('error', (e) => done(-1, String(e)));
  child.on('close', (code) => done(code === null ? -1 : code));
});
`;

type Pending = { resolve: (r: ProcessResult) => void };
let helper: ChildProcess | null = null;
let broken = false;
let nextId = 1;
const pending = new Map<number, Pending>();

function getHelper(): ChildProcess | null {
  if (helper || broken) return helper;
  try {
    // Plain node with no loader flags: the helper is plain CommonJS.
    const child = spawn(process.execPath, ['-e', HELPER_SOURCE], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    child.on('message', (m: { id: number } & ProcessResult) => {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (pending.size === 0) idle(child);
      p.resolve({ code: m.code, stderr: m.stderr });
    });
    child.on('exit', () => {
      if (helper === child) helper = null;
      // Anything in flight is lost with the helper: report it as a failed run rather than hang.
      for (const [id, p] of pending) {
        pending.delete(id);
        p.resolve({ code: -1, stderr: 'ffmpeg helper process exited' });
      }
    });
    child.on('error', () => {
      broken = true;
      if (helper === child) helper = null;
    });
    helper = child;
    idle(child);
  } catch {
    broken = true;
  }
  return helper;
}

// The helper must not keep the program alive when nothing is running through it.
function idle(child: ChildProcess): void {
  child.unref();
  child.channel?.unref();
}

export function runProcess(req: ProcessRequest): Promise<ProcessResult> {
  const child = getHelper();
  if (!child?.connected) return runDirect(req);
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, { resolve });
    child.ref();
    child.channel?.ref();
    child.send({ id, ...req }, (err) => {
      if (!err) return;
      pending.delete(id);
      resolve(runDirect(req));
    });
  });
}

// Fallback when no helper can be started: same contract, spawned from this process.
function runDirect(req: ProcessRequest): Promise<ProcessResult> {
  return new Promise((resolve) => {
    let outFd: number | 'ignore' = 'ignore';
    try {
      if (req.stdoutFile) outFd = openSync(req.stdoutFile, 'w');
    } catch (e) {
      resolve({ code: -1, stderr: String(e) });
      return;
    }
    const child = spawn(req.cmd, req.args, { stdio: ['ignore', outFd, 'pipe'] });
    let err = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (c: string) => {
      err = (err + c).slice(-8000);
    });
    const done = (code: number, extra = '') => {
      if (typeof outFd === 'number') closeSync(outFd);
      resolve({ code, stderr: err + extra });
    };
    child.on('error', (e) => done(-1, String(e)));
    child.on('close', (code) => done(code ?? -1));
  });
}

/** This thread's helper process, while it runs (for CPU accounting: its ffmpeg runs are its children). */
export function helperPid(): number | undefined {
  return helper?.pid;
}

// Ends this thread's helper and waits until it is gone (and reaped). For worker shutdown and CPU accounting;
// ordinary callers can ignore it, as an idle helper never keeps the program alive.
export function shutdownHelper(): Promise<void> {
  const child = helper;
  helper = null;
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.ref();
    child.disconnect();
  });
}
