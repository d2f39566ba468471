/**
 * Integer money arithmetic (decision 041). Amounts are whole minor units (cents, grosze...) held in
 * safe integers; rates are whole thousandths of a percent (23 % = 23_000, 6.875 % = 6_875), so no
 * step ever touches a binary fraction. Products are formed in BigInt, so they cannot overflow.
 */

/** Thousandths of a percent per whole: a rate r means amount × r / RATE_SCALE. */
export const RATE_SCALE = 100_000;

export function assertMinor(amount: number, what = 'amount'): number {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`${what} must be a non-negative whole number of minor units, got ${amount}`);
  }
  return amount;
}

/**
 * round(amount × numerator / denominator), halves rounded up (away from zero: every input is
 * non-negative). The one rounding rule for tax and percentage discounts.
 */
export function mulDivHalfUp(amount: number, numerator: number, denominator: number): number {
  assertMinor(amount);
  if (!Number.isSafeInteger(numerator) || numerator < 0) throw new RangeError(`bad numerator ${numerator}`);
  if (!Number.isSafeInteger(denominator) || denominator <= 0) throw new RangeError(`bad denominator ${denominator}`);
  const a = BigInt(amount);
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  return Number((2n * a * n + d) / (2n * d));
}

/** floor(amount × numerator / denominator): for credits, which must never exceed what was paid. */
export function mulDivFloor(amount: number, numerator: number, denominator: number): number {
  assertMinor(amount);
  if (!Number.isSafeInteger(numerator) || numerator < 0) throw new RangeError(`bad numerator ${numerator}`);
  if (!Number.isSafeInteger(denominator) || denominator <= 0) throw new RangeError(`bad denominator ${denominator}`);
  return Number((BigInt(amount) * BigInt(numerator)) / BigInt(denominator));
}

/** A percentage as written (23, 6.875) to the rate unit; at most three decimals. */
export function percentToRate(percent: number): number {
  const rate = Math.round(percent * 1000);
  if (!(percent >= 0 && percent <= 100) || Math.abs(rate - percent * 1000) > 1e-6) {
    throw new RangeError(`a rate is 0–100 % with at most 3 decimals, got ${percent}`);
  }
  return rate;
}

/** The rate as a percentage for display (23_000 -> 23, 6_875 -> 6.875). */
export function rateToPercent(rate: number): number {
  return rate / 1000;
}

/** Tax on a net amount: half-up on the tax amount of the line (decision 041). */
export function taxOn(net: number, rate: number): number {
  return mulDivHalfUp(net, rate, RATE_SCALE);
}
