import { isEuCountry } from '@cuewave/contract/billing';
import { countryName } from './countries';

/**
 * EU VAT numbers checked against the VIES formats (decision 042), with the Polish NIP's check digit.
 * This is a format check, not a registry lookup: it catches typos and wrong countries, which is what
 * decides whether reverse charge may apply. Input may carry the country prefix or not, spaces, dots
 * and dashes; a valid number is stored as prefix + characters (PL5260250995, EL094259216).
 */

type VatRule = { body: RegExp; shape: string; check?: (body: string) => boolean };

/** Polish NIP: weights 6 5 7 2 3 4 5 6 7 over the first nine digits, sum mod 11 is the tenth (10 never is). */
export function nipChecksumOk(nip: string): boolean {
  if (!/^\d{10}$/.test(nip)) return false;
  const weights = [6, 5, 7, 2, 3, 4, 5, 6, 7];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(nip[i]), 0);
  const check = sum % 11;
  return check !== 10 && check === Number(nip[9]);
}

const VAT_RULES: Record<string, VatRule> = {
  AT: { body: /^U\d{8}$/, shape: 'ATU followed by 8 digits' },
  BE: { body: /^[01]\d{9}$/, shape: 'BE followed by 10 digits starting with 0 or 1' },
  BG: { body: /^\d{9,10}$/, shape: 'BG followed by 9 or 10 digits' },
  CY: { body: /^\d{8}[A-Z]$/, shape: 'CY followed by 8 digits and a letter' },
  CZ: { body: /^\d{8,10}$/, shape: 'CZ followed by 8 to 10 digits' },
  DE: { body: /^\d{9}$/, shape: 'DE followed by 9 digits' },
  DK: { body: /^\d{8}$/, shape: 'DK followed by 8 digits' },
  EE: { body: /^\d{9}$/, shape: 'EE followed by 9 digits' },
  // Greece's VAT prefix is EL, not its ISO code.
  GR: { body: /^\d{9}$/, shape: 'EL followed by 9 digits' },
  ES: { body: /^([A-Z]\d{7}[A-Z\d]|\d{8}[A-Z])$/, shape: 'ES followed by 9 characters, e.g. ESB12345678' },
  FI: { body: /^\d{8}$/, shape: 'FI followed by 8 digits' },
  FR: { body: /^[A-HJ-NP-Z\d]{2}\d{9}$/, shape: 'FR followed by 2 characters and 9 digits' },
  HR: { body: /^\d{11}$/, shape: 'HR followed by 11 digits' },
  HU: { body: /^\d{8}$/, shape: 'HU followed by 8 digits' },
  IE: { body: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/, shape: 'IE followed by 8 or 9 characters' },
  IT: { body: /^\d{11}$/, shape: 'IT followed by 11 digits' },
  LT: { body: /^(\d{9}|\d{12})$/, shape: 'LT followed by 9 or 12 digits' },
  LU: { body: /^\d{8}$/, shape: 'LU followed by 8 digits' },
  LV: { body: /^\d{11}$/, shape: 'LV followed by 11 digits' },
  MT: { body: /^\d{8}$/, shape: 'MT followed by 8 digits' },
  NL: { body: /^\d{9}B\d{2}$/, shape: 'NL followed by 9 digits, B and 2 digits' },
  PL: { body: /^\d{10}$/, shape: 'a 10-digit NIP, optionally with PL', check: nipChecksumOk },
  PT: { body: /^\d{9}$/, shape: 'PT followed by 9 digits' },
  RO: { body: /^[1-9]\d{1,9}$/, shape: 'RO followed by 2 to 10 digits' },
  SE: { body: /^\d{10}01$/, shape: 'SE followed by 12 digits ending in 01' },
  SI: { body: /^\d{8}$/, shape: 'SI followed by 8 digits' },
  SK: { body: /^\d{10}$/, shape: 'SK followed by 10 digits' },
};

export function vatPrefix(country: string): string {
  return country === 'GR' ? 'EL' : country;
}

export type TaxNumberCheck = { valid: true; value: string } | { valid: false; value: string; message: string | null };

/** The message an invalid EU number gets (decision 042 records the wording). */
export function invalidTaxNumberMessage(country: string): string {
  const rule = VAT_RULES[country];
  const name = countryName(country);
  const label = country === 'PL' ? 'NIP' : 'VAT number';
  const expected = rule ? ` (expected ${rule.shape})` : '';
  return (
    `This ${label} does not look valid for ${name}${expected}. ` +
    'We saved your details, but EU reverse charge will not apply, so VAT will be added to your price ' +
    'until you correct it.'
  );
}

/**
 * Checks a business tax number for `country`. EU numbers are format-checked and normalised; anything
 * else is kept as typed (trimmed) and never counts as valid, since only the EU rule depends on it.
 */
export function checkTaxNumber(country: string, input: string): TaxNumberCheck {
  const typed = input.trim();
  const rule = VAT_RULES[country];
  if (!isEuCountry(country) || !rule) return { valid: false, value: typed, message: null };
  const prefix = vatPrefix(country);
  let compact = typed.toUpperCase().replace(/[\s.\-/]/g, '');
  // Greeks often type their ISO code; both mean the same number.
  for (const p of country === 'GR' ? ['EL', 'GR'] : [prefix]) {
    if (compact.startsWith(p) && rule.body.test(compact.slice(p.length))) {
      compact = compact.slice(p.length);
      break;
    }
  }
  if (!rule.body.test(compact) || (rule.check && !rule.check(compact)))
    return { valid: false, value: typed, message: invalidTaxNumberMessage(country) };
  return { valid: true, value: `${prefix}${compact}` };
}
