import { describe, expect, it } from 'vitest';
import { redirectFor } from './redirects';

describe('redirectFor', () => {
  it.each([
    ['/catalog/genres', '/c/genres'],
    ['/catalog/genres/rock/indie', '/c/genres/rock/indie'],
    ['/catalog/song/abc', '/c/song/abc'],
    ['/catalog', '/c/genres'],
    ['/faq', '/faq/rights'],
    ['/faq/', '/faq/rights'],
    ['/auth', '/auth/login'],
    ['/direct-music-licensing', '/'],
    ['/c/genres/rock-&-roll', '/c/genres/rock-and-roll'],
    ['/c/genres/rock-%26-roll', '/c/genres/rock-and-roll'],
    ['/c/genres/rock%26roll', '/c/genres/rock-and-roll'],
    ['/c/genres/rock&roll', '/c/genres/rock-and-roll'],
    ['/c/genres/rock%20%26%20roll', '/c/genres/rock-and-roll'],
    ['/c/genres/r-&-b/all', '/c/genres/r-and-b/all'],
    ['/c/moods/d%C3%ADa-de-muertos', '/c/moods/dia-de-muertos'],
    ['/c/moods/d%c3%ada-de-muertos', '/c/moods/dia-de-muertos'],
    ['/c/moods/día-de-muertos', '/c/moods/dia-de-muertos'],
    ['/catalog/genres/rock-&-roll', '/c/genres/rock-and-roll'],
  ])('%s → %s', (from, to) => {
    expect(redirectFor(from, '')).toBe(to);
  });

  it('applies the same rules under the /us edition', () => {
    expect(redirectFor('/us/catalog/genres', '')).toBe('/us/c/genres');
    expect(redirectFor('/us/faq', '')).toBe('/us/faq/rights');
    expect(redirectFor('/us/auth', '')).toBe('/us/auth/login');
    expect(redirectFor('/us/direct-music-licensing', '')).toBe('/us');
    expect(redirectFor('/us/c/genres/rock-%26-roll', '')).toBe('/us/c/genres/rock-and-roll');
    expect(redirectFor('/us/c/moods/d%C3%ADa-de-muertos', '')).toBe('/us/c/moods/dia-de-muertos');
  });

  it('keeps the query string', () => {
    expect(redirectFor('/catalog/genres', '?page=2&sort=new')).toBe('/c/genres?page=2&sort=new');
    expect(redirectFor('/faq', 'x=1')).toBe('/faq/rights?x=1');
    expect(redirectFor('/auth', '?')).toBe('/auth/login');
  });

  it('does not touch "&" in the query string', () => {
    expect(redirectFor('/c/genres', '?a=1&b=2')).toBeNull();
  });

  it('leaves a segment that is only an ampersand as "and"', () => {
    expect(redirectFor('/c/genres/&', '')).toBe('/c/genres/and');
  });

  it.each([
    '/',
    '/us',
    '/c/genres',
    '/c/genres/rock-and-roll',
    '/faq/rights',
    '/auth/login',
    '/cataloged',
    '/usa/faq',
    '/licenses',
  ])('returns null for %s', (path) => {
    expect(redirectFor(path, '')).toBeNull();
  });
});
