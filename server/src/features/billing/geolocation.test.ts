import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geolocationSchema } from '@cuewave/contract/billing';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { geoIpLoaded, isPublicIp } from './geolocation';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const locate = async (headers: Record<string, string> = {}) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/geolocation', headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return geolocationSchema.parse(res.json()).countryCode;
};

describe('GET /api/v1/geolocation', () => {
  it('answers null for local and private callers without loading the GeoIP database', async () => {
    expect(await locate()).toBeNull(); // inject() comes from 127.0.0.1
    for (const ip of ['10.1.2.3', '192.168.1.20', '172.16.5.4', '100.64.0.1', '169.254.1.1', '::1', 'fd00::1'])
      expect(await locate({ 'x-forwarded-for': ip }), ip).toBeNull();
    expect(await locate({ 'cf-ipcountry': 'pl' })).toBe('PL');
    expect(geoIpLoaded()).toBe(false);
  });

  it('takes the CDN country header first, in a fixed order', async () => {
    expect(await locate({ 'cf-ipcountry': 'DE', 'x-forwarded-for': '8.8.8.8' })).toBe('DE');
    expect(await locate({ 'cloudfront-viewer-country': 'cz' })).toBe('CZ');
    expect(await locate({ 'x-vercel-ip-country': 'GB' })).toBe('GB');
    expect(await locate({ 'x-country-code': ' us ' })).toBe('US');
    expect(await locate({ 'x-country-code': 'FR', 'cf-ipcountry': 'IT' })).toBe('IT');
  });

  it("ignores the CDN's unknown and Tor markers and anything that is not a country", async () => {
    for (const value of ['XX', 'T1', 'ZZ', 'EU', 'QQ', 'POL', '', '<b>'])
      expect(await locate({ 'cf-ipcountry': value }), value).toBeNull();
    // A useless first header falls through to the next one.
    expect(await locate({ 'cf-ipcountry': 'XX', 'x-country-code': 'NL' })).toBe('NL');
  });

  it('looks up a public client address (X-Forwarded-For from the trusted loopback proxy) in GeoIP', async () => {
    expect(await locate({ 'x-forwarded-for': '8.8.8.8' })).toBe('US');
    expect(await locate({ 'x-forwarded-for': '212.77.98.9' })).toBe('PL');
    expect(await locate({ 'x-forwarded-for': '2001:4860:4860::8888' })).toBe('US');
    expect(await locate({ 'cf-ipcountry': 'XX', 'x-forwarded-for': '81.2.69.142' })).toBe('GB');
    expect(geoIpLoaded()).toBe(true);
  });
});

describe('isPublicIp', () => {
  it('tells public from loopback, private, link-local and mapped private addresses', () => {
    expect(isPublicIp('8.8.8.8')).toBe(true);
    expect(isPublicIp('::ffff:8.8.8.8')).toBe(true);
    expect(isPublicIp('2a00:1450::1')).toBe(true);
    for (const ip of ['127.0.0.1', '::ffff:127.0.0.1', '::ffff:10.0.0.1', '10.0.0.1', 'fe80::1', '0.0.0.0', 'junk'])
      expect(isPublicIp(ip), ip).toBe(false);
  });
});
