/**
 * Waveform peaks (0..100) as the API sends them and the web draws them. Kept apart from the zod schemas
 * so the pages that draw a waveform do not bundle the validation library.
 */

/** Peaks the ingest stores per audio file; the product endpoint (song page) sends them all. */
export const WAVEFORM_PEAKS = 160;

/**
 * Peaks a listing sends for the version it shows: the most that any screen fed by a listing draws. At
 * 1440 px the player bar's waveform is about 600 px wide, 5 px a bar at 120, the home hero
 * draws 120 and the track rows 72 (decision 074).
 */
export const LISTING_WAVEFORM_BARS = 120;

/**
 * Reduces peaks to `bars` values, each the maximum of its bucket so that transients survive. With more
 * bars than peaks, neighbouring bars repeat a peak.
 */
export function resamplePeaks(peaks: readonly number[], bars: number): number[] {
  if (bars <= 0 || peaks.length === 0) return [];
  const out: number[] = [];
  for (let i = 0; i < bars; i++) {
    const start = Math.floor((i * peaks.length) / bars);
    const end = Math.max(start + 1, Math.floor(((i + 1) * peaks.length) / bars));
    let max = 0;
    for (let j = start; j < end && j < peaks.length; j++) max = Math.max(max, peaks[j] ?? 0);
    out.push(Math.min(100, Math.max(0, max)));
  }
  return out;
}

type PlayableFile = { type: string; duration: number };

/**
 * The version a product is shown and played as: the vocal mix when there is one, else the instrumental,
 * else the master, else any audio file. Listings carry this file's waveform only; the web plays it.
 */
export function shownFile<F extends PlayableFile>(files: readonly F[]): F | null {
  return (
    files.find((f) => f.type === 'vocal') ??
    files.find((f) => f.type === 'instrumental') ??
    files.find((f) => f.type === 'master') ??
    files.find((f) => f.type !== 'cover' && f.duration > 0) ??
    null
  );
}
