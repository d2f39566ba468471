import { describe, expect, it } from 'vitest';
import { classifyLink, streamingServiceOf } from './reference-url';

const own = new Set(['cuewave.example', 'localhost:3000']);

describe('classifyLink', () => {
  it.each([
    ['https://cuewave.example/c/song/neon-rush', 'neon-rush'],
    ['https://cuewave.example/c/song/neon-rush/', 'neon-rush'],
    ['https://cuewave.example/us/c/song/neon-rush?play=1#top', 'neon-rush'],
    ['http://localhost:3000/catalog/song/neon-rush', 'neon-rush'],
    ['https://cuewave.example/api/v1/product/music/neon-rush', 'neon-rush'],
    ['https://cuewave.example/v1/product/sfx/whoosh-1', 'whoosh-1'],
    ['/c/song/piano%2Ddawn', 'piano-dawn'],
    ['  /us/c/song/piano-dawn  ', 'piano-dawn'],
  ])('%s is our own track %s', (url, productId) => {
    expect(classifyLink(url, own)).toEqual({ kind: 'product', productId });
  });

  it('does not take a song path on another host, or an odd id, as ours', () => {
    expect(classifyLink('https://evil.example/c/song/neon-rush', own).kind).toBe('other');
    expect(classifyLink('https://cuewave.example/c/song/a%2Fb', own).kind).toBe('other');
    expect(classifyLink('https://cuewave.example/c/genres/pop', own).kind).toBe('other');
    expect(classifyLink('/c/genres/pop', own).kind).toBe('invalid');
    expect(classifyLink('//evil.example/c/song/x', own).kind).toBe('invalid');
  });

  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube'],
    ['https://youtu.be/dQw4w9WgXcQ', 'youtube'],
    ['https://music.youtube.com/watch?v=abc', 'youtube'],
    ['https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC', 'spotify'],
    ['https://soundcloud.com/artist/track', 'soundcloud'],
    ['https://on.soundcloud.com/abc', 'soundcloud'],
    ['https://music.apple.com/us/album/x/123?i=456', 'apple-music'],
    ['https://www.deezer.com/en/track/3135556', 'deezer'],
    ['https://deezer.page.link/abc', 'deezer'],
    ['https://www.tiktok.com/@user/video/123', 'tiktok'],
    ['https://vm.tiktok.com/ZM123/', 'tiktok'],
    ['https://vimeo.com/76979871', 'vimeo'],
    ['https://player.vimeo.com/video/76979871', 'vimeo'],
  ])('%s is a %s page', (url, service) => {
    expect(classifyLink(url, own)).toMatchObject({ kind: 'streaming', service });
  });

  it('does not mistake look-alike hosts for a service', () => {
    expect(streamingServiceOf('notyoutube.com')).toBeNull();
    expect(streamingServiceOf('youtube.com.evil.example')).toBeNull();
    expect(streamingServiceOf('apple.com')).toBeNull();
    expect(streamingServiceOf('YOUTUBE.COM.')).toBe('youtube');
  });

  it('leaves everything else to the fetcher, and says when it is not a URL at all', () => {
    expect(classifyLink('https://files.example/a.mp3', own).kind).toBe('other');
    expect(classifyLink('file:///etc/passwd', own).kind).toBe('other');
    expect(classifyLink('gopher://127.0.0.1:6379/_INFO', own).kind).toBe('other');
    expect(classifyLink('just some words', own).kind).toBe('invalid');
    expect(classifyLink('', own).kind).toBe('invalid');
  });
});
