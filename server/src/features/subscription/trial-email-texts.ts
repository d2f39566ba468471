import type { Language } from '@cuewave/contract/languages';

/**
 * The words of the trial emails in each language the store speaks (decision 076); `date` is already
 * formatted for the language. Polish in the site's informal register.
 */
export type TrialEmailTexts = {
  endingSoon: {
    subject: (days: number, date: string) => string;
    preheader: (date: string) => string;
    heading: string;
    paragraphs: (days: number, date: string) => string[];
  };
  ended: { subject: string; preheader: string; heading: string; paragraphs: (date: string) => string[] };
  button: string;
  footnote: string;
};

const whenEn = (days: number, date: string) => `in ${days} day${days === 1 ? '' : 's'}, on ${date}`;
// "za 1 dzień", "za 2 dni": only one day is singular.
const whenPl = (days: number, date: string) => `za ${days} ${days === 1 ? 'dzień' : 'dni'}, ${date}`;

const en: TrialEmailTexts = {
  endingSoon: {
    subject: (days, date) => `Your Cuewave free trial ends ${whenEn(days, date)}`,
    preheader: (date) => `Choose a plan to keep downloading and licensing music after ${date}.`,
    heading: 'Your free trial ends soon',
    paragraphs: (days, date) => [
      `Your Cuewave free trial ends ${whenEn(days, date)}. After that you can no longer download tracks or license new videos.`,
      'Choose a plan to carry on: it starts as soon as your payment goes through, the trial ends then, and the channels you added stay on your licence.',
    ],
  },
  ended: {
    subject: 'Your Cuewave free trial has ended',
    preheader: 'Choose a plan to download and license music again.',
    heading: 'Your free trial has ended',
    paragraphs: (date) => [
      `Your Cuewave free trial ended on ${date}.`,
      'Choose a plan to download tracks and license new videos again. Your channels are still on your account.',
    ],
  },
  button: 'Choose a plan',
  footnote: 'Videos you published with music downloaded during the trial stay licensed.',
};

const pl: TrialEmailTexts = {
  endingSoon: {
    subject: (days, date) => `Twój darmowy okres próbny w Cuewave kończy się ${whenPl(days, date)}`,
    preheader: (date) => `Wybierz plan, aby po ${date} nadal pobierać muzykę i korzystać z licencji.`,
    heading: 'Twój darmowy okres próbny wkrótce się kończy',
    paragraphs: (days, date) => [
      `Twój darmowy okres próbny w Cuewave kończy się ${whenPl(days, date)}. Potem nie pobierzesz już utworów ani nie obejmiesz licencją nowych filmów.`,
      'Wybierz plan, aby kontynuować: zacznie działać, gdy tylko płatność zostanie zaksięgowana, okres próbny wtedy się zakończy, a dodane kanały pozostaną na twojej licencji.',
    ],
  },
  ended: {
    subject: 'Twój darmowy okres próbny w Cuewave dobiegł końca',
    preheader: 'Wybierz plan, aby znów pobierać muzykę i korzystać z licencji.',
    heading: 'Twój darmowy okres próbny dobiegł końca',
    paragraphs: (date) => [
      `Twój darmowy okres próbny w Cuewave zakończył się ${date}.`,
      'Wybierz plan, aby znów pobierać utwory i obejmować licencją nowe filmy. Twoje kanały nadal są na koncie.',
    ],
  },
  button: 'Wybierz plan',
  footnote: 'Filmy opublikowane z muzyką pobraną w okresie próbnym pozostają objęte licencją.',
};

export const TRIAL_EMAIL_TEXTS: Record<Language, TrialEmailTexts> = { en, pl };
