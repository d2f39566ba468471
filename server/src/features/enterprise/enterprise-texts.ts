import { CHANNEL_LIMITS } from '@cuewave/contract/account';
import { ENTERPRISE_USE_LABELS, type EnterpriseUse } from '@cuewave/contract/enterprise';
import type { Language } from '@cuewave/contract/languages';

/**
 * The copy of an Enterprise or in-store enquiry the visitor gets, in the page's language (decision
 * 076). The enquiry sales receive stays English, the team's working language.
 */
export type EnterpriseTexts = {
  uses: Record<EnterpriseUse, string>;
  subject: string;
  preheader: string;
  heading: string;
  intro: (name: string, company: string) => string;
  covers: string;
  sent: string;
  company: string;
  use: string;
  locations: string;
  channels: string;
  notGiven: string;
  footnote: string;
};

const en: EnterpriseTexts = {
  uses: ENTERPRISE_USE_LABELS,
  subject: 'We received your Cuewave Enterprise enquiry',
  preheader: 'Our team will reply within one business day.',
  heading: 'Thanks, we got your message',
  intro: (name, company) =>
    `Hi ${name}, thank you for asking about Cuewave Enterprise. Our team will reply to this address within one business day with a licence and price for ${company}.`,
  covers: `Enterprise covers up to ${CHANNEL_LIMITS.enterprise} channels and broadcast, TV and games as agreed; we can tailor it to you.`,
  sent: 'What you sent us:',
  company: 'Company',
  use: 'Use',
  locations: 'Locations',
  channels: 'Channels',
  notGiven: 'not given',
  footnote: 'If you did not send this, you can ignore this email.',
};

const pl: EnterpriseTexts = {
  uses: {
    broadcast: 'Telewizja, radio lub emisja',
    agency: 'Agencja lub firma producencka',
    brand: 'Marka lub zespół wewnętrzny',
    games: 'Gry lub aplikacje',
    venue: 'Sklepy, restauracje lub lokale',
    other: 'Coś innego',
  },
  subject: 'Otrzymaliśmy twoje zapytanie o Cuewave Enterprise',
  preheader: 'Nasz zespół odpowie w ciągu jednego dnia roboczego.',
  heading: 'Dziękujemy, mamy twoją wiadomość',
  intro: (name, company) =>
    `Cześć ${name}, dziękujemy za zainteresowanie Cuewave Enterprise. W ciągu jednego dnia roboczego nasz zespół odpowie na ten adres, przesyłając licencję i cenę dla firmy ${company}.`,
  covers: `Enterprise obejmuje do ${CHANNEL_LIMITS.enterprise} kanałów, a także emisję, telewizję i gry na uzgodnionych warunkach; możemy dopasować ofertę do twoich potrzeb.`,
  sent: 'Co od ciebie otrzymaliśmy:',
  company: 'Firma',
  use: 'Zastosowanie',
  locations: 'Lokalizacje',
  channels: 'Kanały',
  notGiven: 'nie podano',
  footnote: 'Jeśli nie wiesz, skąd ta wiadomość, zignoruj ją.',
};

export const ENTERPRISE_TEXTS: Record<Language, EnterpriseTexts> = { en, pl };
