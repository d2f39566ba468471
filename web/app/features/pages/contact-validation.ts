import type { TFunction } from 'i18next';
import { CONTACT_LIMITS, CONTACT_TOPICS, type ContactTopic } from '@cuewave/contract/contact-topics';

/**
 * The contact and support forms checked in the browser with the API's limits (contract/contact-topics)
 * but without its schemas, so the public pages load no validation library. The server checks again
 * with contract/contact.ts and has the last word (e.g. on the exact email rules). The messages are
 * `form.errors.*` texts of the `pages` namespace, in the language of the `t` the form passes.
 */
export type PagesT = TFunction<'pages'>;

export type ContactFields = { name: string; email: string; topic: ContactTopic | ''; message: string };
export type ContactField = keyof ContactFields;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const CONTACT_FIELD_ORDER: readonly ContactField[] = ['name', 'email', 'topic', 'message'];

// One address, no spaces or line breaks (a header injection is refused before it is sent).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function messageError(message: string, t: PagesT): string | undefined {
  const text = message.trim();
  if (text.length < CONTACT_LIMITS.messageMin)
    return t('form.errors.messageShort', { count: CONTACT_LIMITS.messageMin });
  if (text.length > CONTACT_LIMITS.message) return t('form.errors.messageLong', { count: CONTACT_LIMITS.message });
  return undefined;
}

export function topicError(topic: string, t: PagesT): string | undefined {
  return (CONTACT_TOPICS as readonly string[]).includes(topic) ? undefined : t('form.errors.topic');
}

/** The first problem of each field; empty when the form can be sent. */
export function validateContact(fields: ContactFields, t: PagesT): ContactErrors {
  const errors: ContactErrors = {};
  const name = fields.name.trim();
  if (!name) errors.name = t('form.errors.nameMissing');
  else if (name.length > CONTACT_LIMITS.name) errors.name = t('form.errors.nameLong', { count: CONTACT_LIMITS.name });
  const email = fields.email.trim();
  if (!EMAIL.test(email) || email.length > 254) errors.email = t('form.errors.email');
  errors.topic = topicError(fields.topic, t);
  errors.message = messageError(fields.message, t);
  for (const key of CONTACT_FIELD_ORDER) if (!errors[key]) delete errors[key];
  return errors;
}
