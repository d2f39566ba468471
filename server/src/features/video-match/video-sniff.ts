import type { VideoContainer } from '@cuewave/contract/video-match';

/** Bytes enough to tell the containers apart. */
export const SNIFF_BYTES = 64;

export type Sniffed = { kind: 'video'; container: VideoContainer } | { kind: 'other'; what: string };

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/**
 * The container, read from the file's first bytes; the name and the Content-Type are never trusted
 * (a zip renamed .mp4 is a zip). ISO media (mp4, mov) starts with a box whose type is `ftyp` (or, in
 * old QuickTime files, `moov`/`mdat`/`wide`/`free`); Matroska and WebM start with the EBML magic and
 * name their DocType in the header.
 */
export function sniffVideo(head: Buffer): Sniffed {
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (brand === 'qt  ') return { kind: 'video', container: 'mov' };
    // Audio-only brands (M4A, M4B) are still ISO media: the probe tells them apart by their streams.
    return { kind: 'video', container: 'mp4' };
  }
  if (head.length >= 8 && ['moov', 'mdat', 'wide', 'free', 'skip'].includes(ascii(head, 4, 8))) {
    return { kind: 'video', container: 'mov' };
  }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) {
    return { kind: 'video', container: head.includes('webm', 0, 'latin1') ? 'webm' : 'mkv' };
  }
  return { kind: 'other', what: describeOther(head) };
}

function describeOther(head: Buffer): string {
  if (head.length === 0) return 'an empty file';
  if (ascii(head, 0, 4) === 'PK\u0003\u0004' || ascii(head, 0, 4) === 'PK\u0005\u0006') return 'a zip archive';
  if (ascii(head, 0, 4) === 'RIFF') return ascii(head, 8, 12) === 'AVI ' ? 'an AVI video' : 'a RIFF file (WAV audio?)';
  if (ascii(head, 0, 3) === 'ID3' || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)) return 'an MP3 file';
  if (ascii(head, 0, 4) === 'OggS') return 'an Ogg file';
  if (ascii(head, 0, 4) === 'fLaC') return 'a FLAC file';
  if (head[0] === 0xff && head[1] === 0xd8) return 'a JPEG picture';
  if (ascii(head, 1, 4) === 'PNG') return 'a PNG picture';
  if (ascii(head, 0, 4) === '%PDF') return 'a PDF document';
  if (head[0] === 0x47 && head.length > 188 && head[188] === 0x47) return 'an MPEG transport stream';
  return 'not a video file';
}
