import { describe, expect, it } from 'vitest';
import {
  CHANNEL_TYPES,
  LICENCE_CODE_ALPHABET,
  normaliseChannelUrl,
  parseLicenceCode,
  type ChannelType,
} from './licence';

const ok = (type: ChannelType, input: string) => {
  const result = normaliseChannelUrl(type, input);
  if (!result.ok) throw new Error(`${type} ${input}: ${result.message}`);
  return result.url;
};
const problem = (type: ChannelType, input: string) => {
  const result = normaliseChannelUrl(type, input);
  if (result.ok) throw new Error(`${type} ${input} was accepted as ${result.url}`);
  return result.message;
};

describe('normaliseChannelUrl: good addresses, normalised', () => {
  it.each<[ChannelType, string, string]>([
    ['youtube', 'https://www.youtube.com/@CueWaveMusic', 'https://www.youtube.com/@CueWaveMusic'],
    ['youtube', 'https://YouTube.com/@cuewave/', 'https://www.youtube.com/@cuewave'],
    ['youtube', 'https://m.youtube.com/@cuewave/videos?view=0#top', 'https://www.youtube.com/@cuewave'],
    ['youtube', 'youtube.com/@cuewave', 'https://www.youtube.com/@cuewave'],
    [
      'youtube',
      'https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw',
      'https://www.youtube.com/channel/UC_x5XG1OV2P6uZZ5FSM9Ttw',
    ],
    ['youtube', 'https://www.youtube.com/c/GoogleDevelopers', 'https://www.youtube.com/c/GoogleDevelopers'],
    ['youtube', 'https://www.youtube.com/user/pewdiepie/featured', 'https://www.youtube.com/user/pewdiepie'],
    ['tiktok', 'https://www.tiktok.com/@cue.wave?lang=en', 'https://www.tiktok.com/@cue.wave'],
    ['tiktok', 'https://tiktok.com/@cue_wave/', 'https://www.tiktok.com/@cue_wave'],
    ['instagram', 'https://instagram.com/cuewave.music/', 'https://www.instagram.com/cuewave.music'],
    ['facebook', 'https://m.facebook.com/CuewaveMusic', 'https://www.facebook.com/CuewaveMusic'],
    [
      'facebook',
      'https://www.facebook.com/profile.php?id=100064123456789',
      'https://www.facebook.com/profile.php?id=100064123456789',
    ],
    ['twitch', 'https://twitch.tv/cuewave_live', 'https://www.twitch.tv/cuewave_live'],
    ['x', 'https://twitter.com/cuewave', 'https://x.com/cuewave'],
    ['x', 'https://www.x.com/cuewave?s=20', 'https://x.com/cuewave'],
    ['vimeo', 'https://www.vimeo.com/cuewave', 'https://vimeo.com/cuewave'],
    ['vimeo', 'https://vimeo.com/channels/staffpicks', 'https://vimeo.com/channels/staffpicks'],
    ['website', 'https://Studio.Example.COM/', 'https://studio.example.com'],
    ['website', 'https://studio.example.com/blog/?page=2#comments', 'https://studio.example.com/blog?page=2'],
    ['website', 'https://xn--bcher-kva.de/shop', 'https://xn--bcher-kva.de/shop'],
    ['website', 'https://bücher.de', 'https://xn--bcher-kva.de'],
    [
      'podcast',
      'https://podcasts.apple.com/us/podcast/the-show/id1234567',
      'https://podcasts.apple.com/us/podcast/the-show/id1234567',
    ],
    ['podcast', 'open.spotify.com/show/4rOoJ6Egrf8K2IrywzwOMk', 'https://open.spotify.com/show/4rOoJ6Egrf8K2IrywzwOMk'],
  ])('%s %s -> %s', (type, input, url) => {
    expect(ok(type, input)).toBe(url);
  });
});

