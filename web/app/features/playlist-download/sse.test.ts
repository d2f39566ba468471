import { describe, expect, it } from 'vitest';
import { parseBlock, readSse } from './sse';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe('readSse', () => {
  it('yields events split across chunks, skipping comments and the retry field', async () => {
    const body = streamOf([
      'retry: 2000\n\n: keep-alive\n\ndata: {"filesProcessed":1,',
      '"totalFiles":3}\n\nevent: error\r\ndata: {"error":"ARCHIVE_FAILED"}\r\n\r\n',
    ]);
    const events = [];
    for await (const event of readSse(body)) events.push(event);
    expect(events).toEqual([
      { event: 'message', data: '{"filesProcessed":1,"totalFiles":3}' },
      { event: 'error', data: '{"error":"ARCHIVE_FAILED"}' },
    ]);
  });

  it('joins multi-line data and ignores a block with no data', () => {
    expect(parseBlock('data: a\ndata: b')).toEqual({ event: 'message', data: 'a\nb' });
    expect(parseBlock('event: ping')).toBeNull();
  });
});
