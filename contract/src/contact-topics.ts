/**
 * The contact and support forms' limits and topics, without the schemas: public pages check the form
 * with these in the browser and load no validation library (issue 15). contact.ts builds the API's
 * schemas from the same values.
 */
export const CONTACT_LIMITS = {
  name: 100,
  message: 4000,
  messageMin: 10,
} as const;

/** What a message is about; the FAQ has a tab for each of the first five. */
export const CONTACT_TOPICS = ['licensing', 'subscription', 'payments', 'downloads', 'account', 'other'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_TOPIC_LABELS: Record<ContactTopic, string> = {
  licensing: 'Licences and rights',
  subscription: 'Plans and subscription',
  payments: 'Payments and invoices',
  downloads: 'Downloads and files',
  account: 'My account',
  other: 'Something else',
};
