import { createServer, type Socket } from 'node:net';
import { type Resolver } from './options';

/**
 * Real TCP servers on 127.0.0.1 that write raw HTTP, so tests can misbehave in ways node:http refuses to
 * (lying Content-Length, endless bodies, silence). Used by the safe-fetch tests only.
 */
export interface RawServer {
  port: number;
  /** Request heads received, in order. */
  requests: string[];
  connections: number;
  /** One promise per connection, settled when that socket closes. */
  closed: Promise<void>[];
  close: () => Promise<void>;
}

export async function rawServer(handle: (socket: Socket, head: string, server: RawServer) => void): Promise<RawServer> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    state.connections++;
    sockets.add(socket);
    state.closed.push(new Promise((r) => socket.once('close', () => r())));
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let head = '';
    const onData = (d: Buffer) => {
      head += d.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      state.requests.push(head.slice(0, end));
      handle(socket, head.slice(0, end), state);
    };
    socket.on('data', onData);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const state: RawServer = {
    port: typeof address === 'object' && address ? address.port : 0,
    requests: [],
    connections: 0,
    closed: [],
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  return state;
}

export function respond(
  socket: Socket,
  status: number,
  headers: Record<string, string | number>,
  body: Buffer | string = '',
) {
  const lines = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  socket.write(`HTTP/1.1 ${status} X\r\n${lines}Connection: close\r\n\r\n`);
  socket.end(body);
}

export const ok = (socket: Socket, body: string) =>
  respond(socket, 200, { 'Content-Length': Buffer.byteLength(body) }, body);

/** A resolver from a fixed table, counting the calls per name (to prove one lookup per hop). */
export function tableResolver(table: Record<string, string | string[]>) {
  const calls: string[] = [];
  const resolve: Resolver = async (name) => {
    calls.push(name);
    const entry = table[name];
    if (!entry) throw Object.assign(new Error(`ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    return (Array.isArray(entry) ? entry : [entry]).map((address) => ({
      address,
      family: address.includes(':') ? 6 : 4,
    }));
  };
  return { resolve, calls };
}
