// In-place iterative radix-2 FFT with tables built once per size; enough for short-time spectra.
export class Fft {
  readonly size: number;
  private readonly rev: Uint32Array;
  private readonly cos: Float64Array;
  private readonly sin: Float64Array;

  constructor(size: number) {
    if (size < 2 || (size & (size - 1)) !== 0) throw new Error('FFT size must be a power of two');
    this.size = size;
    this.rev = new Uint32Array(size);
    const bits = Math.log2(size);
    for (let i = 0; i < size; i++) {
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >>> b) & 1) << (bits - 1 - b);
      this.rev[i] = r;
    }
    this.cos = new Float64Array(size / 2);
    this.sin = new Float64Array(size / 2);
    for (let i = 0; i < size / 2; i++) {
      this.cos[i] = Math.cos((2 * Math.PI * i) / size);
      this.sin[i] = -Math.sin((2 * Math.PI * i) / size);
    }
  }

  transform(re: Float64Array, im: Float64Array): void {
    const n = this.size;
    const rev = this.rev;
    const cos = this.cos;
    const sin = this.sin;
    for (let i = 0; i < n; i++) {
      const j = rev[i]!;
      if (j > i) {
        const tr = re[i]!;
        re[i] = re[j]!;
        re[j] = tr;
        const ti = im[i]!;
        im[i] = im[j]!;
        im[j] = ti;
      }
    }
    for (let len = 2; len <= n; len <<= 1) {
      const half = len >>> 1;
      const step = n / len;
      for (let start = 0; start < n; start += len) {
        for (let k = 0; k < half; k++) {
          const wr = cos[k * step]!;
          const wi = sin[k * step]!;
          const a = start + k;
          const b = a + half;
          const xr = re[b]! * wr - im[b]! * wi;
          const xi = re[b]! * wi + im[b]! * wr;
          re[b] = re[a]! - xr;
          im[b] = im[a]! - xi;
          re[a] = re[a]! + xr;
          im[a] = im[a]! + xi;
        }
      }
    }
  }
}

// Power spectrum of a real frame through a half-size complex FFT (the even/odd split trick): half the work.
export class RealFft {
  readonly size: number;
  private readonly half: Fft;
  private readonly re: Float64Array;
  private readonly im: Float64Array;
  private readonly wr: Float64Array;
  private readonly wi: Float64Array;

  constructor(size: number) {
    this.size = size;
    const h = size / 2;
    this.half = new Fft(h);
    this.re = new Float64Array(h);
    this.im = new Float64Array(h);
    this.wr = new Float64Array(h);
    this.wi = new Float64Array(h);
    for (let k = 0; k < h; k++) {
      this.wr[k] = Math.cos((2 * Math.PI * k) / size);
      this.wi[k] = -Math.sin((2 * Math.PI * k) / size);
    }
  }

  // out[k] = |X[k]|^2 for k = 0..size/2.
  power(x: Float64Array, out: Float64Array): void {
    const h = this.size / 2;
    const re = this.re;
    const im = this.im;
    for (let i = 0; i < h; i++) {
      re[i] = x[2 * i]!;
      im[i] = x[2 * i + 1]!;
    }
    this.half.transform(re, im);
    out[0] = (re[0]! + im[0]!) ** 2;
    out[h] = (re[0]! - im[0]!) ** 2;
    const wr = this.wr;
    const wi = this.wi;
    for (let k = 1; k < h; k++) {
      const zr = re[k]!;
      const zi = im[k]!;
      const cr = re[h - k]!;
      const ci = -im[h - k]!;
      // Z[k] = E[k] + i*O[k], with E and O the spectra of the even and odd samples.
      const er = (zr + cr) / 2;
      const ei = (zi + ci) / 2;
      const or = (zi - ci) / 2;
      const oi = -(zr - cr) / 2;
      const xr = er + wr[k]! * or - wi[k]! * oi;
      const xi = ei + wr[k]! * oi + wi[k]! * or;
      out[k] = xr * xr + xi * xi;
    }
  }
}
