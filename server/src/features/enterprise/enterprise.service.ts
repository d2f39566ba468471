import { ENTERPRISE_USE_LABELS, type EnterpriseUse } from '@cuewave/contract/enterprise';
import { enforceRateLimits, requireCaptcha } from '../auth/abuse-guards';
import type { Language } from '@cuewave/contract/languages';
import { renderEmail, type EmailContent } from '../../providers/email/render-email';
import type { AppConfig, Providers } from '../../providers/providers';
import type { RateRule } from '../../providers/rate-limit/rate-limit';
import { ENTERPRISE_TEXTS } from './enterprise-texts';

export type EnterpriseDeps = {
  providers: Pick<Providers, 'email' | 'captcha' | 'rateLimiter'>;
  config: Pick<AppConfig, 'salesEmail'>;
};

export type EnterpriseEnquiry = {
  name: string;
  email: string;
  company: string;
  use: EnterpriseUse;
  channels: number | null;
  message: string;
  captcha: string;
};

/**
 * Where enquiries go unless SALES_EMAIL says otherwise; the outbox shows these messages on the
 * development mailbox page like every other email.
 */
export const DEFAULT_SALES_EMAIL = 'sales@cuewave.local';

const HOUR = 60 * 60;
/** A person sends one or two enquiries; more from one address or for one email is a script. */
export const ENTERPRISE_RATE = {
  perIp: { limit: 5, windowSeconds: HOUR },
  perEmail: { limit: 3, windowSeconds: 24 * HOUR },
} satisfies Record<string, RateRule>;

/** Header fields must stay on one line whatever the visitor typed. */
const oneLine = (value: string) => value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

async function send(deps: EnterpriseDeps, to: string, subject: string, template: string, content: EmailContent) {
  const { html, text } = renderEmail(content);
  await deps.providers.email.send({ to, subject: oneLine(subject), html, text, template });
}

/**
 * POST /v1/enterprise/contact: rate limited (per IP, then per email), captcha checked, then the
 * enquiry goes to sales and a copy to the visitor, so they know it arrived and what they sent.
 */
export async function submitEnterpriseEnquiry(
  deps: EnterpriseDeps,
  input: EnterpriseEnquiry,
  ip: string,
  language: Language,
) {
  await enforceRateLimits(deps.providers, [
    { key: `enterprise:ip:${ip}`, rule: ENTERPRISE_RATE.perIp },
    { key: `enterprise:email:${input.email.toLowerCase()}`, rule: ENTERPRISE_RATE.perEmail },
  ]);
  await requireCaptcha(deps.providers, input.captcha, { ip, action: 'contact' });

  const channels = input.channels === null ? 'not given' : String(input.channels);
  const details = [
    `Name: ${oneLine(input.name)}`,
    `Email: ${input.email}`,
    `Company: ${oneLine(input.company)}`,
    `Use: ${ENTERPRISE_USE_LABELS[input.use]}`,
    // The in-store form asks for locations in the same field (decision 069).
    `${input.use === 'venue' ? 'Locations' : 'Channels'}: ${channels}`,
  ];

  await send(deps, deps.config.salesEmail, `Enterprise enquiry: ${input.company}`, 'enterprise-enquiry', {
    language: 'en',
    preheader: `${oneLine(input.name)} from ${oneLine(input.company)} asks about Enterprise.`,
    heading: 'New Enterprise enquiry',
    paragraphs: [...details, 'Message:', input.message],
    footnote: `Reply to ${input.email} within one business day.`,
  });

  // The visitor's copy, in the language of the page they wrote from.
  const t = ENTERPRISE_TEXTS[language];
  const count = input.channels === null ? t.notGiven : String(input.channels);
  await send(deps, input.email, t.subject, 'enterprise-enquiry-copy', {
    language,
    preheader: t.preheader,
    heading: t.heading,
    paragraphs: [
      t.intro(oneLine(input.name), oneLine(input.company)),
      t.covers,
      t.sent,
      `${t.company}: ${oneLine(input.company)}`,
      `${t.use}: ${t.uses[input.use]}`,
      `${input.use === 'venue' ? t.locations : t.channels}: ${count}`,
      input.message,
    ],
    footnote: t.footnote,
  });
}
