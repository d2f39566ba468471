import { describe, expect, it } from 'vitest';
import { computePeaks } from './peaks';

describe('computePeaks', () => {
  it('returns 160 integer buckets by default', () => {
    const peaks = computePeaks(new Float32Array(16_000).fill(0.25));
    expect(peaks).toHaveLength(160);
    expect(peaks.every((p) => p === 100)).toBe(true);
  });

  it('normalises to the loudest bucket and follows the envelope', () => {
    const x = new Float32Array(1000);
    for (let i = 0; i < 1000; i++) x[i] = (i % 2 ? -1 : 1) * (i / 999) * 0.5; // linear ramp, alternating sign
    const peaks = computePeaks(x, 10);
    // Bucket b ends at sample 100b+99, whose level is (100b+99)/999 of the maximum.
    expect(peaks).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
  });

  it('uses absolute values, so a negative spike counts', () => {
    const x = new Float32Array(400);
    x[50] = 0.1;
    x[350] = -0.4;
    expect(computePeaks(x, 4)).toEqual([25, 0, 0, 100]);
  });

  it('handles silence, empty input and inputs shorter than the bucket count', () => {
    expect(computePeaks(new Float32Array(500), 5)).toEqual([0, 0, 0, 0, 0]);
    expect(computePeaks(new Float32Array(0), 3)).toEqual([0, 0, 0]);
    expect(computePeaks(Float32Array.from([0.5, -1]), 4)).toEqual([50, 50, 100, 100]);
  });
});
