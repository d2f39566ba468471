import type { Seller } from '../../providers/providers';
import { SELLER_COUNTRY } from '../pricing/tax';

/**
 * The example company a fresh install prints until SELLER_NAME, SELLER_ADDRESS and SELLER_VAT_ID name
 * the registered one. The country is not configurable: the tax rules (pricing/tax.ts) are those of a
 * seller established in SELLER_COUNTRY.
 */
export const DEFAULT_SELLER: Seller = {
  name: 'Cuewave sp. z o.o.',
  addressLines: ['ul. Prosta 20', '00-850 Warszawa'],
  /** EU VAT identification number: PL + the NIP (checksum-valid). */
  vatId: 'PL5273123454',
};

export const SELLER_COUNTRY_NAME = SELLER_COUNTRY === 'PL' ? 'Poland' : SELLER_COUNTRY;
