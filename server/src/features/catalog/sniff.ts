import { open } from 'node:fs/promises';

/** What a file really is, from its first bytes; names and extensions can lie. */
export type AudioKind = 'wav' | 'mp3' | 'flac' | 'ogg';
export type ImageKind = { ext: 'svg' | 'png' | 'jpg' | 'webp'; mime: string };

export const AUDIO_EXTENSIONS = new Set(['.wav', '.mp3', '.flac', '.ogg']);
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

export function sniffAudio(head: Buffer): AudioKind | null {
  const ascii = (from: number, to: number) => head.toString('latin1', from, to);
  if ((ascii(0, 4) === 'RIFF' || ascii(0, 4) === 'RF64') && ascii(8, 12) === 'WAVE') return 'wav';
  if (ascii(0, 4) === 'fLaC') return 'flac';
  if (ascii(0, 4) === 'OggS') return 'ogg';
  if (ascii(0, 3) === 'ID3') {
    // An ID3v2 tag may precede FLAC too; what follows the tag decides.
    const tagSize =
      ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
    const after = 10 + tagSize;
    if (head.length >= after + 4 && head.toString('latin1', after, after + 4) === 'fLaC') return 'flac';
    return 'mp3';
  }
  // MPEG audio frame sync: 11 set bits, then a version, and a layer that is not the reserved 00 (ADTS AAC uses 00).
  if (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0 && ((head[1]! >> 1) & 3) !== 0) return 'mp3';
  return null;
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
