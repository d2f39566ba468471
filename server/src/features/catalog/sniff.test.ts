import { describe, expect, it } from 'vitest';
import { wavBytes } from '../../../test/audio-fixtures';
import { resolveInFolder } from './manifest';
import { sniffAudio, sniffImage } from './sniff';

const bytes = (...xs: number[]) => Buffer.from(xs);

describe('content sniffing', () => {
  it('recognises WAV, FLAC, Ogg and MP3 (with or without an ID3 tag) by their first bytes', () => {
    expect(sniffAudio(wavBytes(new Float32Array(10)))).toBe('wav');
    expect(sniffAudio(Buffer.from('fLaC\0\0\0\x22'))).toBe('flac');
    const oggPage = (id: string) =>
      Buffer.concat([Buffer.from('OggS\0\x02'), Buffer.alloc(20), bytes(1, 30), Buffer.from(id, 'latin1')]);
    expect(sniffAudio(oggPage('\x01vorbis'))).toBe('ogg-vorbis');
    expect(sniffAudio(oggPage('OpusHead'))).toBe('ogg-opus');
    expect(sniffAudio(oggPage('\x7fFLAC'))).toBe('ogg-flac');
    expect(sniffAudio(Buffer.from('OggS\0\x02'))).toBeNull(); // a page too short to name its codec
    expect(sniffAudio(Buffer.concat([Buffer.from('ID3\x04\0\0\0\0\0\0'), bytes(0xff, 0xfb)]))).toBe('mp3');
    expect(sniffAudio(bytes(0xff, 0xfb, 0x90, 0x64))).toBe('mp3');
  });

  it('an ID3 tag in front of ADTS is AAC; a file of thousands of nested empty tags is answered without recursion', () => {
    expect(
      sniffAudio(Buffer.concat([Buffer.from('ID3\x04\0\0\0\0\0\0'), bytes(0xff, 0xf1, 0x50, 0x80, 0, 0x1f, 0xfc)])),
    ).toBe('aac');
    const nested = Buffer.concat(Array.from({ length: 6500 }, () => Buffer.from('ID3\x04\0\0\0\0\0\0')));
    expect(sniffAudio(nested)).toBe('mp3');
  });

  it('an ID3 tag in front of FLAC is FLAC', () => {
    expect(
      sniffAudio(Buffer.concat([Buffer.from('ID3\x04\0\0\0\0\0\x04'), bytes(0, 0, 0, 0), Buffer.from('fLaC')])),
    ).toBe('flac');
  });

  it('tells ADTS AAC (layer bits 00) from MP3, and rejects text and other containers', () => {
    expect(sniffAudio(bytes(0xff, 0xf1, 0x50, 0x80, 0, 0x1f, 0xfc))).toBe('aac');
    expect(sniffAudio(bytes(0xff, 0xf1, 0x3c, 0x80, 0, 0x1f, 0xfc))).toBeNull(); // sampling index 15: reserved
    expect(sniffAudio(Buffer.from('these are my notes'))).toBeNull();
    expect(sniffAudio(Buffer.from('RIFF\0\0\0\0AVI LIST'))).toBeNull();
    expect(sniffAudio(Buffer.alloc(0))).toBeNull();
  });

  it('recognises PNG, JPEG, WebP and SVG (after an XML declaration, comment or doctype)', () => {
    expect(sniffImage(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toEqual({
      ext: 'png',
      mime: 'image/png',
    });
    expect(sniffImage(bytes(0xff, 0xd8, 0xff, 0xe0))).toEqual({ ext: 'jpg', mime: 'image/jpeg' });
    expect(sniffImage(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toEqual({ ext: 'webp', mime: 'image/webp' });
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))?.mime).toBe('image/svg+xml');
    expect(
      sniffImage(
        Buffer.from('\ufeff<?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg>\n<svg width="1"></svg>'),
      )?.ext,
    ).toBe('svg');
  });

  it('rejects HTML, text and GIF as covers', () => {
    expect(sniffImage(Buffer.from('<html><svg></svg></html>'))).toBeNull();
    expect(sniffImage(Buffer.from('just text'))).toBeNull();
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull();
  });
});

describe('manifest paths', () => {
  it('resolves names inside the folder and refuses names that leave it', () => {
    expect(resolveInFolder('/music', 'covers/a.svg')).toBe('/music/covers/a.svg');
    expect(resolveInFolder('/music', './a/../b.wav')).toBe('/music/b.wav');
    expect(resolveInFolder('/music', '../etc/passwd')).toBeNull();
    expect(resolveInFolder('/music', 'a/../../x.wav')).toBeNull();
    expect(resolveInFolder('/music', '/etc/passwd')).toBeNull();
    expect(resolveInFolder('/music', 'a\0b.wav')).toBeNull();
  });
});
