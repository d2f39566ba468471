import { describe, expect, it } from 'vitest';
import { displayTitle, parseOembed, parseOpenGraph, searchTextOf } from './page-metadata';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('oEmbed', () => {
  it('reads title and author_name', () => {
    expect(parseOembed(json({ title: 'Sunrise Drive', author_name: 'Ivy Moss', type: 'video' }))).toEqual({
      title: 'Sunrise Drive',
      artist: 'Ivy Moss',
    });
    expect(parseOembed(json({ title: 'Only a title' }))).toEqual({ title: 'Only a title', artist: null });
  });

  it('refuses what is not an oEmbed answer, and strips markup and control characters', () => {
    expect(parseOembed(Buffer.from('<html>nope</html>'))).toBeNull();
    expect(parseOembed(json({ author_name: 'No title' }))).toBeNull();
    expect(parseOembed(json(['title']))).toBeNull();
    expect(parseOembed(json({ title: 42 }))).toBeNull();
    expect(parseOembed(json({ title: '<b>Bold</b>\u0000 move\u202e', author_name: 'x'.repeat(5000) }))).toEqual({
      title: 'Bold move',
      artist: 'x'.repeat(200),
    });
  });
});

describe('Open Graph', () => {
  it('reads og:title and the music tags, in any attribute order and quoting', () => {
    const html = `<!doctype html><html><head><title>ignored</title>
      <meta content="Neon Rush" property="og:title">
      <meta name='music:musician_description' content='Sub Unit &amp; Friends'>
      <meta property=og:type content=music.song></head><body></body></html>`;
    expect(parseOpenGraph(html)).toEqual({ title: 'Neon Rush', artist: 'Sub Unit & Friends' });
  });

  it('falls back to twitter:title, then <title>; an artist that is a URL is dropped', () => {
    expect(parseOpenGraph('<meta name="twitter:title" content="Tw &#8211; It">')).toEqual({
      title: 'Tw – It',
      artist: null,
    });
    expect(parseOpenGraph('<title>Plain &quot;page&quot;</title>')).toEqual({ title: 'Plain "page"', artist: null });
    expect(
      parseOpenGraph(
        '<meta property="og:title" content="T"><meta property="music:creator" content="https://x.example/a">',
      ),
    ).toEqual({ title: 'T', artist: null });
    expect(parseOpenGraph('<html><body>no head</body></html>')).toBeNull();
  });
});

describe('search text', () => {
  it('drops site suffixes and video decorations, and adds the artist once', () => {
    expect(searchTextOf({ title: 'Neon Rush (Official Music Video) - YouTube', artist: 'Sub Unit' })).toBe(
      'Neon Rush Sub Unit',
    );
    expect(searchTextOf({ title: 'Neon Rush by Sub Unit', artist: 'Sub Unit' })).toBe('Neon Rush Sub Unit');
    expect(searchTextOf({ title: 'Sub Unit - Neon Rush [Lyrics]', artist: 'Sub Unit - Topic' })).toBe(
      'Sub Unit - Neon Rush',
    );
    expect(searchTextOf({ title: 'Piano Dawn on Apple Music', artist: null })).toBe('Piano Dawn');
    expect(displayTitle('Piano Dawn | Listen online for free on SoundCloud')).toBe('Piano Dawn');
  });
});
