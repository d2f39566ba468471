/**
 * Parsing of the HTTP `Range` request header (RFC 9110 §14) for a representation of `size` bytes.
 *
 * Outcomes:
 * - `none`: no usable Range. Absent, another unit, malformed syntax, or more than one range: RFC 9110
 *   lets a server ignore such a header, and the caller answers 200 with the whole file. Media players
 *   only ever ask for one range, so multipart/byteranges responses are not worth their complexity.
 * - `range`: one satisfiable range, clamped to the file; answer 206 with `Content-Range`.
 * - `unsatisfiable`: well-formed, but no byte of it lies inside the file (including any range on an
 *   empty file); answer 416 with `Content-Range: bytes * /size`.
 */
export type ByteRange = { start: number; end: number };
export type RangeResult = { kind: 'none' } | { kind: 'range'; start: number; end: number } | { kind: 'unsatisfiable' };

const NONE: RangeResult = { kind: 'none' };
// Digits only: "+5", "0x10", "1e3" or "5.0" are not byte positions.
const SPEC = /^(\d*)-(\d*)$/;
// Longer than any real file offset; keeps Number() exact.
const MAX_DIGITS = 15;

export function parseRange(header: string | undefined, size: number): RangeResult {
  if (header === undefined) return NONE;
  const eq = header.indexOf('=');
  if (eq < 0) return NONE;
  if (header.slice(0, eq).trim().toLowerCase() !== 'bytes') return NONE;
  const specs = header
    .slice(eq + 1)
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (specs.length !== 1) return NONE;
  const m = SPEC.exec(specs[0]!);
  if (!m) return NONE;
  const [, first = '', last = ''] = m;
  if (first.length > MAX_DIGITS || last.length > MAX_DIGITS) return NONE;
  if (first === '' && last === '') return NONE;

  if (first === '') {
    // Suffix range: the last n bytes. "-0" asks for nothing and can never be satisfied.
    const n = Number(last);
    if (n === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  // last < first is invalid syntax, which the RFC says to ignore rather than reject.
  if (last !== '' && end < start) return NONE;
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'range', start, end: Math.min(end, size - 1) };
}

export function contentRange(range: ByteRange, size: number): string {
  return `bytes ${range.start}-${range.end}/${size}`;
}

export function unsatisfiedContentRange(size: number): string {
  return `bytes */${size}`;
}

/**
 * Whether a conditional header's entity-tag list matches `etag`. Weak comparison (for If-None-Match):
 * the W/ prefix is ignored. `*` matches any current representation.
 */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const trimmed = header.trim();
  if (trimmed === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const want = opaque(etag);
  return trimmed.split(',').some((tag) => opaque(tag) === want);
}

/**
 * If-Range (RFC 9110 §13.1.5): the Range applies only when the validator still identifies this
 * representation. An entity tag must match strongly (weak tags never do); a date must equal
 * Last-Modified exactly. Absent header: the Range applies.
 */
export function ifRangeAllows(header: string | undefined, etag: string, lastModified: Date): boolean {
  if (header === undefined) return true;
  const value = header.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === etag && !etag.startsWith('W/');
  const date = Date.parse(value);
  if (Number.isNaN(date)) return false;
  return Math.floor(date / 1000) === Math.floor(lastModified.getTime() / 1000);
}
