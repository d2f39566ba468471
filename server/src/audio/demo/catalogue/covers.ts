import { Rng } from '../rng';

const SIZE = 800;

const hsl = (h: number, s: number, l: number) =>
  `hsl(${Math.round(((h % 360) + 360) % 360)} ${Math.round(s)}% ${Math.round(l)}%)`;
const f = (n: number) => n.toFixed(1);

// Deterministic abstract artwork: a gradient ground plus one of several motifs, in a palette from the seed.
// No lettering: the app shows every name beside or under its cover.
export function coverSvg(seed: number): string {
  const rng = new Rng(seed);
  const hue = rng.range(0, 360);
  const scheme = rng.pick([30, 150, 180, 200, -40]);
  const c1 = hsl(hue, rng.range(55, 85), rng.range(22, 40));
  const c2 = hsl(hue + scheme, rng.range(60, 90), rng.range(45, 62));
  const c3 = hsl(hue + scheme / 2, rng.range(70, 95), rng.range(65, 80));
  const angle = rng.int(0, 3) * 45;
  const motif = rng.int(0, 5);
  const parts: string[] = [];
  if (motif === 0) {
    const cx = rng.range(250, 550);
    const cy = rng.range(250, 550);
    for (let r = rng.range(300, 420); r > 30; r -= rng.range(35, 70)) {
      parts.push(
        `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="none" stroke="${c3}" stroke-opacity="${f(rng.range(0.2, 0.6))}" stroke-width="${f(rng.range(4, 18))}"/>`,
      );
    }
  } else if (motif === 1) {
    for (let k = 0; k < 6; k++) {
      const y0 = 250 + k * 70;
      const amp = rng.range(20, 70);
      const freq = rng.range(1, 3);
      let d = `M0 ${f(y0)}`;
      for (let x = 0; x <= SIZE; x += 40) d += ` L${x} ${f(y0 + amp * Math.sin((x / SIZE) * Math.PI * 2 * freq + k))}`;
      d += ` L${SIZE} ${SIZE} L0 ${SIZE}Z`;
      parts.push(`<path d="${d}" fill="${k % 2 ? c2 : c3}" fill-opacity="${f(0.12 + k * 0.06)}"/>`);
    }
  } else if (motif === 2) {
    for (let k = 0; k < 4; k++) {
      const peak = rng.range(100, 700);
      const h = 300 + k * 90 + rng.range(-40, 40);
      parts.push(
        `<path d="M${f(peak - 500)} ${SIZE} L${f(peak)} ${f(SIZE - h)} L${f(peak + 500)} ${SIZE}Z" fill="${k % 2 ? c1 : c2}" fill-opacity="${f(0.35 + k * 0.12)}"/>`,
      );
    }
    parts.push(
      `<circle cx="${f(rng.range(150, 650))}" cy="${f(rng.range(120, 280))}" r="${f(rng.range(50, 110))}" fill="${c3}" fill-opacity="0.85"/>`,
    );
  } else if (motif === 3) {
    const bars = rng.int(14, 30);
    const w = SIZE / bars;
    for (let k = 0; k < bars; k++) {
      const h = rng.range(80, 520);
      parts.push(
        `<rect x="${f(k * w + w * 0.15)}" y="${f((SIZE - h) / 2)}" width="${f(w * 0.7)}" height="${f(h)}" rx="${f(w * 0.35)}" fill="${c3}" fill-opacity="${f(rng.range(0.35, 0.85))}"/>`,
      );
    }
  } else if (motif === 4) {
    for (let k = 0; k < 9; k++) {
      const x = rng.range(0, SIZE);
      const y = rng.range(0, SIZE);
      const s = rng.range(60, 260);
      parts.push(
        `<rect x="${f(x - s / 2)}" y="${f(y - s / 2)}" width="${f(s)}" height="${f(s)}" fill="${k % 2 ? c2 : c3}" fill-opacity="${f(rng.range(0.15, 0.5))}" transform="rotate(${f(rng.range(0, 90))} ${f(x)} ${f(y)})"/>`,
      );
    }
  } else {
    let d = '';
    const cx = 400;
    const cy = 400;
    const n = rng.int(5, 9);
    for (let k = 0; k <= n; k++) {
      const a = (k / n) * Math.PI * 2;
      const r = rng.range(180, 330);
      d += `${k ? ' L' : 'M'}${f(cx + r * Math.cos(a))} ${f(cy + r * Math.sin(a))}`;
    }
    parts.push(
      `<path d="${d}Z" fill="${c3}" fill-opacity="0.55" stroke="${c2}" stroke-width="10" stroke-linejoin="round"/>`,
    );
    parts.push(`<circle cx="400" cy="400" r="${f(rng.range(40, 90))}" fill="${c1}"/>`);
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}">` +
    `<defs><linearGradient id="g" gradientTransform="rotate(${angle} 0.5 0.5)"><stop offset="0" stop-color="${c1}"/><stop offset="1" stop-color="${c2}"/></linearGradient>` +
    `<radialGradient id="r" cx="0.3" cy="0.25" r="0.8"><stop offset="0" stop-color="#fff" stop-opacity="0.25"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#g)"/>${parts.join('')}<rect width="${SIZE}" height="${SIZE}" fill="url(#r)"/></svg>`
  );
}
