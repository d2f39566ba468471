import { PassThrough, type Readable } from 'node:stream';

/** One server-sent event: `event` omitted means the default `message` event. */
export type SseEvent = { event?: string; data: unknown };

export const formatSse = ({ event, data }: SseEvent) =>
  `${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`;

export type SseOptions = {
  /** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
  heartbeatMs?: number;
  /** Ends the stream early (the server is stopping: the client reconnects to another instance). */
  shouldEnd?: () => boolean;
  /** Where a producer's failure is logged; the client only gets a generic error event. */
  onError?: (error: unknown) => void;
};

const TICK_MS = 1000;

let open = 0;
/** Streams still open in this process (tests check that a closed connection releases its stream). */
export const openSseStreams = () => open;

/**
 * A text/event-stream body fed by `events`. `close()` (call it when the connection closes) aborts the
 * signal handed to `events`, so the producer stops polling at once: a client that went away leaves
 * no timer, query loop or stream behind.
 */
export function sseStream(
  events: (signal: AbortSignal) => AsyncIterable<SseEvent>,
  { heartbeatMs = 15_000, shouldEnd, onError }: SseOptions = {},
): { body: Readable; close: () => void } {
  const body = new PassThrough();
  const controller = new AbortController();
  open += 1;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    open -= 1;
    clearInterval(heartbeat);
    controller.abort();
    body.end();
  };
  // Every second: end at once when the server is stopping; every heartbeatMs: a keep-alive comment.
  let quietMs = 0;
  const heartbeat = setInterval(() => {
    if (shouldEnd?.()) return close();
    quietMs += TICK_MS;
    if (quietMs < heartbeatMs) return;
    quietMs = 0;
    body.write(': keep-alive\n\n');
  }, TICK_MS);
  heartbeat.unref?.();

  void (async () => {
    try {
      // How long a browser's EventSource waits before reconnecting after the stream ends early.
      body.write('retry: 2000\n\n');
      for await (const event of events(controller.signal)) {
        if (closed) break;
        body.write(formatSse(event));
        if (shouldEnd?.()) break;
      }
    } catch (error) {
      onError?.(error);
      // Internals never reach a client (architecture §6).
      const data = { error: 'INTERNAL', message: 'The progress stream failed. Please try again.' };
      if (!closed) body.write(formatSse({ event: 'error', data }));
    } finally {
      close();
    }
  })();
  return { body, close };
}
