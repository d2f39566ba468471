import { describe, expect, it } from 'vitest';
import { Rng } from '../rng';
import { SFX_CATEGORIES, SFX_RECIPES } from './recipes';

describe('sound-effect recipes', () => {
  it.each(SFX_CATEGORIES)('%s renders finite, audible sounds of 0.3-20 s with varied titles', (category) => {
    const titles = new Set<string>();
    const lengths = new Set<number>();
    for (let seed = 1; seed <= 6; seed++) {
      const { audio, title, what } = SFX_RECIPES[category].render(new Rng(seed * 7919), 22050);
      // what the render made, for the catalogue description (decision 062)
      expect(what).toMatch(/^[a-z].{8,}[^.]$/);
      const sec = audio.length / 22050;
      expect(sec).toBeGreaterThanOrEqual(0.3);
      expect(sec).toBeLessThanOrEqual(20);
      let peak = 0;
      for (const v of audio) {
        expect(Number.isFinite(v)).toBe(true);
        peak = Math.max(peak, Math.abs(v));
      }
      expect(peak).toBeGreaterThan(0.001);
      titles.add(title);
      lengths.add(Math.round(sec * 100));
    }
    // Random variation: six renders are not six copies of one sound.
    expect(lengths.size).toBeGreaterThan(1);
    expect([...titles].every((t) => t.length > 3)).toBe(true);
  });
});
