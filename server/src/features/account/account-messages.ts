import {
  CODE_TTL_MINUTES,
  EMAIL_LINK_HOURS,
  PASSWORD_RESET_MINUTES,
  SIGNIN_LINK_MINUTES,
} from '@cuewave/contract/account';
import { renderEmail, type EmailContent } from '../../providers/email/render-email';
import type { AppConfig, Providers } from '../../providers/providers';

/** Every email and SMS the accounts features send; wording in one place. */
type MessageDeps = { providers: Pick<Providers, 'email' | 'sms'>; config: Pick<AppConfig, 'publicUrl'> };

export function publicLink(config: Pick<AppConfig, 'publicUrl'>, path: string, query?: Record<string, string>): string {
  const url = new URL(path, `${config.publicUrl.replace(/\/+$/, '')}/`);
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
  return url.toString();
}

async function sendEmail(deps: MessageDeps, to: string, subject: string, template: string, content: EmailContent) {
  const { html, text } = renderEmail(content);
  await deps.providers.email.send({ to, subject, html, text, template });
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
