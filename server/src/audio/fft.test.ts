import { describe, expect, it } from 'vitest';
import { RealFft } from './fft';

describe('RealFft', () => {
  it('matches a direct DFT power spectrum', () => {
    const n = 64;
    const x = Float64Array.from(
      { length: n },
      (_, i) => Math.sin(i * 0.7) + 0.3 * Math.cos(i * 2.1) + ((i * 7919) % 13) / 13 - 0.5,
    );
    const out = new Float64Array(n / 2 + 1);
    new RealFft(n).power(x, out);
    for (let k = 0; k <= n / 2; k++) {
      let re = 0;
      let im = 0;
      for (let t = 0; t < n; t++) {
        re += x[t]! * Math.cos((2 * Math.PI * k * t) / n);
        im -= x[t]! * Math.sin((2 * Math.PI * k * t) / n);
      }
      expect(out[k]).toBeCloseTo(re * re + im * im, 6);
    }
  });
});
