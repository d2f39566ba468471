import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxItem } from '@cuewave/contract/dev';
import { loader } from './mailbox';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const message: OutboxItem = {
  id: '5f0c6a54-7f0e-4a53-9f57-0f0d1c2b3a4e',
  channel: 'email',
  recipient: 'ann@example.test',
  subject: 'Your code',
  text: 'Your code is 123456',
  html: null,
  template: 'verify-email',
  createTS: '2030-03-01T09:00:00.000Z',
};

/** What server rendering hands the loader: web-app.ts sets X-Forwarded-For to the visitor's resolved address. */
const pageRequest = (visitor: string, query = '') =>
  new Request(`http://store.example/dev/mailbox${query}`, { headers: { 'x-forwarded-for': visitor } });

const run = (request: Request) => loader({ request, params: {}, context: {} } as Parameters<typeof loader>[0]);

afterEach(() => vi.restoreAllMocks());

describe('development mailbox page', () => {
  it('asks the API on behalf of the visitor, naming the visitor’s address, so the API can tell outsiders', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ items: [message] }));
    const data = await run(pageRequest('127.0.0.1'));
    expect(data.items).toEqual([message]);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(String(url)).toContain('/dev/outbox');
    expect((init!.headers as Record<string, string>)['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('is the 404 page, with no message in it, when the API answers an outsider 404', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(json({ error: 'NOT_FOUND', message: 'No route for GET /api/dev/outbox' }, 404));
    const outcome = await run(pageRequest('203.0.113.7', `?id=${message.id}`)).catch((thrown: unknown) => thrown);
    expect(outcome).toMatchObject({ init: { status: 404 }, data: null });
    expect((fetchSpy.mock.calls[0]![1]!.headers as Record<string, string>)['x-forwarded-for']).toBe('203.0.113.7');
    // The single message is not asked for separately once the list is hidden.
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});
