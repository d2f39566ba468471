import { describe, expect, it } from 'vitest';
import { EU_COUNTRIES } from '@cuewave/contract/billing';
import { hasPostalRule, normalisePostalCode } from './postal-code';

const ok = (country: string, input: string) => {
  const result = normalisePostalCode(country, input);
  if (!result.ok) throw new Error(`${country} ${input}: ${result.message}`);
  return result.value;
};
const bad = (country: string, input: string) => normalisePostalCode(country, input).ok;

describe('postal codes', () => {
  it('has a format for every EU state and for US, GB, CA, CH, NO, AU, JP', () => {
    for (const c of [...EU_COUNTRIES, 'US', 'GB', 'CA', 'CH', 'NO', 'AU', 'JP']) expect(hasPostalRule(c), c).toBe(true);
  });

  it.each([
    ['PL', '00950', '00-950'],
    ['PL', '00-950', '00-950'],
    ['PL', ' 00 - 950 ', '00-950'],
    ['CZ', '11000', '110 00'],
    ['CZ', '110 00', '110 00'],
    ['SK', '81101', '811 01'],
    ['SE', '11122', '111 22'],
    ['GR', '10557', '105 57'],
    ['NL', '1234ab', '1234 AB'],
    ['NL', '1234 AB', '1234 AB'],
    ['GB', 'sw1a1aa', 'SW1A 1AA'],
    ['GB', 'M1 1AE', 'M1 1AE'],
    ['GB', 'ec1a 1bb', 'EC1A 1BB'],
    ['GB', 'GIR 0AA', 'GIR 0AA'],
    ['US', '10001', '10001'],
    ['US', '100011234', '10001-1234'],
    ['US', '10001-1234', '10001-1234'],
    ['CA', 'k1a0b1', 'K1A 0B1'],
    ['IE', 'd02x285', 'D02 X285'],
    ['MT', 'vlt1117', 'VLT 1117'],
    ['PT', '1000001', '1000-001'],
    ['JP', '1000001', '100-0001'],
    ['LT', '01100', 'LT-01100'],
    ['LT', 'LT-01100', 'LT-01100'],
    ['LV', 'lv-1010', 'LV-1010'],
    ['LU', 'L-1009', '1009'],
    ['DE', 'D-10115', '10115'],
    ['DE', '10115', '10115'],
    ['AT', '1010', '1010'],
    ['ES', '28001', '28001'],
    ['FI', '00100', '00100'],
    ['FR', '75001', '75001'],
    ['RO', '010011', '010011'],
    ['CH', '8001', '8001'],
    ['NO', '0150', '0150'],
    ['AU', '2000', '2000'],
  ])('%s %j is written %j', (country, input, expected) => {
    expect(ok(country, input)).toBe(expected);
  });

  it.each([
    ['PL', '0095'],
    ['PL', '00-9500'],
    ['PL', 'AB-CDE'],
    ['DE', '1011'],
    ['DE', '101155'],
    ['CZ', '1100'],
    ['NL', '0123 AB'],
    ['NL', '1234 A'],
    ['GB', '12345'],
    ['GB', 'SW1A 1A'],
    ['US', '1000'],
    ['US', '10001-123'],
    ['CA', 'D1A 0B1'],
    ['CA', '12345'],
    ['ES', '53001'],
    ['IE', 'B02 X285'],
    ['JP', '100-001'],
    ['AU', '20000'],
    ['FR', '7500'],
  ])('%s rejects %j', (country, input) => {
    expect(bad(country, input)).toBe(false);
  });

  it('names the country and an example in the message', () => {
    expect(normalisePostalCode('PL', '123')).toEqual({
      ok: false,
      message: 'Enter a postal code for Poland like 00-950.',
    });
  });

  it('accepts 1 to 12 characters for countries without a format, upper-cased', () => {
    expect(ok('BR', ' 01310-100 ')).toBe('01310-100');
    expect(ok('AR', 'c1002aaa')).toBe('C1002AAA');
    expect(ok('ZA', 'x')).toBe('X');
    expect(bad('BR', '1234567890123')).toBe(false);
    expect(bad('BR', '   ')).toBe(false);
  });
});
