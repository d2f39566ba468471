import type { TFunction } from 'i18next';
import type { PlanName } from '@cuewave/contract/account-rules';

/**
 * What each plan's licence allows, in the page's language. The English texts in locales/en.json are
 * the contract's LICENCE_TERMS and LICENCE_PERPETUAL_TERM word for word (the certificate PDF prints
 * those); change both together. Any feature that shows them asks for the `licence` namespace too:
 * `useTranslation(['pages', 'licence'])` and `licenceTerms(t, plan)`.
 */
export function licenceTerms(t: TFunction, plan: PlanName): string[] {
  return t(`terms.${plan}`, { ns: 'licence', returnObjects: true }) as unknown as string[];
}

/** "Content published while the licence is valid stays licensed after it ends. ..." */
export function licencePerpetualTerm(t: TFunction): string {
  return t('perpetualTerm', { ns: 'licence' });
}
