import {
  CODE_TTL_MINUTES,
  EMAIL_LINK_HOURS,
  EMAIL_UNDO_DAYS,
  PASSWORD_RESET_MINUTES,
  SIGNIN_LINK_MINUTES,
} from '@cuewave/contract/account';
import { AppError } from '../../lib/errors';
import { renderEmail, type EmailContent } from '../../providers/email/render-email';
import type { AppConfig, Providers } from '../../providers/providers';

/** Every email and SMS the accounts features send; wording in one place. */
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
      'We couldn’t send the email just now, so nothing was changed. Please try again in a minute.',
      { 'retry-after': String(MAIL_RETRY_AFTER_SECONDS) },
    );
    throw Object.assign(unavailable, { cause: error });
  }
}

const IGNORE =
  'If you did not ask for this, you can ignore this email: nothing changes until the code or link is used.';

/** The first verification email after sign-up, and every resend: a code to type and a link to click. */
export function sendEmailVerification(deps: MessageDeps, to: string, code: string, linkToken: string, changed = false) {
  const url = publicLink(deps.config, '/register/verify-email', { token: linkToken });
  return sendEmail(
    deps,
    to,
    changed ? 'Confirm your new email address for Cuewave' : 'Confirm your email address for Cuewave',
    changed ? 'email-change-verification' : 'email-verification',
    {
      preheader: `Your code expires in ${CODE_TTL_MINUTES} minutes.`,
      heading: changed ? 'Confirm your new email address' : 'Confirm your email address',
      paragraphs: [
        changed
          ? 'You asked to use this address for your Cuewave account. Enter this code on the verification page:'
          : 'Welcome to Cuewave! Enter this code on the verification page to confirm your email address:',
      ],
      code,
      button: { label: 'Confirm my email', url },
      footnote: `The code expires in ${CODE_TTL_MINUTES} minutes and the link in ${EMAIL_LINK_HOURS} hours. ${IGNORE}`,
    },
  );
}

/**
 * A signed-in user asked to sign in with a new address: the code and link go to that address, and the
 * current one stays the sign-in email until either is used (decision 048).
 */
export function sendPendingEmailConfirmation(
  deps: MessageDeps,
  to: string,
  code: string,
  linkToken: string,
  currentEmail: string,
) {
  const url = publicLink(deps.config, '/account/email-change', { confirm: linkToken });
  return sendEmail(deps, to, 'Confirm your new email address for Cuewave', 'email-change-verification', {
    preheader: `Your code expires in ${CODE_TTL_MINUTES} minutes.`,
    heading: 'Confirm your new email address',
    paragraphs: [
      'You asked to sign in to Cuewave with this address. Enter this code on your account page to confirm it:',
    ],
    code,
    button: { label: 'Confirm my new email', url },
    // The current address comes after the code: readers (and mailbox tools) find the code first.
    footnote:
      `Until you confirm, you keep signing in with ${currentEmail}. The code expires in ${CODE_TTL_MINUTES} ` +
      `minutes and the link in ${EMAIL_LINK_HOURS} hours. ${IGNORE}`,
  });
}

/** To the old address once the new one is confirmed: what happened, and a one-time link to undo it. */
export function sendEmailChangedNotice(deps: MessageDeps, to: string, newEmail: string, undoToken: string) {
  const url = publicLink(deps.config, '/account/email-change', { undo: undoToken });
  return sendEmail(deps, to, 'Your Cuewave sign-in email was changed', 'email-changed', {
    preheader: `Your account now signs in with ${newEmail}.`,
    heading: 'Your sign-in email was changed',
    paragraphs: [
      `Your Cuewave account now signs in with ${newEmail} instead of this address. Receipts, licences and sign-in links go there from now on.`,
      'If this was not you, undo the change: this address becomes the sign-in email again, every device is signed out and you choose a new password.',
    ],
    button: { label: 'This wasn’t me: undo the change', url },
    footnote: `The link works once, for ${EMAIL_UNDO_DAYS} days. If you made this change, you can ignore this email.`,
  });
}

export function sendPasswordResetLink(deps: MessageDeps, to: string, token: string) {
  const url = publicLink(deps.config, '/auth/change-password', { token });
  return sendEmail(deps, to, 'Reset your Cuewave password', 'password-reset', {
    preheader: `The link works once, for ${PASSWORD_RESET_MINUTES} minutes.`,
    heading: 'Reset your password',
    paragraphs: ['Someone (hopefully you) asked to reset the password of your Cuewave account. Choose a new one here:'],
    button: { label: 'Choose a new password', url },
    footnote: `The link works once and expires in ${PASSWORD_RESET_MINUTES} minutes. If you did not ask for it, ignore this email: your password stays as it is.`,
  });
}

export function sendPasswordChanged(deps: MessageDeps, to: string) {
  return sendEmail(deps, to, 'Your Cuewave password was changed', 'password-changed', {
    preheader: 'Every other session has been signed out.',
    heading: 'Your password was changed',
    paragraphs: [
      'The password of your Cuewave account has just been changed, and every device that was signed in has been signed out.',
      'If this was not you, reset your password right away and contact our support team.',
    ],
    button: { label: 'Reset my password', url: publicLink(deps.config, '/auth/reset-password') },
  });
}

export function sendSigninLink(deps: MessageDeps, to: string, token: string) {
  const url = publicLink(deps.config, `/ott/${encodeURIComponent(token)}`);
  return sendEmail(deps, to, 'Your Cuewave sign-in link', 'signin-link', {
    preheader: `Sign in with one click; the link works once, for ${SIGNIN_LINK_MINUTES} minutes.`,
    heading: 'Sign in to Cuewave',
    paragraphs: ['Use this button to sign in without typing your password:'],
    button: { label: 'Sign me in', url },
    footnote: `The link works once and expires in ${SIGNIN_LINK_MINUTES} minutes. If you did not ask for it, ignore this email.`,
  });
}

export function sendPhoneCode(deps: MessageDeps, to: string, code: string) {
  return deps.providers.sms.send({
    to,
    text: `Your Cuewave code is ${code}. It expires in ${CODE_TTL_MINUTES} minutes.`,
    template: 'phone-verification',
  });
}
