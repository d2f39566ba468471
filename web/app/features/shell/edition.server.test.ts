import { afterEach, describe, expect, it, vi } from 'vitest';
import { editionRedirectFor } from './edition.server';

afterEach(() => vi.restoreAllMocks());

const request = (path: string, headers: Record<string, string> = {}) => new Request(`http://local${path}`, { headers });
const geolocation = (countryCode: string | null) =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(
      new Response(JSON.stringify({ countryCode }), { status: 200, headers: { 'content-type': 'application/json' } }),
    );

describe('the root loader edition redirect', () => {
  it('a CDN country header of the US lands on /us, without asking the API', async () => {
    const fetchSpy = geolocation('PL');
    const { target } = await editionRedirectFor(request('/', { 'cf-ipcountry': 'US' }), false);
    expect(target).toBe('/us');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('a visitor who chose Europe stays on the EU page, even from the US', async () => {
    const { target } = await editionRedirectFor(
      request('/licenses', { 'cf-ipcountry': 'US', cookie: 'cw_edition=eu' }),
      false,
    );
    expect(target).toBeNull();
  });

  it('without a CDN header, asks the geolocation call once and keeps the answer for the session', async () => {
    const fetchSpy = geolocation('US');
    const first = await editionRedirectFor(request('/', { 'x-forwarded-for': '203.0.113.9' }), false);
    expect(first.target).toBe('/us');
    expect(String(fetchSpy.mock.calls[0]![0])).toContain('/v1/geolocation');
    expect(first.headers.get('set-cookie')).toMatch(/^cw_country=US; Path=\//);

    fetchSpy.mockClear();
    const again = await editionRedirectFor(request('/', { cookie: 'cw_country=US' }), false);
    expect(again.target).toBe('/us');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('an unknown country stays on the EU edition and is remembered as unknown', async () => {
    geolocation(null);
    const { target, headers } = await editionRedirectFor(request('/'), false);
    expect(target).toBeNull();
    expect(headers.get('set-cookie')).toMatch(/^cw_country=XX;/);
  });

  it('a failed lookup renders the EU page and is not remembered', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('fetch failed'));
    const { target, headers } = await editionRedirectFor(request('/'), false);
    expect(target).toBeNull();
    expect(headers.get('set-cookie')).toBeNull();
  });
});
