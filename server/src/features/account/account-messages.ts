import type { Language } from '@cuewave/contract/languages';
import { AppError } from '../../lib/errors';
import { renderEmail, type EmailContent } from '../../providers/email/render-email';
import type { AppConfig, Providers } from '../../providers/providers';
import { ACCOUNT_TEXTS } from './account-texts';

/**
 * Every email and SMS the accounts features send, each in the account's language (decision 076); the
 * words are in account-texts.ts.
 */
type MessageDeps = { providers: Pick<Providers, 'email' | 'sms'>; config: Pick<AppConfig, 'publicUrl'> };

export function publicLink(config: Pick<AppConfig, 'publicUrl'>, path: string, query?: Record<string, string>): string {
  const url = new URL(path, `${config.publicUrl.replace(/\/+$/, '')}/`);
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
  return url.toString();
}

/** What a client should wait before trying again when the mail server refused or could not be reached. */
const MAIL_RETRY_AFTER_SECONDS = 60;

/**
 * A provider failure (SMTP down, outbox write refused) answers 503 with the spec's body; the provider's
 * own error rides along as `cause` for the route to log. Callers send inside the transaction of the
 * change the email announces, so a failure leaves nothing half done (decision 048).
 */
async function sendEmail(deps: MessageDeps, to: string, subject: string, template: string, content: EmailContent) {
  const { html, text } = renderEmail(content);
  try {
    await deps.providers.email.send({ to, subject, html, text, template });
  } catch (error) {
    const unavailable = new AppError(
      'SERVICE_UNAVAILABLE',
      ACCOUNT_TEXTS.en.mailUnavailable,
      { 'retry-after': String(MAIL_RETRY_AFTER_SECONDS) },
      { pl: ACCOUNT_TEXTS.pl.mailUnavailable },
    );
    throw Object.assign(unavailable, { cause: error });
  }
}

/** The first verification email after sign-up, and every resend: a code to type and a link to click. */
export function sendEmailVerification(
  deps: MessageDeps,
  language: Language,
  to: string,
  code: string,
  linkToken: string,
  changed = false,
) {
  const t = ACCOUNT_TEXTS[language].verification;
  const url = publicLink(deps.config, '/register/verify-email', { token: linkToken });
  return sendEmail(deps, to, t.subject(changed), changed ? 'email-change-verification' : 'email-verification', {
    language,
    preheader: t.preheader,
    heading: t.heading(changed),
    paragraphs: [t.intro(changed)],
    code,
    button: { label: t.button, url },
    footnote: t.footnote,
  });
}

/**
 * A signed-in user asked to sign in with a new address: the code and link go to that address, and the
 * current one stays the sign-in email until either is used (decision 048).
 */
export function sendPendingEmailConfirmation(
  deps: MessageDeps,
  language: Language,
  to: string,
  code: string,
  linkToken: string,
  currentEmail: string,
) {
  const t = ACCOUNT_TEXTS[language].pendingEmail;
  const url = publicLink(deps.config, '/account/email-change', { confirm: linkToken });
  return sendEmail(deps, to, t.subject, 'email-change-verification', {
    language,
    preheader: t.preheader,
    heading: t.heading,
    paragraphs: [t.intro],
    code,
    button: { label: t.button, url },
    // The current address comes after the code: readers (and mailbox tools) find the code first.
    footnote: t.footnote(currentEmail),
  });
}

/** To the old address once the new one is confirmed: what happened, and a one-time link to undo it. */
export function sendEmailChangedNotice(
  deps: MessageDeps,
  language: Language,
  to: string,
  newEmail: string,
  undoToken: string,
) {
  const t = ACCOUNT_TEXTS[language].emailChanged;
  const url = publicLink(deps.config, '/account/email-change', { undo: undoToken });
  return sendEmail(deps, to, t.subject, 'email-changed', {
    language,
    preheader: t.preheader(newEmail),
    heading: t.heading,
    paragraphs: t.paragraphs(newEmail),
    button: { label: t.button, url },
    footnote: t.footnote,
  });
}

export function sendPasswordResetLink(deps: MessageDeps, language: Language, to: string, token: string) {
  const t = ACCOUNT_TEXTS[language].passwordReset;
  const url = publicLink(deps.config, '/auth/change-password', { token });
  return sendEmail(deps, to, t.subject, 'password-reset', {
    language,
    preheader: t.preheader,
    heading: t.heading,
    paragraphs: [t.intro],
    button: { label: t.button, url },
    footnote: t.footnote,
  });
}

export function sendPasswordChanged(deps: MessageDeps, language: Language, to: string) {
  const t = ACCOUNT_TEXTS[language].passwordChanged;
  return sendEmail(deps, to, t.subject, 'password-changed', {
    language,
    preheader: t.preheader,
    heading: t.heading,
    paragraphs: t.paragraphs,
    button: { label: t.button, url: publicLink(deps.config, '/auth/reset-password') },
  });
}

export function sendSigninLink(deps: MessageDeps, language: Language, to: string, token: string) {
  const t = ACCOUNT_TEXTS[language].signinLink;
  const url = publicLink(deps.config, `/ott/${encodeURIComponent(token)}`);
  return sendEmail(deps, to, t.subject, 'signin-link', {
    language,
    preheader: t.preheader,
    heading: t.heading,
    paragraphs: [t.intro],
    button: { label: t.button, url },
    footnote: t.footnote,
  });
}

export function sendPhoneCode(deps: MessageDeps, language: Language, to: string, code: string) {
  return deps.providers.sms.send({ to, text: ACCOUNT_TEXTS[language].phoneCode(code), template: 'phone-verification' });
}
