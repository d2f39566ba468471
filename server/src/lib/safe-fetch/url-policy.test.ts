import { describe, expect, it } from 'vitest';
import { SafeFetchError } from './errors';
import { safeFetch } from './safe-fetch';

const reasonOf = (p: Promise<unknown>) =>
  p.then(
    () => 'fetched',
    (e: unknown) => (e instanceof SafeFetchError ? e.reason : String(e)),
  );

describe('URL rules', () => {
  it.each([
    'file:///etc/passwd',
    'gopher://example.com:70/_GET%20/',
    'ftp://example.com/song.mp3',
    'data:audio/mpeg;base64,AAAA',
    'javascript:alert(1)',
    'ws://example.com/',
    'wss://example.com/',
    'blob:https://example.com/1',
    'dict://example.com:11211/stat',
    'ldap://example.com/',
    'mailto:a@example.com',
    'HTTP+unix://%2Fvar%2Frun%2Fdocker.sock/',
  ])('refuses the scheme of %s', async (url) => {
    expect(await reasonOf(safeFetch(url))).toBe('scheme-not-allowed');
  });

  it.each(['http://user:pass@example.com/', 'https://user@example.com/', 'http://:secret@example.com/'])(
    'refuses credentials in %s',
    async (url) => {
      expect(await reasonOf(safeFetch(url))).toBe('credentials-in-url');
    },
  );

  it.each([
    '',
    '   ',
    'not a url',
    'example.com/song.mp3',
    '//example.com/',
    '/relative/path',
    'http://',
    'http://exa mple.com/',
    'http://[::1/',
    `http://example.com/${'a'.repeat(5000)}`,
  ])('refuses %j as not a URL', async (url) => {
    expect(await reasonOf(safeFetch(url))).toBe('invalid-url');
  });

  it('refuses non-strings (a JSON body may carry anything)', async () => {
    expect(await reasonOf(safeFetch(42 as unknown as string))).toBe('invalid-url');
    expect(await reasonOf(safeFetch(null as unknown as string))).toBe('invalid-url');
  });

  it.each(['http://example.com:22/', 'http://example.com:6379/', 'https://example.com:25/'])(
    'refuses the port of %s by default',
    async (url) => {
      expect(await reasonOf(safeFetch(url))).toBe('port-not-allowed');
    },
  );
});
