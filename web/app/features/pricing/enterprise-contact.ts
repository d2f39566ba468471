/** Where the Enterprise plan is bought (decision 041: through the contact form, not by card). */
export const ENTERPRISE_CONTACT_HREF = '/enterprise';
/**
 * English only, for plan-cards.tsx until it reads `t('enterpriseContact', { ns: 'pricing' })` (the
 * button's words in every language); remove it then.
 */
export const ENTERPRISE_CONTACT_LABEL = 'Contact sales';
