import { describe, expect, it } from 'vitest';
import { compose, songBars, songDurationSec } from './compose';
import { STYLES, type StyleId } from './styles';

describe('compose', () => {
  it('keeps every tempo and target length inside the 45-100 s song range', () => {
    for (let bpm = 60; bpm <= 180; bpm++) {
      for (const target of [40, 45, 52, 70, 99, 120]) {
        const sec = songDurationSec(bpm, songBars(bpm, target));
        expect(sec, `${bpm} BPM, target ${target}`).toBeGreaterThanOrEqual(45);
        expect(sec, `${bpm} BPM, target ${target}`).toBeLessThanOrEqual(100);
      }
    }
  });

  it.each(Object.keys(STYLES) as StyleId[])(
    '%s: sections tile the song and every part has notes inside it',
    (styleId) => {
      const style = STYLES[styleId];
      const score = compose({
        seed: 42,
        styleId,
        bpm: style.bpm[0],
        targetSec: 60,
        vocal: true,
        keyRoot: 3,
        minor: false,
      });
      let bar = 0;
      for (const s of score.sections) {
        expect(s.bar).toBe(bar);
        bar += s.bars;
      }
      expect(bar).toBe(score.bars);
      expect(score.sections.map((s) => s.kind)).toEqual(expect.arrayContaining(['intro', 'verse', 'chorus']));
      const steps = score.bars * 16;
      for (const part of [score.drums, score.bass, score.chords, score.lead, score.vocal]) {
        expect(part.length).toBeGreaterThan(0);
        for (const e of part) {
          expect(e.step).toBeGreaterThanOrEqual(0);
          expect(e.step).toBeLessThan(steps);
        }
      }
      // The kick (or the trailer's toms) lands on the first beat of most bars: the tempo must be audible.
      const downbeats = new Set(
        score.drums
          .filter((d) => d.step % 16 === 0 && ['kick', 'tom', 'boom'].includes(d.drum))
          .map((d) => d.step / 16),
      );
      expect(downbeats.size / score.bars).toBeGreaterThan(0.9);
    },
  );

  it('is deterministic for a seed and varies with it', () => {
    const spec = { seed: 9, styleId: 'house' as const, bpm: 124, targetSec: 50, vocal: false, keyRoot: 0, minor: true };
    expect(compose(spec)).toEqual(compose(spec));
    expect(compose({ ...spec, seed: 10 }).lead).not.toEqual(compose(spec).lead);
  });
});
