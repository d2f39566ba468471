import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiSend, setRequestToken, setSessionExpiredHandler, withQuery } from './api';

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const unauthorized = () => json({ error: 'verify jwt token', message: 'Token expired' }, 401);

function setToken(value: string | null) {
  document.cookie = value ? `cm-user-token=${value}; path=/` : 'cm-user-token=; path=/; max-age=0';
}

type Call = { url: string; method: string; headers: Record<string, string>; body: string | undefined };
function calls(spy: { mock: { calls: unknown[][] } }): Call[] {
  return spy.mock.calls.map(([url, init]) => {
    const i = (init ?? {}) as RequestInit;
    return {
      url: String(url),
      method: i.method ?? 'GET',
      headers: (i.headers ?? {}) as Record<string, string>,
      body: i.body as string | undefined,
    };
  });
}

let expired: ReturnType<typeof vi.fn>;
beforeEach(() => {
  expired = vi.fn();
  setSessionExpiredHandler(expired as unknown as () => void);
});
afterEach(() => {
  setToken(null);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('bearer token', () => {
  it('sends the cm-user-token cookie as a bearer header', async () => {
    setToken('abc');
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ ok: true }));
    await apiGet('/auth/me');
    expect(calls(fetchSpy)[0]!.headers.authorization).toBe('Bearer abc');
    expect(calls(fetchSpy)[0]!.url).toBe('/api/auth/me');
  });

  it('sends no authorization header when signed out', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json([]));
    await apiGet('/v1/genre');
    expect(calls(fetchSpy)[0]!.headers.authorization).toBeUndefined();
  });

  it('server side: reads the bearer from the request cookie, not the document', async () => {
    setToken('browser');
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({}));
    const request = new Request('http://x/dashboard', { headers: { cookie: 'a=1; cm-user-token=from-request' } });
    await apiGet('/v1/account', { request });
    expect(calls(fetchSpy)[0]!.headers.authorization).toBe('Bearer from-request');
  });

  it('server side: tells the API the visitor’s language (cookie, then browser) without passing the cookie on', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ ok: true }));
    const chosen = new Request('http://local/', { headers: { cookie: 'lang=pl', 'accept-language': 'en-US' } });
    const browser = new Request('http://local/', { headers: { 'accept-language': 'de-DE, pl;q=0.5' } });
    await apiGet('/v1/genre', { request: chosen });
    await apiGet('/v1/genre', { request: browser });
    await apiGet('/v1/genre', { request: new Request('http://local/') });
    expect(calls(fetchSpy).map((c) => c.headers['accept-language'])).toEqual(['pl', 'pl', 'en']);
    expect(calls(fetchSpy)[0]!.headers.cookie).toBeUndefined();
  });

  it('server side: passes the visitor address on, so per-IP limits count visitors', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ ok: true }));
    const request = new Request('http://local/licenses/verify/CW-1', { headers: { 'x-forwarded-for': '203.0.113.7' } });
    await apiGet('/v1/license/verify/CW-1', { request });
    expect(calls(fetchSpy)[0]!.headers['x-forwarded-for']).toBe('203.0.113.7');
  });

  it('server side: a token refreshed for the request wins over its cookie', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({}));
    const request = new Request('http://x/', { headers: { cookie: 'cm-user-token=stale' } });
    setRequestToken(request, Promise.resolve('fresh'));
    await apiGet('/v1/account', { request });
    expect(calls(fetchSpy)[0]!.headers.authorization).toBe('Bearer fresh');
  });

  it('server side: no bearer for a request without the cookie, and no refresh on 401', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(unauthorized());
    const request = new Request('http://x/');
    await expect(apiGet('/v1/account', { request })).rejects.toMatchObject({ status: 401 });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(calls(fetchSpy)[0]!.headers.authorization).toBeUndefined();
    expect(expired).not.toHaveBeenCalled();
  });
});

