import { describe, expect, it } from 'vitest';
import { getI18n } from 'react-i18next';
import { currencyOptions, parseCurrency, rememberedWins, resolveCurrency } from './currency';

describe('the currency a price page opens in (spec §4)', () => {
  it('takes the subscription currency first', () => {
    expect(
      resolveCurrency({ subscriptionCurrency: 'gbp', billingCountry: 'PL', edition: 'eu', geoCountry: 'CZ' }),
    ).toEqual({ currency: 'gbp', source: 'subscription' });
  });

  it('else the billing country, even on the US edition', () => {
    expect(resolveCurrency({ billingCountry: 'PL', edition: 'us' })).toEqual({ currency: 'pln', source: 'billing' });
    expect(resolveCurrency({ billingCountry: 'DE', edition: 'eu', geoCountry: 'GB' })).toEqual({
      currency: 'eur',
      source: 'billing',
    });
  });

  it('else US dollars on the /us edition, whatever the location says', () => {
    expect(resolveCurrency({ edition: 'us', geoCountry: 'PL' })).toEqual({ currency: 'usd', source: 'edition' });
  });

  it('else the country of the geolocation, else the US', () => {
    expect(resolveCurrency({ edition: 'eu', geoCountry: 'PL' })).toEqual({ currency: 'pln', source: 'geolocation' });
    expect(resolveCurrency({ edition: 'eu', geoCountry: 'CZ' }).currency).toBe('czk');
    expect(resolveCurrency({ edition: 'eu', geoCountry: 'GB' }).currency).toBe('gbp');
    expect(resolveCurrency({ edition: 'eu', geoCountry: 'FR' }).currency).toBe('eur');
    expect(resolveCurrency({ edition: 'eu', geoCountry: null })).toEqual({ currency: 'usd', source: 'default' });
  });

  it('a currency asked for in the address beats everything; a bad one is ignored', () => {
    expect(resolveCurrency({ requested: 'EUR', subscriptionCurrency: 'pln', edition: 'us' })).toEqual({
      currency: 'eur',
      source: 'query',
    });
    expect(resolveCurrency({ requested: 'btc', subscriptionCurrency: 'pln', edition: 'eu' }).currency).toBe('pln');
    expect(resolveCurrency({ subscriptionCurrency: 'xyz', edition: 'eu', geoCountry: 'CZ' }).currency).toBe('czk');
  });

  it('parses currencies loosely but only the five', () => {
    expect(parseCurrency(' PLN ')).toBe('pln');
    expect(parseCurrency('jpy')).toBeNull();
    expect(parseCurrency(undefined)).toBeNull();
    expect(parseCurrency(42)).toBeNull();
  });

  it('a remembered pick beats only a guess from location', () => {
    expect(rememberedWins('geolocation')).toBe(true);
    expect(rememberedWins('edition')).toBe(true);
    expect(rememberedWins('default')).toBe(true);
    expect(rememberedWins('subscription')).toBe(false);
    expect(rememberedWins('billing')).toBe(false);
    expect(rememberedWins('query')).toBe(false);
  });

  it('offers the five currencies of spec §3 in order', () => {
    const options = currencyOptions(getI18n().getFixedT('en', 'pricing'));
    expect(options.map((o) => o.value)).toEqual(['usd', 'eur', 'pln', 'czk', 'gbp']);
    expect(options[2]!.label).toBe('PLN · Polish złoty');
  });
});
