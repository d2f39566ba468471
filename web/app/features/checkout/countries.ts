import type { Country } from '@cuewave/contract/billing';
import type { Language } from '../../i18n/languages';

/**
 * The API lists countries by English name (GET /v1/payment/country/…). A page in another language
 * names and sorts them in that language. Run it in the loader, so the server render and the browser
 * use the same names: the ICU data of Node and of browsers differ, and a list built twice could not
 * hydrate.
 */
export function localizedCountries(countries: Country[], language: Language): Country[] {
  if (language === 'en') return countries;
  let names: Intl.DisplayNames;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    return countries;
  }
  return countries
    .map((country) => ({ ...country, label: names.of(country.value) ?? country.label }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}
