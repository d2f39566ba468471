import { describe, expect, it } from 'vitest';
import { editionOfPath, localizedPath } from './edition';

describe('edition', () => {
  it('reads the edition from the path', () => {
    expect(editionOfPath('/us')).toBe('us');
    expect(editionOfPath('/us/licenses')).toBe('us');
    expect(editionOfPath('/usa')).toBe('eu');
    expect(editionOfPath('/c/genres')).toBe('eu');
  });

  it('keeps US visitors in /us for the pages that have a US variant', () => {
    expect(localizedPath('/', 'us')).toBe('/us');
    expect(localizedPath('/licenses', 'us')).toBe('/us/licenses');
    expect(localizedPath('/licenses?period=year#plans', 'us')).toBe('/us/licenses?period=year#plans');
    expect(localizedPath('/privacy-policy', 'us')).toBe('/us/privacy-policy');
    expect(localizedPath('/register/signup', 'us')).toBe('/us/register/signup');
  });

  it('leaves other pages, EU links and already prefixed paths alone', () => {
    expect(localizedPath('/c/genres', 'us')).toBe('/c/genres');
    expect(localizedPath('/auth/login', 'us')).toBe('/auth/login');
    expect(localizedPath('/licenses', 'eu')).toBe('/licenses');
    expect(localizedPath('/us/licenses', 'us')).toBe('/us/licenses');
    expect(localizedPath('https://example.com/', 'us')).toBe('https://example.com/');
  });
});
