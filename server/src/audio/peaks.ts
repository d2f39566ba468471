// Waveform overview for the player: one 0..100 bar per bucket, scaled so the loudest bucket is 100.
export function computePeaks(mono: Float32Array, count = 160): number[] {
  const n = Math.max(0, Math.floor(count));
  const len = mono.length;
  const raw = new Float64Array(n);
  let max = 0;
  for (let b = 0; b < n && len > 0; b++) {
    const start = Math.floor((b * len) / n);
    // Shorter-than-count input still gets a value per bucket rather than gaps.
    const end = Math.max(start + 1, Math.floor(((b + 1) * len) / n));
    let peak = 0;
    for (let i = start; i < end && i < len; i++) {
      const v = Math.abs(mono[i]!);
      if (v > peak) peak = v;
    }
    raw[b] = peak;
    if (peak > max) max = peak;
  }
  const out = new Array<number>(n);
  for (let b = 0; b < n; b++) out[b] = max > 0 ? Math.round((raw[b]! / max) * 100) : 0;
  return out;
}
