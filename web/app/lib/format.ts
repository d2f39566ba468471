/**
 * Display formatting shared by the catalogue and the player (spec §9).
 * Pure and locale-fixed, so the server render and the browser's hydration print the same text.
 */

export type TimeStyle = 'clock' | 'long';

/** Whole seconds, floored; anything that isn't a finite, non-negative number counts as 0. */
function wholeSeconds(seconds: number): number {
  return Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
}

/**
 * 'clock' → 'm:ss' (minutes are not rolled into hours: 3600 → '60:00');
 * 'long' → 'm min s sec'.
 */
export function formatTime(seconds: number, style: TimeStyle = 'clock'): string {
  const total = wholeSeconds(seconds);
  const m = Math.floor(total / 60);
  const s = total % 60;
  return style === 'long' ? `${m} min ${s} sec` : `${m}:${String(s).padStart(2, '0')}`;
}

/**
 * A track's length wherever it is shown (lists, song page, the player's total): rounded to the
 * nearest second (a 59.6 s song reads 1:00), and never 0:00 for a sound that has any length at all
 * (a 0.4 s click reads 0:01). A running position uses formatTime, which floors: 64.6 s played is 1:04.
 */
export function formatDuration(seconds: number, style: TimeStyle = 'clock'): string {
  const rounded = Number.isFinite(seconds) && seconds > 0 ? Math.max(1, Math.round(seconds)) : 0;
  return formatTime(rounded, style);
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  // Fixed zone: server and browser must agree or hydration would differ around midnight.
  timeZone: 'UTC',
});

/** 'Mon D, YYYY' in en-US, e.g. 'Jan 5, 2025'. Unix ms, ISO string or Date; '' when invalid. */
export function formatDate(ts: number | string | Date): string {
  const date = ts instanceof Date ? ts : new Date(ts);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}
