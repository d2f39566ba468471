/**
 * Names inside a playlist zip: `NN Title - Artist.ext`, and the stems of a track in a folder of the
 * same name. Titles come from uploaders, so a name is reduced to one safe path segment: no slashes,
 * no `..`, no characters Windows refuses, no control characters, no leading dot, bounded length.
 */

/** Characters Windows, macOS or zip tools treat specially, plus controls; each becomes a space. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f/\\:*?"<>|]/g;
/** Windows device names are refused as file names whatever the extension. */
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;
/** Bytes a segment may take before the number and the extension: zip tools handle 255 per segment. */
const MAX_SEGMENT_BYTES = 160;

/** One safe path segment (never empty: `fallback` when nothing is left). */
export function safeSegment(text: string, fallback = 'Untitled'): string {
  let name = text.normalize('NFC').replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();
  // Leading dots hide files (and `..` would climb out); trailing dots and spaces vanish on Windows.
  name = name.replace(/^[.\s]+/, '').replace(/[.\s]+$/, '');
  name = truncateUtf8(name, MAX_SEGMENT_BYTES).trim();
  if (!name || RESERVED.test(name)) return name ? `${name}_` : fallback;
  return name;
}

/** Cuts at a code point boundary so the UTF-8 form fits `maxBytes`. */
function truncateUtf8(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let out = '';
  let bytes = 0;
  for (const ch of text) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > maxBytes) break;
    out += ch;
    bytes += size;
  }
  return out;
}

/** `01`, `02`... with as many digits as the last number needs (at least two). */
export function trackNumber(index: number, total: number): string {
  return String(index + 1).padStart(Math.max(2, String(total).length), '0');
}

/** `NN Title - Artist` for the track at `index` (0-based) of `total`. */
export function trackBaseName(index: number, total: number, title: string, artist: string | null): string {
  const label = artist?.trim() ? `${title} - ${artist}` : title;
  return `${trackNumber(index, total)} ${safeSegment(label)}`;
}

/** The path of a track's main file in the zip. */
export function trackEntryName(base: string, ext: string): string {
  return `${base}.${ext}`;
}

/** The path of a stem inside the track's folder, e.g. `01 Title - Artist/Bass.wav`. */
export function stemEntryName(base: string, stemLabel: string, ext: string): string {
  return `${base}/${safeSegment(stemLabel, 'Stem')}.${ext}`;
}
