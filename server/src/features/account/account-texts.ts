import {
  CODE_TTL_MINUTES,
  EMAIL_LINK_HOURS,
  EMAIL_UNDO_DAYS,
  PASSWORD_RESET_MINUTES,
  SIGNIN_LINK_MINUTES,
} from '@cuewave/contract/account';
import type { Language } from '@cuewave/contract/languages';

/**
 * The words of every email and text message the accounts features send, in each language the store
 * speaks (decision 076). One object per language of one type, so a text missing in Polish is a type
 * error, not an English sentence in a Polish mailbox. Polish uses the informal register of the site
 * ("ty"), as the web's texts do.
 */
export type AccountTexts = {
  mailUnavailable: string;
  verification: {
    subject: (changed: boolean) => string;
    preheader: string;
    heading: (changed: boolean) => string;
    intro: (changed: boolean) => string;
    button: string;
    footnote: string;
  };
  pendingEmail: {
    subject: string;
    preheader: string;
    heading: string;
    intro: string;
    button: string;
    footnote: (currentEmail: string) => string;
  };
  emailChanged: {
    subject: string;
    preheader: (newEmail: string) => string;
    heading: string;
    paragraphs: (newEmail: string) => string[];
    button: string;
    footnote: string;
  };
  passwordReset: {
    subject: string;
    preheader: string;
    heading: string;
    intro: string;
    button: string;
    footnote: string;
  };
  passwordChanged: { subject: string; preheader: string; heading: string; paragraphs: string[]; button: string };
  signinLink: { subject: string; preheader: string; heading: string; intro: string; button: string; footnote: string };
  phoneCode: (code: string) => string;
};

const IGNORE_EN =
  'If you did not ask for this, you can ignore this email: nothing changes until the code or link is used.';
// Polish past tenses carry the reader's gender, which we do not know: the sentences avoid them.
const IGNORE_PL =
  'Jeśli nie wiesz, skąd ta wiadomość, zignoruj ją: nic się nie zmieni, dopóki nikt nie użyje kodu ani linku.';

/** Polish counts: 1 minuta, 2–4 minuty (but 12–14 minut), 5+ minut. */
function polishCount(count: number, one: string, few: string, many: string): string {
  const lastTwo = count % 100;
  const last = count % 10;
  if (count === 1) return `${count} ${one}`;
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return `${count} ${few}`;
  return `${count} ${many}`;
}
// "wygasa za 15 minut": the accusative after "za" has the same forms as the nominative for these words.
const minutesPl = (n: number) => polishCount(n, 'minutę', 'minuty', 'minut');
const hoursPl = (n: number) => polishCount(n, 'godzinę', 'godziny', 'godzin');
const daysPl = (n: number) => polishCount(n, 'dzień', 'dni', 'dni');

const en: AccountTexts = {
  mailUnavailable: 'We couldn’t send the email just now, so nothing was changed. Please try again in a minute.',
  verification: {
    subject: (changed) =>
      changed ? 'Confirm your new email address for Cuewave' : 'Confirm your email address for Cuewave',
    preheader: `Your code expires in ${CODE_TTL_MINUTES} minutes.`,
    heading: (changed) => (changed ? 'Confirm your new email address' : 'Confirm your email address'),
    intro: (changed) =>
      changed
        ? 'You asked to use this address for your Cuewave account. Enter this code on the verification page:'
        : 'Welcome to Cuewave! Enter this code on the verification page to confirm your email address:',
    button: 'Confirm my email',
    footnote: `The code expires in ${CODE_TTL_MINUTES} minutes and the link in ${EMAIL_LINK_HOURS} hours. ${IGNORE_EN}`,
  },
  pendingEmail: {
    subject: 'Confirm your new email address for Cuewave',
    preheader: `Your code expires in ${CODE_TTL_MINUTES} minutes.`,
    heading: 'Confirm your new email address',
    intro: 'You asked to sign in to Cuewave with this address. Enter this code on your account page to confirm it:',
    button: 'Confirm my new email',
    footnote: (currentEmail) =>
      `Until you confirm, you keep signing in with ${currentEmail}. The code expires in ${CODE_TTL_MINUTES} ` +
      `minutes and the link in ${EMAIL_LINK_HOURS} hours. ${IGNORE_EN}`,
  },
  emailChanged: {
    subject: 'Your Cuewave sign-in email was changed',
    preheader: (newEmail) => `Your account now signs in with ${newEmail}.`,
    heading: 'Your sign-in email was changed',
    paragraphs: (newEmail) => [
      `Your Cuewave account now signs in with ${newEmail} instead of this address. Receipts, licences and sign-in links go there from now on.`,
      'If this was not you, undo the change: this address becomes the sign-in email again, every device is signed out and you choose a new password.',
    ],
    button: 'This wasn’t me: undo the change',
    footnote: `The link works once, for ${EMAIL_UNDO_DAYS} days. If you made this change, you can ignore this email.`,
  },
  passwordReset: {
    subject: 'Reset your Cuewave password',
    preheader: `The link works once, for ${PASSWORD_RESET_MINUTES} minutes.`,
    heading: 'Reset your password',
    intro: 'Someone (hopefully you) asked to reset the password of your Cuewave account. Choose a new one here:',
    button: 'Choose a new password',
    footnote: `The link works once and expires in ${PASSWORD_RESET_MINUTES} minutes. If you did not ask for it, ignore this email: your password stays as it is.`,
  },
  passwordChanged: {
    subject: 'Your Cuewave password was changed',
    preheader: 'Every other session has been signed out.',
    heading: 'Your password was changed',
    paragraphs: [
      'The password of your Cuewave account has just been changed, and every device that was signed in has been signed out.',
      'If this was not you, reset your password right away and contact our support team.',
    ],
    button: 'Reset my password',
  },
  signinLink: {
    subject: 'Your Cuewave sign-in link',
    preheader: `Sign in with one click; the link works once, for ${SIGNIN_LINK_MINUTES} minutes.`,
    heading: 'Sign in to Cuewave',
    intro: 'Use this button to sign in without typing your password:',
    button: 'Sign me in',
    footnote: `The link works once and expires in ${SIGNIN_LINK_MINUTES} minutes. If you did not ask for it, ignore this email.`,
  },
  phoneCode: (code) => `Your Cuewave code is ${code}. It expires in ${CODE_TTL_MINUTES} minutes.`,
};

