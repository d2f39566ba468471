import { EventEmitter } from 'node:events';
import { connect, createServer, type Socket } from 'node:net';

/**
 * A tiny TCP proxy for the scale-out test.
 * - In front of the app instances it is the load balancer: each new connection goes to the next
 *   target in turn, and a target that refuses the connection (a dead instance) is skipped.
 * - In front of the S3 store it is a gate: `limit(bytes)` lets that many more response bytes through
 *   and then holds the rest, so an instance can be frozen half-way through a job, deterministically.
 */
export type TcpProxy = {
  port: number;
  url: string;
  /** Connections each target accepted, by index. */
  accepted: number[];
  /** Response bytes (target → client) from now on, or null for no limit; emits 'stalled' when reached. */
  limit(bytes: number | null): void;
  readonly stalled: boolean;
  events: EventEmitter;
  close(): Promise<void>;
};

export async function startTcpProxy(targets: number[], host = '127.0.0.1'): Promise<TcpProxy> {
  let next = 0;
  let budget: number | null = null;
  let stalled = false;
  const events = new EventEmitter();
  const accepted = targets.map(() => 0);
  const sockets = new Set<Socket>();
  /** Target sockets whose data is held back, with what they sent past the budget. */
  const held: { upstream: Socket; client: Socket; rest: Buffer }[] = [];

  const forward = (upstream: Socket, client: Socket) => {
    upstream.on('data', (chunk: Buffer) => {
      if (budget === null) return void client.write(chunk);
      const pass = Math.min(budget, chunk.length);
      budget -= pass;
      if (pass > 0) client.write(chunk.subarray(0, pass));
      if (pass < chunk.length) {
        upstream.pause();
        held.push({ upstream, client, rest: chunk.subarray(pass) });
        if (!stalled) {
          stalled = true;
          events.emit('stalled');
        }
      }
    });
  };

  const server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    client.pause();
    const tryTarget = (attempt: number) => {
      if (attempt >= targets.length) return client.destroy();
      const index = next++ % targets.length;
      const upstream = connect(targets[index]!, host);
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      upstream.once('error', () => {
        if (!upstream.connecting && upstream.bytesRead + upstream.bytesWritten > 0) return client.destroy();
        tryTarget(attempt + 1);
      });
      upstream.once('connect', () => {
        accepted[index]! += 1;
        upstream.removeAllListeners('error');
        upstream.on('error', () => client.destroy());
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.pipe(upstream);
        forward(upstream, client);
        upstream.on('end', () => client.end());
        client.resume();
      });
    };
    tryTarget(0);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    url: `http://${host}:${port}`,
    accepted,
    events,
    get stalled() {
      return stalled;
    },
    limit(bytes) {
      budget = bytes;
      stalled = false;
      if (bytes !== null) return;
      for (const { upstream, client, rest } of held.splice(0)) {
        if (!client.destroyed) client.write(rest);
        upstream.resume();
      }
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
