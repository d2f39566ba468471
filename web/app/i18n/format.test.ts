import { describe, expect, it } from 'vitest';
import { formattersFor } from './format';

describe('formattersFor', () => {
  it('keeps the spec forms in English', () => {
    const f = formattersFor('en');
    expect(f.money(1899, 'eur')).toBe('€18.99');
    expect(f.date('2025-01-05T12:00:00Z')).toBe('Jan 5, 2025');
    expect(f.number(1204)).toBe('1,204');
  });

  it('formats for Poland in Polish', () => {
    const f = formattersFor('pl');
    // Intl separates the amount from the symbol with a no-break space.
    expect(f.money(3999, 'pln').replace(/\s/g, ' ')).toBe('39,99 zł');
    expect(f.money(-150, 'eur').replace(/\s/g, ' ')).toBe('-1,50 €');
    expect(f.date('2025-01-05T12:00:00Z')).toBe('5 sty 2025');
    expect(f.number(1204567).replace(/\s/g, ' ')).toBe('1 204 567');
    expect(f.date('not a date')).toBe('');
  });

  it('refuses amounts that are not whole minor units', () => {
    expect(() => formattersFor('pl').money(10.5, 'usd')).toThrow(RangeError);
  });
});
