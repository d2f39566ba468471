import { describe, expect, it } from 'vitest';
import { localeFormat } from './locale-format';

describe('localeFormat (decision 076)', () => {
  it('keeps the spec forms in English', () => {
    const f = localeFormat('en');
    expect(f.money(123450, 'usd')).toBe('$1234.50');
    expect(f.date(new Date('2026-12-03T23:30:00Z'))).toBe('Dec 3, 2026');
  });

  it('writes Polish documents the Polish way, months spelled out', () => {
    const f = localeFormat('pl');
    // Intl puts no-break spaces between the groups and before the symbol.
    expect(f.money(164819, 'pln').replace(/\s/g, ' ')).toBe('1648,19 zł');
    expect(f.money(-150, 'eur').replace(/\s/g, ' ')).toBe('-1,50 €');
    expect(f.date(new Date('2026-12-03T23:30:00Z'))).toBe('3 grudnia 2026');
    expect(() => f.money(0.5, 'pln')).toThrow(RangeError);
  });
});
