import type { Seller } from '../../providers/providers';

/**
 * The example company a fresh install prints until SELLER_NAME, SELLER_ADDRESS and SELLER_VAT_ID name
 * the registered one. The country is not configurable: the tax rules (pricing/tax.ts) are those of a
 * seller established in SELLER_COUNTRY (pricing/tax.ts).
 */
export const DEFAULT_SELLER: Seller = {
  name: 'Cuewave sp. z o.o.',
  addressLines: ['ul. Prosta 20', '00-850 Warszawa'],
  /** EU VAT identification number: PL + the NIP (checksum-valid). */
  vatId: 'PL5273123454',
};
