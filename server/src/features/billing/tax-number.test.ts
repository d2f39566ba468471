import { describe, expect, it } from 'vitest';
import { EU_COUNTRIES } from '@cuewave/contract/billing';
import { checkTaxNumber, nipChecksumOk } from './tax-number';

describe('Polish NIP checksum', () => {
  it.each(['5260250995', '1234563218', '7740001454'])('accepts %s', (nip) => {
    expect(nipChecksumOk(nip)).toBe(true);
  });
  it.each(['5260250994', '1234567890', '123456321', 'ABCDEFGHIJ'])('rejects %s', (nip) => {
    expect(nipChecksumOk(nip)).toBe(false);
  });
  it('rejects a number whose weighted sum leaves 10', () => {
    // No tenth digit can match a remainder of 10, so every such number is invalid.
    let nine = '';
    for (let i = 0; i < 1000 && !nine; i++) {
      const candidate = String(100000000 + i);
      const w = [6, 5, 7, 2, 3, 4, 5, 6, 7];
      if (w.reduce((s, x, j) => s + x * Number(candidate[j]), 0) % 11 === 10) nine = candidate;
    }
    expect(nine).not.toBe('');
    for (let d = 0; d <= 9; d++) expect(nipChecksumOk(`${nine}${d}`)).toBe(false);
  });
});

/** One valid-format number per EU state, as people type them, and the stored form. */
const VALID: [string, string, string][] = [
  ['AT', 'ATU12345678', 'ATU12345678'],
  ['AT', 'U12345678', 'ATU12345678'],
  ['BE', 'BE 0123.456.789', 'BE0123456789'],
  ['BG', '123456789', 'BG123456789'],
  ['CY', 'CY12345678L', 'CY12345678L'],
  ['CZ', 'CZ12345678', 'CZ12345678'],
  ['DE', 'DE 123 456 789', 'DE123456789'],
  ['DK', '12345678', 'DK12345678'],
  ['EE', 'EE123456789', 'EE123456789'],
  ['GR', 'EL094259216', 'EL094259216'],
  ['GR', 'GR094259216', 'EL094259216'],
  ['GR', '094259216', 'EL094259216'],
  ['ES', 'ESB12345678', 'ESB12345678'],
  ['ES', '12345678Z', 'ES12345678Z'],
  ['FI', 'FI12345678', 'FI12345678'],
  ['FR', 'FR 40 303 265 045', 'FR40303265045'],
  ['HR', '12345678901', 'HR12345678901'],
  ['HU', 'HU12345678', 'HU12345678'],
  ['IE', 'IE1234567T', 'IE1234567T'],
  ['IE', '1234567TW', 'IE1234567TW'],
  ['IT', 'IT12345678901', 'IT12345678901'],
  ['LT', '123456789012', 'LT123456789012'],
  ['LU', 'LU12345678', 'LU12345678'],
  ['LV', '12345678901', 'LV12345678901'],
  ['MT', 'MT12345678', 'MT12345678'],
  ['NL', 'nl123456789b01', 'NL123456789B01'],
  ['PL', '526-025-09-95', 'PL5260250995'],
  ['PL', 'PL5260250995', 'PL5260250995'],
  ['PT', '123456789', 'PT123456789'],
  ['RO', 'RO1234', 'RO1234'],
  ['SE', 'SE123456789001', 'SE123456789001'],
  ['SI', 'SI12345678', 'SI12345678'],
  ['SK', '1234567890', 'SK1234567890'],
];

const INVALID: [string, string][] = [
  ['AT', '12345678'],
  ['BE', '2123456789'],
  ['BG', '12345678'],
  ['CY', '123456789'],
  ['CZ', '1234567'],
  ['DE', '12345678'],
  ['DE', 'ATU12345678'],
  ['DK', '1234567'],
  ['EE', '12345678'],
  ['GR', 'EL12345678'],
  ['ES', '123456789'],
  ['FI', '1234567'],
  ['FR', 'FRI0303265045'],
  ['HR', '1234567890'],
  ['HU', '1234567'],
  ['IE', '12345678'],
  ['IT', '1234567890'],
  ['LT', '1234567890'],
  ['LU', '1234567'],
  ['LV', '1234567890'],
  ['MT', '1234567'],
  ['NL', '123456789C01'],
  ['PL', '5260250994'],
  ['PL', '526025099'],
  ['PT', '12345678'],
  ['RO', '0123'],
  ['SE', '123456789012'],
  ['SI', '1234567'],
  ['SK', '123456789'],
];

describe('EU VAT numbers', () => {
  it('covers every EU state with a valid and an invalid example', () => {
    for (const c of EU_COUNTRIES) {
      expect(
        VALID.some(([v]) => v === c),
        `valid ${c}`,
      ).toBe(true);
      expect(
        INVALID.some(([v]) => v === c),
        `invalid ${c}`,
      ).toBe(true);
    }
  });

  it.each(VALID)('%s accepts %j as %j', (country, input, stored) => {
    expect(checkTaxNumber(country, input)).toEqual({ valid: true, value: stored });
  });

  it.each(INVALID)('%s rejects %j and keeps it as typed', (country, input) => {
    const result = checkTaxNumber(country, ` ${input} `);
    expect(result.valid).toBe(false);
    expect(result.value).toBe(input);
    if (!result.valid) expect(result.message).toContain('reverse charge will not apply');
  });

  it('says what a German number looks like', () => {
    const result = checkTaxNumber('DE', 'DE12');
    expect(!result.valid && result.message).toBe(
      'This VAT number does not look valid for Germany (expected DE followed by 9 digits). We saved your ' +
        'details, but EU reverse charge will not apply, so VAT will be added to your price until you correct it.',
    );
  });

  it('calls the Polish one a NIP', () => {
    const result = checkTaxNumber('PL', '1234567890');
    expect(!result.valid && result.message).toMatch(/^This NIP does not look valid for Poland/);
  });
});

describe('tax numbers outside the EU', () => {
  it('are kept as typed (trimmed) and never valid, without a message', () => {
    expect(checkTaxNumber('US', ' 12-3456789 ')).toEqual({ valid: false, value: '12-3456789', message: null });
    expect(checkTaxNumber('GB', 'GB123456789')).toEqual({ valid: false, value: 'GB123456789', message: null });
  });
});