describe('normaliseChannelUrl: bad addresses are refused with a reason', () => {
  it.each<[ChannelType, string, RegExp]>([
    // https only
    ['youtube', 'http://www.youtube.com/@cuewave', /https/],
    ['website', 'http://example.com', /https/],
    ['website', 'ftp://example.com/file', /https/],
    ['website', 'javascript:alert(1)', /https/],
    // host must match the platform
    ['youtube', 'https://www.tiktok.com/@cuewave', /YouTube channel address/],
    ['youtube', 'https://youtube.com.evil.example/@cuewave', /YouTube/],
    ['youtube', 'https://notyoutube.com/@cuewave', /YouTube/],
    ['tiktok', 'https://www.youtube.com/@cuewave', /TikTok/],
    ['x', 'https://instagram.com/cuewave', /X \(Twitter\)/],
    // not a channel on that platform
    ['youtube', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', /YouTube/],
    ['youtube', 'https://www.youtube.com/', /YouTube/],
    ['youtube', 'https://www.youtube.com/channel/notachannelid', /YouTube/],
    ['youtube', 'https://www.youtube.com/@cuewave/videos/extra', /YouTube/],
    ['youtube', 'https://www.youtube.com/@ab', /YouTube/],
    ['tiktok', 'https://www.tiktok.com/cuewave', /TikTok/],
    ['tiktok', 'https://www.tiktok.com/@cuewave/video/7234567890', /TikTok/],
    ['instagram', 'https://www.instagram.com/p/Cxyz123/', /Instagram/],
    ['instagram', 'https://www.instagram.com/explore', /Instagram/],
    ['facebook', 'https://www.facebook.com/groups/cuewave', /Facebook/],
    ['facebook', 'https://www.facebook.com/watch', /Facebook/],
    ['facebook', 'https://www.facebook.com/profile.php?id=abc', /Facebook/],
    ['twitch', 'https://www.twitch.tv/directory', /Twitch/],
    ['twitch', 'https://www.twitch.tv/videos/123456', /Twitch/],
    ['x', 'https://x.com/i/lists/123', /X/],
    ['x', 'https://x.com/cuewave/status/1234', /X/],
    ['x', 'https://x.com/a_name_far_too_long_for_x', /X/],
    ['vimeo', 'https://vimeo.com/76979871', /Vimeo/],
    ['vimeo', 'https://vimeo.com/watch', /Vimeo/],
    // credentials, ports, IPs, local names
    ['youtube', 'https://user:pw@www.youtube.com/@cuewave', /user name or password/],
    ['website', 'https://admin@example.com', /user name or password/],
    ['youtube', 'https://www.youtube.com:8443/@cuewave', /YouTube/],
    ['website', 'https://127.0.0.1/', /IP address/],
    ['website', 'https://2130706433/', /IP address/],
    ['website', 'https://0x7f.1/', /IP address/],
    ['website', 'https://[::1]/', /IP address/],
    ['website', 'https://10.0.0.8/admin', /IP address/],
    ['website', 'https://localhost/', /domain name|public/],
    ['website', 'https://app.localhost/', /public/],
    ['website', 'https://printer.local/', /public/],
    ['website', 'https://intranet/', /domain name/],
    ['podcast', 'https://example.123/', /domain name|https:\/\/ address/],
    // a platform's address under the generic types
    ['website', 'https://www.youtube.com/@cuewave', /choose YouTube/],
    ['podcast', 'https://twitter.com/cuewave', /choose X \(Twitter\)/],
    // garbage
    ['website', '', /https:\/\/ address/],
    ['website', '   ', /https:\/\/ address/],
    ['website', 'not a url at all', /https:\/\/ address|domain/],
    ['website', `https://example.com/${'a'.repeat(300)}`, /at most 300/],
  ])('%s %s', (type, input, message) => {
    expect(problem(type, input)).toMatch(message);
  });

  it('every type refuses an http address and names an example', () => {
    for (const type of CHANNEL_TYPES) {
      const message = problem(type, 'http://example.org/x');
      expect(message).toMatch(/like https:\/\//);
    }
  });
});

describe('licence codes', () => {
  it('the alphabet has 32 symbols without 0, O, 1 or I', () => {
    expect(new Set(LICENCE_CODE_ALPHABET).size).toBe(32);
    expect(LICENCE_CODE_ALPHABET).not.toMatch(/[01OI]/);
  });

  it.each([
    ['CW-7K3F-9QXD', 'CW-7K3F-9QXD'],
    [' cw-7k3f-9qxd ', 'CW-7K3F-9QXD'],
  ])('parses %j', (input, code) => {
    expect(parseLicenceCode(input)).toBe(code);
  });

  it.each([
    'CW-7K3F-9QX',
    'CW-0K3F-9QXD',
    'CW-OK3F-9QXD',
    'CW-1K3F-9QXD',
    'XX-7K3F-9QXD',
    'CW7K3F9QXD',
    '',
    "CW-7K3F-9QXD' OR 1=1",
  ])('refuses %j', (input) => {
    expect(parseLicenceCode(input)).toBeNull();
  });
});
