import { localeFormat } from '../../lib/locale-format';
import { renderEmail } from '../../providers/email/render-email';
import type { AppConfig, Providers } from '../../providers/providers';
import type { TrialNotice } from './subscription.repo';
import { TRIAL_EMAIL_TEXTS } from './trial-email-texts';

/** Days before its end that a trial gets the "ends soon" email. */
export const TRIAL_REMINDER_DAYS = 3;

/**
 * Where the trial emails send their reader (decision 051): the checkout's plan choice, which a
 * signed-out reader reaches through the login page and a trial or former subscriber can pay from.
 */
export const CHOOSE_PLAN_PATH = '/register/select-plan';

type Deps = { providers: Pick<Providers, 'email'>; config: Pick<AppConfig, 'publicUrl'> };

export function choosePlanLink(config: Pick<AppConfig, 'publicUrl'>): string {
  return new URL(CHOOSE_PLAN_PATH, `${config.publicUrl.replace(/\/+$/, '')}/`).toString();
}

/** A few days before the end: what ends, when, and the button to choose a plan; in the account's language. */
export async function sendTrialEndingSoon(deps: Deps, notice: TrialNotice, now: Date): Promise<void> {
  const t = TRIAL_EMAIL_TEXTS[notice.language];
  const date = localeFormat(notice.language).date(notice.endsAt);
  const days = Math.max(1, Math.ceil((notice.endsAt.getTime() - now.getTime()) / 86_400_000));
  const { html, text } = renderEmail({
    language: notice.language,
    preheader: t.endingSoon.preheader(date),
    heading: t.endingSoon.heading,
    paragraphs: t.endingSoon.paragraphs(days, date),
    button: { label: t.button, url: choosePlanLink(deps.config) },
    footnote: t.footnote,
  });
  await deps.providers.email.send({
    to: notice.email,
    subject: t.endingSoon.subject(days, date),
    html,
    text,
    template: 'trial-ending',
  });
}

/** When the job ends the trial: it is over, and the same button. */
export async function sendTrialEnded(deps: Deps, notice: TrialNotice): Promise<void> {
  const t = TRIAL_EMAIL_TEXTS[notice.language];
  const { html, text } = renderEmail({
    language: notice.language,
    preheader: t.ended.preheader,
    heading: t.ended.heading,
    paragraphs: t.ended.paragraphs(localeFormat(notice.language).date(notice.endsAt)),
    button: { label: t.button, url: choosePlanLink(deps.config) },
    footnote: t.footnote,
  });
  await deps.providers.email.send({
    to: notice.email,
    subject: t.ended.subject,
    html,
    text,
    template: 'trial-ended',
  });
}
