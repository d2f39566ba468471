import { text } from 'node:stream/consumers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSseStreams, sseStream, type SseEvent } from './sse';

afterEach(() => vi.useRealTimers());

/** Events until the signal aborts, like watchJob on a job that never ends. */
async function* forever(signal: AbortSignal): AsyncGenerator<SseEvent> {
  yield { data: { n: 1 } };
  await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
}

describe('sseStream', () => {
  it('writes the retry field and each event, and ends with its producer', async () => {
    const before = openSseStreams();
    async function* two(): AsyncGenerator<SseEvent> {
      yield { data: { a: 1 } };
      yield { event: 'error', data: { error: 'X' } };
    }
    const { body } = sseStream(() => two());
    expect(await text(body)).toBe('retry: 2000\n\ndata: {"a":1}\n\nevent: error\ndata: {"error":"X"}\n\n');
    expect(openSseStreams()).toBe(before);
  });

  it('keeps a quiet stream alive, and ends it within a second once the server is stopping', async () => {
    vi.useFakeTimers();
    let stopping = false;
    const { body } = sseStream(forever, { heartbeatMs: 3000, shouldEnd: () => stopping });
    const received = text(body);
    await vi.advanceTimersByTimeAsync(3000);
    stopping = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(await received).toBe('retry: 2000\n\ndata: {"n":1}\n\n: keep-alive\n\n');
  });

  it('close() (the client went away) aborts the producer', async () => {
    let aborted = false;
    const { body, close } = sseStream(async function* (signal) {
      signal.addEventListener('abort', () => (aborted = true));
      yield* forever(signal);
    });
    const received = text(body);
    await new Promise((resolve) => setImmediate(resolve));
    close();
    expect(await received).toContain('data: {"n":1}');
    expect(aborted).toBe(true);
  });
});
