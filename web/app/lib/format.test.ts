import { describe, expect, it } from 'vitest';
import { formatDate, formatDuration, formatTime } from './format';

describe('formatTime', () => {
  it('prints m:ss by default', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(5)).toBe('0:05');
    expect(formatTime(59.5)).toBe('0:59');
    expect(formatTime(60)).toBe('1:00');
    expect(formatTime(125)).toBe('2:05');
    expect(formatTime(3599)).toBe('59:59');
    expect(formatTime(3600)).toBe('60:00');
  });

  it("prints 'm min s sec' in the long style", () => {
    expect(formatTime(0, 'long')).toBe('0 min 0 sec');
    expect(formatTime(59.5, 'long')).toBe('0 min 59 sec');
    expect(formatTime(60, 'long')).toBe('1 min 0 sec');
    expect(formatTime(3599, 'long')).toBe('59 min 59 sec');
  });

  it('treats NaN, infinities and negatives as zero', () => {
    expect(formatTime(Number.NaN)).toBe('0:00');
    expect(formatTime(-12)).toBe('0:00');
    expect(formatTime(Number.POSITIVE_INFINITY)).toBe('0:00');
    expect(formatTime(Number.NaN, 'long')).toBe('0 min 0 sec');
  });
});

describe('formatDuration', () => {
  it('rounds to the nearest second and never shows a real sound as 0:00', () => {
    expect(formatDuration(59.6)).toBe('1:00');
    expect(formatDuration(59.4)).toBe('0:59');
    expect(formatDuration(0.4)).toBe('0:01');
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
    expect(formatDuration(185.2, 'long')).toBe('3 min 5 sec');
  });

  it('rounds where a running clock floors, so a length is never shown a second short', () => {
    expect(formatDuration(64.6)).toBe('1:05');
    expect(formatTime(64.6)).toBe('1:04');
  });
});

describe('formatDate', () => {
  it("prints 'Mon D, YYYY' in en-US", () => {
    expect(formatDate(Date.UTC(2025, 0, 5, 12))).toBe('Jan 5, 2025');
    expect(formatDate(Date.UTC(2024, 11, 31, 23, 59))).toBe('Dec 31, 2024');
    expect(formatDate('2023-07-14T08:00:00Z')).toBe('Jul 14, 2023');
    expect(formatDate(new Date(Date.UTC(2020, 1, 29)))).toBe('Feb 29, 2020');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatDate(Number.NaN)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
