import { afterEach, describe, expect, it, vi } from 'vitest';
import { action } from './language';

/** POST /language (decisions 075, 076): the cookie for the page, and the account's language when signed in. */

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function post(fields: Record<string, string>, cookie = '') {
  return new Request('http://store.example/language', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The action answers by throwing a Response (a redirect, or the 400). */
async function answer(request: Request): Promise<Response> {
  try {
    await action({ request, params: {}, context: {} } as Parameters<typeof action>[0]);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    // React Router's data() for the 400
    const init = (thrown as { init?: ResponseInit; data?: unknown }) ?? {};
    return new Response(JSON.stringify(init.data), { status: init.init?.status ?? 500 });
  }
  throw new Error('the action must answer with a redirect or an error');
}

afterEach(() => vi.restoreAllMocks());

describe('the language switch', () => {
  it('a signed-in reader’s choice is saved on the account (PATCH) and in the cookie', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ language: 'pl' }));
    const res = await answer(post({ language: 'pl', path: '/pricing' }, 'cm-user-token=tok-1; lang=en'));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/pricing');
    expect(res.headers.get('set-cookie')).toMatch(/^lang=pl; Path=\/; SameSite=Lax; Max-Age=31536000/);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(String(url)).toMatch(/\/v1\/account$/);
    expect(init!.method).toBe('PATCH');
    expect(JSON.parse(String(init!.body))).toEqual({ language: 'pl' });
    expect((init!.headers as Record<string, string>).authorization).toBe('Bearer tok-1');
  });

  it('a signed-out reader only gets the cookie: no API call', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const res = await answer(post({ language: 'en', path: '/' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('set-cookie')).toMatch(/^lang=en;/);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('switches the page even when the account cannot be updated, and says why in the log', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ error: 'INTERNAL', message: 'down' }, 500));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await answer(post({ language: 'pl', path: '/' }, 'cm-user-token=tok-2'));
    expect(res.status).toBe(303);
    expect(res.headers.get('set-cookie')).toMatch(/^lang=pl;/);
    expect(warn).toHaveBeenCalledWith('The account language could not be saved', expect.anything());
  });

  it('an expired session is not an error worth logging', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ error: 'verify jwt token', message: 'expired' }, 401));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await answer(post({ language: 'pl', path: '/' }, 'cm-user-token=old'));
    expect(res.status).toBe(303);
    expect(warn).not.toHaveBeenCalled();
  });

  it('refuses a language the store does not speak with 400, touching neither cookie nor account', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const res = await answer(post({ language: 'de', path: '/' }, 'cm-user-token=tok-3'));
    expect(res.status).toBe(400);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