describe('401: one refresh, one retry, else sign-out', () => {
  it('refreshes with the refresh-token grant and retries with the new cookie', async () => {
    setToken('old');
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      if (String(url) === '/api/auth/token') {
        setToken('new'); // the API's Set-Cookie
        return json({ access_token: 'new', token_type: 'Bearer', expires_in: 900, refresh_token: 'r2' });
      }
      return calls(fetchSpy).filter((c) => c.url === '/api/v1/account').length === 1
        ? unauthorized()
        : json({ email: 'a@b.co' });
    });
    await expect(apiGet('/v1/account')).resolves.toEqual({ email: 'a@b.co' });
    const made = calls(fetchSpy);
    expect(made.map((c) => c.url)).toEqual(['/api/v1/account', '/api/auth/token', '/api/v1/account']);
    expect(made[1]!.method).toBe('POST');
    expect(made[1]!.body).toBe('grant_type=refresh_token');
    expect(made[2]!.headers.authorization).toBe('Bearer new');
    expect(expired).not.toHaveBeenCalled();
  });

  it('signs out locally when the refresh fails', async () => {
    setToken('old');
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (url) =>
        String(url) === '/api/auth/token'
          ? json({ error: 'verify jwt token', message: 'revoked' }, 401)
          : unauthorized(),
      );
    await expect(apiSend('POST', '/v1/account', { json: { newsletter: true } })).rejects.toMatchObject({ status: 401 });
    expect(calls(fetchSpy).map((c) => c.url)).toEqual(['/api/v1/account', '/api/auth/token']);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('signs out locally when the retry is refused again', async () => {
    setToken('old');
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
      if (String(url) === '/api/auth/token') {
        setToken('new');
        return json({ access_token: 'new' });
      }
      return unauthorized();
    });
    await expect(apiGet('/v1/account')).rejects.toBeInstanceOf(ApiError);
    expect(calls(fetchSpy).map((c) => c.url)).toEqual(['/api/v1/account', '/api/auth/token', '/api/v1/account']);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('does not refresh when signed out: a 401 is just an error', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(unauthorized());
    await expect(apiGet('/v1/account')).rejects.toMatchObject({ status: 401 });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(expired).not.toHaveBeenCalled();
  });

  it('a wrong password on the token endpoint is not an expired session', async () => {
    setToken('still-here');
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(json({ error: 'wrong credentials or client not found', message: 'no' }, 401));
    const error = await apiSend('POST', '/auth/token', { form: { grant_type: 'password' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).body.error).toBe('wrong credentials or client not found');
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(expired).not.toHaveBeenCalled();
  });

  it('a wrong password on a signed-in call (delete account) is an error, not an expired session', async () => {
    setToken('still-here');
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(json({ error: 'wrong credentials or client not found', message: 'no' }, 401));
    await expect(apiSend('DELETE', '/v1/account', { json: { password: 'typo' } })).rejects.toMatchObject({
      status: 401,
      body: { error: 'wrong credentials or client not found' },
    });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(expired).not.toHaveBeenCalled();
  });

  it('calls hitting 401 together share one refresh', async () => {
    setToken('old');
    let refreshes = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      if (String(url) === '/api/auth/token') {
        refreshes++;
        await new Promise((r) => setTimeout(r, 5));
        setToken('new');
        return json({ access_token: 'new' });
      }
      const auth = ((init?.headers ?? {}) as Record<string, string>).authorization;
      return auth === 'Bearer new' ? json({ ok: true }) : unauthorized();
    });
    await Promise.all([apiGet('/v1/a'), apiGet('/v1/b'), apiSend('POST', '/v1/c')]);
    expect(refreshes).toBe(1);
  });

  it('serialises the refresh across tabs with navigator.locks and skips it when another tab already refreshed', async () => {
    setToken('old');
    const request = vi.fn(async (_name: string, run: () => Promise<boolean>) => {
      setToken('set-by-another-tab'); // the other tab held the lock and rotated the session
      return run();
    });
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async (_url, init) =>
        ((init?.headers ?? {}) as Record<string, string>).authorization === 'Bearer set-by-another-tab'
          ? json({ ok: true })
          : unauthorized(),
      );
    await expect(apiGet('/v1/account')).resolves.toEqual({ ok: true });
    expect(request).toHaveBeenCalledWith('cm-session-refresh', expect.any(Function));
    expect(calls(fetchSpy).map((c) => c.url)).toEqual(['/api/v1/account', '/api/v1/account']);
  });
});

describe('GET retry', () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a GET once after %i', async (status) => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(json({ error: 'X', message: 'x' }, status))
      .mockResolvedValueOnce(json({ ok: true }));
    await expect(apiGet('/v1/genre')).resolves.toEqual({ ok: true });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('gives up after the second failure', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => json({ error: 'X', message: 'x' }, 503));
    await expect(apiGet('/v1/genre')).rejects.toMatchObject({ status: 503 });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it.each([400, 403, 404, 422])('does not retry after %i', async (status) => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ error: 'X', message: 'x' }, status));
    await expect(apiGet('/v1/genre')).rejects.toMatchObject({ status });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('never retries a write', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ error: 'X', message: 'x' }, 503));
    await expect(apiSend('POST', '/v1/account/rate', { json: { value: 5 } })).rejects.toMatchObject({ status: 503 });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});

describe('apiSend', () => {
  it('sends JSON bodies and resolves 204 to undefined', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiSend('DELETE', '/v1/account/mobile', { json: { a: 1 } })).resolves.toBeUndefined();
    const [call] = calls(fetchSpy);
    expect(call!.method).toBe('DELETE');
    expect(call!.headers['content-type']).toBe('application/json');
    expect(call!.body).toBe('{"a":1}');
  });

  it('sends forms url-encoded', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({}));
    await apiSend('POST', '/auth/token', { form: { grant_type: 'password', username: 'me@x.co', password: 'p&w' } });
    const [call] = calls(fetchSpy);
    expect(call!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(call!.body).toBe('grant_type=password&username=me%40x.co&password=p%26w');
  });

  it('turns error bodies into ApiError with the identifier and Retry-After', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json({ error: 'TOO_MANY_REQUESTS', message: 'Slow down' }, 429, { 'retry-after': '120' }),
    );
    const error = (await apiSend('POST', '/v1/account/password/reset', { json: {} }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(429);
    expect(error.body).toEqual({ error: 'TOO_MANY_REQUESTS', message: 'Slow down' });
    expect(error.retryAfter).toBe(120);
  });

  it('gives a non-JSON failure a generic identifier', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(apiSend('POST', '/v1/x')).rejects.toMatchObject({ status: 502, body: { error: 'HTTP_502' } });
  });
});

describe('withQuery', () => {
  it('drops empty values and joins arrays', () => {
    expect(withQuery('/x', { a: 'b', empty: '', none: undefined, list: ['1', '2'], n: 0 })).toBe(
      '/x?a=b&list=1%2C2&n=0',
    );
    expect(withQuery('/x')).toBe('/x');
  });
});