const pl: AccountTexts = {
  mailUnavailable:
    'Nie udało się teraz wysłać wiadomości e-mail, więc nic nie zostało zmienione. Spróbuj ponownie za minutę.',
  verification: {
    subject: (changed) => (changed ? 'Potwierdź nowy adres e-mail w Cuewave' : 'Potwierdź swój adres e-mail w Cuewave'),
    preheader: `Twój kod wygasa za ${minutesPl(CODE_TTL_MINUTES)}.`,
    heading: (changed) => (changed ? 'Potwierdź nowy adres e-mail' : 'Potwierdź swój adres e-mail'),
    intro: (changed) =>
      changed
        ? 'Chcesz używać tego adresu w swoim koncie Cuewave. Wpisz ten kod na stronie weryfikacji:'
        : 'Witaj w Cuewave! Wpisz ten kod na stronie weryfikacji, aby potwierdzić swój adres e-mail:',
    button: 'Potwierdzam adres e-mail',
    footnote: `Kod wygasa za ${minutesPl(CODE_TTL_MINUTES)}, a link za ${hoursPl(EMAIL_LINK_HOURS)}. ${IGNORE_PL}`,
  },
  pendingEmail: {
    subject: 'Potwierdź nowy adres e-mail w Cuewave',
    preheader: `Twój kod wygasa za ${minutesPl(CODE_TTL_MINUTES)}.`,
    heading: 'Potwierdź nowy adres e-mail',
    intro: 'Chcesz logować się do Cuewave tym adresem. Wpisz ten kod na stronie swojego konta, aby go potwierdzić:',
    button: 'Potwierdzam nowy adres',
    footnote: (currentEmail) =>
      `Do czasu potwierdzenia nadal logujesz się adresem ${currentEmail}. Kod wygasa za ` +
      `${minutesPl(CODE_TTL_MINUTES)}, a link za ${hoursPl(EMAIL_LINK_HOURS)}. ${IGNORE_PL}`,
  },
  emailChanged: {
    subject: 'Adres e-mail do logowania w Cuewave został zmieniony',
    preheader: (newEmail) => `Od teraz logujesz się do konta adresem ${newEmail}.`,
    heading: 'Adres e-mail do logowania został zmieniony',
    paragraphs: (newEmail) => [
      `Od teraz logujesz się do konta Cuewave adresem ${newEmail} zamiast tego. Tam będą trafiać paragony, licencje i linki do logowania.`,
      'Jeśli to nie ty, cofnij zmianę: ten adres znów posłuży do logowania, wszystkie urządzenia zostaną wylogowane, a ty ustawisz nowe hasło.',
    ],
    button: 'To nie ja: cofnij zmianę',
    footnote: `Link działa jeden raz przez ${daysPl(EMAIL_UNDO_DAYS)}. Jeśli zmiana jest twoja, zignoruj tę wiadomość.`,
  },
  passwordReset: {
    subject: 'Zresetuj hasło do Cuewave',
    preheader: `Link działa jeden raz przez ${minutesPl(PASSWORD_RESET_MINUTES)}.`,
    heading: 'Zresetuj hasło',
    intro: 'Ktoś (mamy nadzieję, że ty) poprosił o zresetowanie hasła do twojego konta Cuewave. Ustaw nowe tutaj:',
    button: 'Ustaw nowe hasło',
    footnote: `Link działa jeden raz i wygasa za ${minutesPl(PASSWORD_RESET_MINUTES)}. Jeśli nie wiesz, skąd ta wiadomość, zignoruj ją: hasło się nie zmieni.`,
  },
  passwordChanged: {
    subject: 'Hasło do Cuewave zostało zmienione',
    preheader: 'Wszystkie inne sesje zostały wylogowane.',
    heading: 'Twoje hasło zostało zmienione',
    paragraphs: [
      'Hasło do twojego konta Cuewave zostało właśnie zmienione, a wszystkie zalogowane urządzenia zostały wylogowane.',
      'Jeśli to nie ty, natychmiast zresetuj hasło i skontaktuj się z naszym zespołem wsparcia.',
    ],
    button: 'Zresetuj moje hasło',
  },
  signinLink: {
    subject: 'Twój link do logowania w Cuewave',
    preheader: `Zaloguj się jednym kliknięciem; link działa jeden raz przez ${minutesPl(SIGNIN_LINK_MINUTES)}.`,
    heading: 'Zaloguj się do Cuewave',
    intro: 'Kliknij przycisk, aby zalogować się bez wpisywania hasła:',
    button: 'Zaloguj mnie',
    footnote: `Link działa jeden raz i wygasa za ${minutesPl(SIGNIN_LINK_MINUTES)}. Jeśli nie wiesz, skąd ta wiadomość, zignoruj ją.`,
  },
  phoneCode: (code) => `Twój kod Cuewave to ${code}. Wygasa za ${minutesPl(CODE_TTL_MINUTES)}.`,
};

export const ACCOUNT_TEXTS: Record<Language, AccountTexts> = { en, pl };
