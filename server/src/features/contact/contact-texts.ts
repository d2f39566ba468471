import type { ContactTopic } from '@cuewave/contract/contact';
import type { Language } from '@cuewave/contract/languages';

/**
 * The acknowledgement a sender gets, in their language (decision 076): the page's language for the
 * public form, the account's for a support request. The team's own copy stays English, the team's
 * working language.
 */
export type ContactTexts = {
  topics: Record<ContactTopic, string>;
  copy: {
    subject: string;
    preheader: string;
    heading: string;
    paragraphs: (name: string, topic: string, reference: string) => string[];
    footnote: string;
  };
  unavailable: string;
};

const en: ContactTexts = {
  topics: {
    licensing: 'licences and rights',
    subscription: 'plans and subscription',
    payments: 'payments and invoices',
    downloads: 'downloads and files',
    account: 'my account',
    other: 'something else',
  },
  copy: {
    subject: 'We received your message',
    preheader: 'Our team will reply within one business day.',
    heading: 'Thanks, we got your message',
    paragraphs: (name, topic, reference) => [
      `Hi ${name}, thank you for writing to Cuewave about ${topic}. Our team will reply to this address within one business day.`,
      `Your reference: ${reference}`,
    ],
    footnote: 'If you did not send this, you can ignore this email.',
  },
  unavailable: 'We couldn’t send your message just now. Please try again in a few minutes.',
};

const pl: ContactTexts = {
  // After "w sprawie" (about): the genitive.
  topics: {
    licensing: 'licencji i praw',
    subscription: 'planów i subskrypcji',
    payments: 'płatności i faktur',
    downloads: 'pobierania i plików',
    account: 'mojego konta',
    other: 'innej sprawy',
  },
  copy: {
    subject: 'Otrzymaliśmy twoją wiadomość',
    preheader: 'Nasz zespół odpowie w ciągu jednego dnia roboczego.',
    heading: 'Dziękujemy, mamy twoją wiadomość',
    paragraphs: (name, topic, reference) => [
      `Cześć ${name}, dziękujemy za wiadomość do Cuewave w sprawie ${topic}. Nasz zespół odpowie na ten adres w ciągu jednego dnia roboczego.`,
      `Twój numer zgłoszenia: ${reference}`,
    ],
    footnote: 'Jeśli nie wiesz, skąd ta wiadomość, zignoruj ją.',
  },
  unavailable: 'Nie udało się teraz wysłać twojej wiadomości. Spróbuj ponownie za kilka minut.',
};

export const CONTACT_TEXTS: Record<Language, ContactTexts> = { en, pl };
