import { describe, expect, it } from 'vitest';
import { initialHeaderScroll, nextHeaderScroll, type HeaderScrollState } from './header-scroll';

const H = 64;
const run = (ys: number[], start: HeaderScrollState = initialHeaderScroll) =>
  ys.reduce((state, y) => nextHeaderScroll(state, y, H), start);

describe('header scroll', () => {
  it('hides when scrolling down and comes back when scrolling up', () => {
    const down = run([100, 300, 500]);
    expect(down.hidden).toBe(true);
    const up = nextHeaderScroll(down, 420, H);
    expect(up.hidden).toBe(false);
  });

  it('stays visible near the top', () => {
    expect(run([10, 40, 60]).hidden).toBe(false);
    expect(run([300, 30]).hidden).toBe(false);
  });

  it('ignores jitter of a few pixels', () => {
    const hidden = run([200, 400]);
    expect(nextHeaderScroll(hidden, 397, H).hidden).toBe(true);
  });

  it('shows the search icon after 100 px of scroll', () => {
    expect(run([100]).showSearchIcon).toBe(false);
    expect(run([101]).showSearchIcon).toBe(true);
  });

  it('returns the same object when nothing changes (no re-render)', () => {
    const state = run([0]);
    expect(nextHeaderScroll(state, 0, H)).toBe(state);
  });
});
