import { describe, expect, it } from 'vitest';
import { contentRange, etagMatches, ifRangeAllows, parseRange, unsatisfiedContentRange } from './http-range';

describe('parseRange', () => {
  it('treats an absent header as no range', () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: 'none' });
  });

  it('reads a closed range a-b inclusively', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'range', start: 0, end: 9 });
    expect(parseRange('bytes=10-10', 100)).toEqual({ kind: 'range', start: 10, end: 10 });
  });

  it('reads an open range a- up to the last byte', () => {
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'range', start: 90, end: 99 });
    expect(parseRange('bytes=0-', 1)).toEqual({ kind: 'range', start: 0, end: 0 });
  });

  it('clamps a last byte beyond the end of the file', () => {
    expect(parseRange('bytes=50-5000', 100)).toEqual({ kind: 'range', start: 50, end: 99 });
  });

  it('reads a suffix range -n as the last n bytes, or the whole file when n exceeds it', () => {
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'range', start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ kind: 'range', start: 0, end: 99 });
  });

  it('answers unsatisfiable when the first byte is at or past the end', () => {
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=100-200', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
  });

  it('answers unsatisfiable for any range of a zero-length file', () => {
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-0', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-5', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores malformed headers so the whole file is served', () => {
    for (const header of [
      '',
      'bytes',
      'bytes=',
      'bytes=-',
      'bytes=abc',
      'bytes=1-a',
      'bytes=+1-5',
      'bytes=1.5-3',
      'bytes=0x10-20',
      'bytes=5-2',
      'items=0-5',
      '0-5',
      'bytes=1234567890123456-',
    ]) {
      expect(parseRange(header, 100), header).toEqual({ kind: 'none' });
    }
  });

  it('accepts the unit in any case and spaces around the range', () => {
    expect(parseRange('Bytes= 5-6 ', 100)).toEqual({ kind: 'range', start: 5, end: 6 });
  });

  it('ignores a request for several ranges (the whole file is served instead of multipart)', () => {
    expect(parseRange('bytes=0-1,5-6', 100)).toEqual({ kind: 'none' });
    expect(parseRange('bytes=0-1, -5', 100)).toEqual({ kind: 'none' });
  });

  it('formats Content-Range for partial and unsatisfiable answers', () => {
    expect(contentRange({ start: 0, end: 9 }, 100)).toBe('bytes 0-9/100');
    expect(unsatisfiedContentRange(100)).toBe('bytes */100');
  });
});

describe('conditional headers', () => {
  const etag = '"abc123"';
  const modified = new Date('2025-01-02T03:04:05.678Z');

  it('If-None-Match matches the same tag, a weak form of it, a list containing it, or *', () => {
    expect(etagMatches('"abc123"', etag)).toBe(true);
    expect(etagMatches('W/"abc123"', etag)).toBe(true);
    expect(etagMatches('"x", "abc123"', etag)).toBe(true);
    expect(etagMatches('*', etag)).toBe(true);
    expect(etagMatches('"abc124"', etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
  });

  it('If-Range allows the range only for the same strong tag or the exact Last-Modified second', () => {
    expect(ifRangeAllows(undefined, etag, modified)).toBe(true);
    expect(ifRangeAllows('"abc123"', etag, modified)).toBe(true);
    expect(ifRangeAllows('W/"abc123"', etag, modified)).toBe(false);
    expect(ifRangeAllows('"other"', etag, modified)).toBe(false);
    expect(ifRangeAllows(modified.toUTCString(), etag, modified)).toBe(true);
    expect(ifRangeAllows(new Date(modified.getTime() - 60_000).toUTCString(), etag, modified)).toBe(false);
    expect(ifRangeAllows('not a date', etag, modified)).toBe(false);
  });
});
