import { CONTACT_LIMITS, CONTACT_TOPICS, type ContactTopic } from '@cuewave/contract/contact-topics';

/**
 * The contact and support forms checked in the browser with the API's limits (contract/contact-topics)
 * but without its schemas, so the public pages load no validation library. The server checks again
 * with contract/contact.ts and has the last word (e.g. on the exact email rules).
 */
export type ContactFields = { name: string; email: string; topic: ContactTopic | ''; message: string };
export type ContactField = keyof ContactFields;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const CONTACT_FIELD_ORDER: readonly ContactField[] = ['name', 'email', 'topic', 'message'];

// One address, no spaces or line breaks (a header injection is refused before it is sent).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function messageError(message: string): string | undefined {
  const text = message.trim();
  if (text.length < CONTACT_LIMITS.messageMin)
    return `Tell us a little more (at least ${CONTACT_LIMITS.messageMin} characters).`;
  if (text.length > CONTACT_LIMITS.message) return `Use at most ${CONTACT_LIMITS.message} characters.`;
  return undefined;
}

export function topicError(topic: string): string | undefined {
  return (CONTACT_TOPICS as readonly string[]).includes(topic) ? undefined : 'Choose what your message is about.';
}

/** The first problem of each field; empty when the form can be sent. */
export function validateContact(fields: ContactFields): ContactErrors {
  const errors: ContactErrors = {};
  const name = fields.name.trim();
  if (!name) errors.name = 'Enter your name.';
  else if (name.length > CONTACT_LIMITS.name)
    errors.name = `Use at most ${CONTACT_LIMITS.name} characters for your name.`;
  const email = fields.email.trim();
  if (!EMAIL.test(email) || email.length > 254) errors.email = 'Enter a valid email address, like name@example.com.';
  errors.topic = topicError(fields.topic);
  errors.message = messageError(fields.message);
  for (const key of CONTACT_FIELD_ORDER) if (!errors[key]) delete errors[key];
  return errors;
}
