import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiGet } from '../../lib/api';
import { getMe, loadSession } from './session.server';

const viewer = { account: { email: 'me@example.com' }, registrationStep: null };
const json = (body: unknown, status = 200, headers?: HeadersInit) =>
  new Response(JSON.stringify(body), { status, headers });
const unauthorized = () => json({ error: 'verify jwt token', message: 'expired' }, 401);

let n = 0;
/** Each test uses its own refresh token: refresh answers are shared for a few seconds by token. */
const token = (name: string) => `${name}-${++n}-${Math.random().toString(36).slice(2)}`;
const page = (cookie?: string) => new Request('http://web/c/genres', { headers: cookie ? { cookie } : {} });

/** A fake API: /auth/me accepts `valid` tokens; /auth/token rotates refresh tokens listed in `refreshable`. */
function fakeApi(valid: Set<string>, refreshable: Set<string>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
    const headers = new Headers(init?.headers);
    if (String(url).endsWith('/auth/me')) {
      const bearer = headers.get('authorization')?.replace('Bearer ', '') ?? '';
      return valid.has(bearer) ? json(viewer) : unauthorized();
    }
    if (String(url).endsWith('/auth/token')) {
      const sent = /cm-refresh-token=([^;]+)/.exec(headers.get('cookie') ?? '')?.[1];
      if (!sent || !refreshable.delete(decodeURIComponent(sent))) return unauthorized();
      const access = token('access');
      valid.add(access);
      const response = json({ access_token: access, token_type: 'Bearer', expires_in: 900, refresh_token: 'r2' });
      response.headers.append('set-cookie', `cm-user-token=${access}; Path=/`);
      response.headers.append('set-cookie', 'cm-refresh-token=r2; Path=/; HttpOnly');
      return response;
    }
    return json({ error: 'NOT_FOUND', message: 'x' }, 404);
  });
}

const urls = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map(([url]) => String(url));

afterEach(() => vi.restoreAllMocks());

describe('getMe', () => {
  it('costs a visitor nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const session = await getMe(page());
    expect(session.me).toBeNull();
    expect([...session.headers]).toEqual([]);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('loads the viewer with the cookie bearer, once per request', async () => {
    const access = token('access');
    const fetchSpy = fakeApi(new Set([access]), new Set());
    const request = page(`cm-user-token=${access}`);
    expect((await getMe(request)).me).toEqual(viewer);
    expect((await getMe(request)).me).toEqual(viewer);
    expect(urls(fetchSpy)).toEqual(['/api/auth/me']);
  });

  it('refreshes an expired token and passes the new cookies on', async () => {
    const refresh = token('refresh');
    const fetchSpy = fakeApi(new Set(), new Set([refresh]));
    const session = await getMe(page(`cm-user-token=expired; cm-refresh-token=${refresh}`));
    expect(session.me).toEqual(viewer);
    expect(session.headers.getSetCookie()).toEqual([
      expect.stringMatching(/^cm-user-token=access-/),
      'cm-refresh-token=r2; Path=/; HttpOnly',
    ]);
    expect(urls(fetchSpy)).toEqual(['/api/auth/me', '/api/auth/token', '/api/auth/me']);
    // Only the refresh cookie is forwarded to the token endpoint.
    const tokenCall = fetchSpy.mock.calls[1]!;
    expect(new Headers(tokenCall[1]?.headers).get('cookie')).toBe(`cm-refresh-token=${refresh}`);
  });

  it('refreshes without an access cookie when the refresh cookie is there', async () => {
    const refresh = token('refresh');
    fakeApi(new Set(), new Set([refresh]));
    expect((await getMe(page(`cm-refresh-token=${refresh}`))).me).toEqual(viewer);
  });

  it('shares one refresh between the loaders of a page load (each gets its own Request copy)', async () => {
    const refresh = token('refresh');
    const fetchSpy = fakeApi(new Set(), new Set([refresh]));
    const cookie = `cm-user-token=expired; cm-refresh-token=${refresh}`;
    const [root, layout] = await Promise.all([getMe(page(cookie)), getMe(page(cookie))]);
    expect(root.me).toEqual(viewer);
    expect(layout.me).toEqual(viewer);
    expect(urls(fetchSpy).filter((u) => u.endsWith('/auth/token'))).toHaveLength(1);
    expect(layout.headers.getSetCookie()).toEqual(root.headers.getSetCookie());
  });

  it('gives API calls of the same page load the refreshed bearer', async () => {
    const refresh = token('refresh');
    const valid = new Set<string>();
    const fetchSpy = fakeApi(valid, new Set([refresh]));
    const cookie = `cm-user-token=expired; cm-refresh-token=${refresh}`;
    await getMe(page(cookie));
    fetchSpy.mockImplementation(async (_url, init) => {
      const bearer = new Headers(init?.headers).get('authorization')?.replace('Bearer ', '') ?? '';
      return valid.has(bearer) ? json({ ok: true }) : unauthorized();
    });
    // A page loader with its own copy of the request: its cookie token is refused, then retried.
    await expect(apiGet('/v1/account', { request: page(cookie) })).resolves.toEqual({ ok: true });
  });

  it('drops a dead access cookie that nothing can renew', async () => {
    fakeApi(new Set(), new Set());
    const session = await getMe(page('cm-user-token=dead'));
    expect(session.me).toBeNull();
    expect(session.headers.getSetCookie()).toEqual(['cm-user-token=; Path=/; SameSite=Lax; Max-Age=0']);
  });

  it('remembers a refused refresh token so later pages do not try it again', async () => {
    const fetchSpy = fakeApi(new Set(), new Set());
    const dead = token('dead');
    const first = await getMe(page(`cm-user-token=x; cm-refresh-token=${dead}`));
    expect(first.me).toBeNull();
    const marker = first.headers.getSetCookie().find((c) => c.startsWith('cm-refresh-failed='))!;
    expect(marker).toMatch(/HttpOnly/);
    // The access cookie is cleared, the refresh cookie is left alone (another page load may have rotated it).
    expect(first.headers.getSetCookie().some((c) => c.startsWith('cm-refresh-token='))).toBe(false);

    fetchSpy.mockClear();
    const value = marker.split(';')[0];
    const second = await getMe(page(`cm-refresh-token=${dead}; ${value}`));
    expect(second.me).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('says the API is unavailable instead of "signed out" when it fails', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ error: 'INTERNAL', message: 'x' }, 500));
    const session = await loadSession(page('cm-user-token=t'));
    expect(session.me).toBeNull();
    expect(session.unavailable).toBe(true);
    expect(session.headers.getSetCookie()).toEqual([]);
  });

  it('forwards the client address and https for rate limits and Secure cookies', async () => {
    const access = token('access');
    const fetchSpy = fakeApi(new Set([access]), new Set());
    await getMe(
      new Request('https://shop.example/c', {
        headers: { cookie: `cm-user-token=${access}`, 'x-forwarded-for': '203.0.113.9' },
      }),
    );
    const headers = new Headers(fetchSpy.mock.calls[0]![1]?.headers);
    expect(headers.get('x-forwarded-for')).toBe('203.0.113.9');
    expect(headers.get('x-forwarded-proto')).toBe('https');
  });
});
