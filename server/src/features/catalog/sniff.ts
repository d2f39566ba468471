import { open } from 'node:fs/promises';

/** What a file really is, from its first bytes; names and extensions can lie. */
export type AudioKind =
  | 'wav'
  | 'aiff'
  | 'flac'
  | 'ogg-vorbis'
  | 'ogg-opus'
  | 'ogg-flac'
  | 'ogg-speex'
  | 'mp3'
  | 'aac'
  | 'mp4'
  | 'caf'
  | 'wavpack'
  | 'wma'
  | 'matroska';
export type ImageKind = { ext: 'svg' | 'png' | 'jpg' | 'webp'; mime: string };

export const IMAGE_EXTENSIONS = new Set(['.svg', '.png', '.jpg', '.jpeg', '.webp']);

export async function readHead(path: string, bytes = 4096): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

// ISO-BMFF brands that hold still images, never sound (HEIF/AVIF photos also start with ftyp).
const IMAGE_BRANDS = new Set(['heic', 'heix', 'heif', 'mif1', 'msf1', 'avif', 'avis', 'crx ', 'jp2 ', 'jpx ']);
const ASF_GUID = Buffer.from([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62]);

/**
 * The container (and for Ogg, the codec of its first stream) from a file's first bytes, or null when they
 * are not audio that the bundled ffmpeg decodes. Every kind here was checked against that build (sniff.test.ts
 * makes a file of each with it and decodes it back).
 */
export function sniffAudio(head: Buffer): AudioKind | null {
  const ascii = (from: number, to: number) => head.toString('latin1', from, to);
  const magic = ascii(0, 4);
  if ((magic === 'RIFF' || magic === 'RF64') && ascii(8, 12) === 'WAVE') return 'wav';
  if (magic === 'FORM' && (ascii(8, 12) === 'AIFF' || ascii(8, 12) === 'AIFC')) return 'aiff';
  if (magic === 'fLaC') return 'flac';
  if (magic === 'OggS') return sniffOgg(head);
  if (magic === 'caff') return 'caf';
  if (magic === 'wvpk') return 'wavpack';
  if (head.length >= 16 && head.subarray(0, 14).equals(ASF_GUID)) return 'wma';
  // EBML: Matroska or WebM (.mka, .webm); one without an audio stream fails later, at decoding.
  if (magic === '\x1aE\xdf\xa3') return 'matroska';
  if (ascii(4, 8) === 'ftyp') return IMAGE_BRANDS.has(ascii(8, 12)) ? null : 'mp4';
  if (ascii(0, 3) === 'ID3' && head.length >= 10) {
    // An ID3v2 tag may precede FLAC or ADTS AAC too; what follows the tag decides when it is in the head.
    const tagSize =
      ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
    const footer = head[5]! & 0x10 ? 10 : 0;
    const after = 10 + tagSize + footer;
    // Not recursive: a file of nested empty tags must not be able to exhaust the stack.
    if (head.length >= after + 4) {
      const inner = head.subarray(after);
      if (inner.toString('latin1', 0, 4) === 'fLaC') return 'flac';
      if (isAdtsHeader(inner)) return 'aac';
    }
    return 'mp3';
  }
  if (isMpegAudioHeader(head)) return 'mp3';
  if (isAdtsHeader(head)) return 'aac';
  return null;
}

// MPEG audio frame header: 11 sync bits, a version that is not the reserved 01, a layer that is not the
// reserved 00 (ADTS uses 00), a bitrate index that is not 1111 and a sample-rate index that is not 11.
// Checking all fields keeps a binary file that happens to start with 0xFF 0xE? from passing as MP3.
function isMpegAudioHeader(h: Buffer): boolean {
  if (h.length < 4 || h[0] !== 0xff || (h[1]! & 0xe0) !== 0xe0) return false;
  const version = (h[1]! >> 3) & 3;
  const layer = (h[1]! >> 1) & 3;
  const bitrate = h[2]! >> 4;
  const rate = (h[2]! >> 2) & 3;
  return version !== 1 && layer !== 0 && bitrate !== 15 && rate !== 3;
}

// ADTS (raw AAC, .aac files): 12 sync bits, layer 00, a valid sampling index and a channel configuration.
function isAdtsHeader(h: Buffer): boolean {
  if (h.length < 7 || h[0] !== 0xff || (h[1]! & 0xf6) !== 0xf0) return false;
  const rateIndex = (h[2]! >> 2) & 0xf;
  return rateIndex < 13;
}

// The first Ogg page holds the first stream's identification header at byte 28 (after a one-segment table).
// Only the audio codecs ffmpeg decodes count; an Ogg that starts with Theora video (.ogv) is not audio.
function sniffOgg(head: Buffer): AudioKind | null {
  if (head.length < 27) return null;
  const segments = head[26]!;
  const body = head.subarray(27 + segments);
  const id = (s: string, at = 0) => body.toString('latin1', at, at + s.length) === s;
  if (id('OpusHead')) return 'ogg-opus';
  if (body[0] === 0x01 && id('vorbis', 1)) return 'ogg-vorbis';
  if (body[0] === 0x7f && id('FLAC', 1)) return 'ogg-flac';
  if (id('Speex   ')) return 'ogg-speex';
  return null;
}

/** What the first bytes of a file that is not audio look like, for the reason an operator reads. */
export function describeContent(head: Buffer): string {
  const ascii = head.toString('latin1', 0, 8);
  const image = sniffImage(head);
  if (image) return `it is a ${image.ext.toUpperCase()} image`;
  if (ascii.startsWith('PK\x03\x04')) return 'it is a ZIP archive';
  if (ascii.startsWith('%PDF')) return 'it is a PDF document';
  if (ascii.startsWith('GIF8')) return 'it is a GIF image';
  if (ascii.startsWith('OggS')) return 'an Ogg file without an audio stream first (video?)';
  if (ascii.startsWith('RIFF'))
    return `a RIFF file of type ${JSON.stringify(head.toString('latin1', 8, 12))}, not WAVE`;
  if (/^\s*</.test(head.toString('utf8', 0, 64))) return 'it is HTML or XML text';
  const sample = head.subarray(0, 512);
  const printable = sample.filter((b) => b === 9 || b === 10 || b === 13 || (b >= 32 && b < 127) || b >= 128).length;
  if (sample.length && printable === sample.length) return 'it is text';
  return 'unrecognised content';
}

export function sniffImage(head: Buffer): ImageKind | null {
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { ext: 'png', mime: 'image/png' };
  }
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return { ext: 'jpg', mime: 'image/jpeg' };
  if (head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP')
    return { ext: 'webp', mime: 'image/webp' };
  // SVG: text whose first element is <svg>, after an optional BOM, XML declaration, comments or doctype.
  const text = head.toString('utf8').replace(/^\ufeff/, '');
  const stripped = text.replace(/^\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*/i, '');
  if (/^<svg[\s>]/i.test(stripped)) return { ext: 'svg', mime: 'image/svg+xml' };
  return null;
}
