import { countryName } from './countries';

/**
 * Postal-code formats by country (decision 042): each EU state plus US, GB, CA, CH, NO, AU, JP. Input
 * is read leniently (any case, spaces and dashes anywhere) and stored in the country's written form.
 * Countries without a rule accept 1–12 characters as typed (upper-cased, spaces collapsed).
 */

type Rule = {
  /** The compact form (upper case, no spaces or dashes, no country prefix) must match this. */
  compact: RegExp;
  /** The written form from the compact one. */
  format: (compact: string) => string;
  /** Shown in the error message, e.g. 00-950. */
  example: string;
  /** Prefixes people write before the code (LT-01100, L-1234, D-10115) that we drop. */
  prefixes?: string[];
};

const digits = (n: number, example: string, prefixes?: string[]): Rule => ({
  compact: new RegExp(`^\\d{${n}}$`),
  format: (c) => c,
  example,
  prefixes,
});

/** Digits split by a separator after `at` characters (PL 00-950, CZ 110 00, JP 100-0001). */
const split = (n: number, at: number, sep: string, example: string, prefixes?: string[]): Rule => ({
  compact: new RegExp(`^\\d{${n}}$`),
  format: (c) => `${c.slice(0, at)}${sep}${c.slice(at)}`,
  example,
  prefixes,
});

const RULES: Record<string, Rule> = {
  AT: digits(4, '1010', ['A']),
  BE: digits(4, '1000', ['B']),
  BG: digits(4, '1000'),
  CY: digits(4, '1010'),
  CZ: split(5, 3, ' ', '110 00', ['CZ']),
  DE: digits(5, '10115', ['D']),
  DK: digits(4, '1050'),
  EE: digits(5, '10111'),
  ES: { compact: /^(0[1-9]|[1-4]\d|5[0-2])\d{3}$/, format: (c) => c, example: '28001' },
  FI: digits(5, '00100', ['FIN']),
  FR: digits(5, '75001', ['F']),
  GR: split(5, 3, ' ', '105 57', ['GR']),
  HR: digits(5, '10000'),
  HU: digits(4, '1051', ['H']),
  // Eircode: routing key (letter + 2 digits, or D6W) and a 4-character unique identifier.
  IE: {
    compact: /^([AC-FHKNPRTV-Y]\d{2}|D6W)[0-9AC-FHKNPRTV-Y]{4}$/,
    format: (c) => `${c.slice(0, 3)} ${c.slice(3)}`,
    example: 'D02 X285',
  },
  IT: digits(5, '00118', ['I']),
  LT: { compact: /^\d{5}$/, format: (c) => `LT-${c}`, example: 'LT-01100' },
  LU: digits(4, '1009', ['L']),
  LV: { compact: /^\d{4}$/, format: (c) => `LV-${c}`, example: 'LV-1010' },
  MT: { compact: /^[A-Z]{3}\d{4}$/, format: (c) => `${c.slice(0, 3)} ${c.slice(3)}`, example: 'VLT 1117' },
  NL: { compact: /^[1-9]\d{3}[A-Z]{2}$/, format: (c) => `${c.slice(0, 4)} ${c.slice(4)}`, example: '1012 AB' },
  PL: split(5, 2, '-', '00-950'),
  PT: split(7, 4, '-', '1000-001'),
  RO: digits(6, '010011'),
  SE: split(5, 3, ' ', '111 22', ['S']),
  SI: digits(4, '1000'),
  SK: split(5, 3, ' ', '811 01'),
  // ZIP or ZIP+4.
  US: {
    compact: /^\d{5}(\d{4})?$/,
    format: (c) => (c.length === 9 ? `${c.slice(0, 5)}-${c.slice(5)}` : c),
    example: '10001 or 10001-1234',
  },
  // Outward code (area, district) then inward code (sector digit, two unit letters); GIR 0AA is Girobank.
  GB: {
    compact: /^([A-Z]{1,2}\d[A-Z\d]?\d[ABD-HJLNP-UW-Z]{2}|GIR0AA)$/,
    format: (c) => `${c.slice(0, -3)} ${c.slice(-3)}`,
    example: 'SW1A 1AA',
  },
  // Forward sortation area + local delivery unit; D, F, I, O, Q, U never appear, W and Z never first.
  CA: {
    compact: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/,
    format: (c) => `${c.slice(0, 3)} ${c.slice(3)}`,
    example: 'K1A 0B1',
  },
  CH: digits(4, '8001'),
  NO: digits(4, '0150'),
  AU: digits(4, '2000'),
  JP: split(7, 3, '-', '100-0001'),
};

export type PostalCodeResult = { ok: true; value: string } | { ok: false; message: string };

const FREE_MAX = 12;

export function hasPostalRule(country: string): boolean {
  return country in RULES;
}

/** Checks `input` against the country's format and returns its written form. */
export function normalisePostalCode(country: string, input: string): PostalCodeResult {
  const text = input.trim().toUpperCase().replace(/\s+/g, ' ');
  const rule = RULES[country];
  if (!rule) {
    if (text.length < 1 || text.length > FREE_MAX)
      return { ok: false, message: `Enter a postal code of 1 to ${FREE_MAX} characters.` };
    return { ok: true, value: text };
  }
  let compact = text.replace(/[\s-]/g, '');
  if (!rule.compact.test(compact)) {
    // A prefix is only dropped when what follows then fits, so NL or GB codes are never cut.
    for (const prefix of [country, ...(rule.prefixes ?? [])]) {
      if (compact.startsWith(prefix) && rule.compact.test(compact.slice(prefix.length))) {
        compact = compact.slice(prefix.length);
        break;
      }
    }
  }
  if (!rule.compact.test(compact))
    return { ok: false, message: `Enter a postal code for ${countryName(country)} like ${rule.example}.` };
  return { ok: true, value: rule.format(compact) };
}
