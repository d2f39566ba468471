import { renderEmail } from '../../providers/email/render-email';
import type { AppConfig, Providers } from '../../providers/providers';
import type { TrialNotice } from './subscription.repo';

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

const dateWords = (at: Date) =>
  at.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A few days before the end: what ends, when, and the button to choose a plan. */
export async function sendTrialEndingSoon(deps: Deps, notice: TrialNotice, now: Date): Promise<void> {
  const days = Math.max(1, Math.ceil((notice.endsAt.getTime() - now.getTime()) / 86_400_000));
  const when = `in ${days} day${days === 1 ? '' : 's'}, on ${dateWords(notice.endsAt)}`;
  const { html, text } = renderEmail({
    preheader: `Choose a plan to keep downloading and licensing music after ${dateWords(notice.endsAt)}.`,
    heading: 'Your free trial ends soon',
    paragraphs: [
      `Your Cuewave free trial ends ${when}. After that you can no longer download tracks or license new videos.`,
      'Choose a plan to carry on: it starts as soon as your payment goes through, the trial ends then, and the channels you added stay on your licence.',
    ],
    button: { label: 'Choose a plan', url: choosePlanLink(deps.config) },
    footnote: 'Videos you published with music downloaded during the trial stay licensed.',
  });
  await deps.providers.email.send({
    to: notice.email,
    subject: `Your Cuewave free trial ends ${when}`,
    html,
    text,
    template: 'trial-ending',
  });
}

/** When the job ends the trial: it is over, and the same button. */
export async function sendTrialEnded(deps: Deps, notice: TrialNotice): Promise<void> {
  const { html, text } = renderEmail({
    preheader: 'Choose a plan to download and license music again.',
    heading: 'Your free trial has ended',
    paragraphs: [
      `Your Cuewave free trial ended on ${dateWords(notice.endsAt)}.`,
      'Choose a plan to download tracks and license new videos again. Your channels are still on your account.',
    ],
    button: { label: 'Choose a plan', url: choosePlanLink(deps.config) },
    footnote: 'Videos you published with music downloaded during the trial stay licensed.',
  });
  await deps.providers.email.send({
    to: notice.email,
    subject: 'Your Cuewave free trial has ended',
    html,
    text,
    template: 'trial-ended',
  });
}
