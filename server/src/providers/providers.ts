import type { Captcha } from './captcha/captcha';
import type { EmailSender } from './email/email';
import type { Embeddings } from './embeddings/embeddings';
import type { PaymentProvider } from './payments/payments';
import type { RateLimiter } from './rate-limit/rate-limit';
import type { SmsSender } from './sms/sms';

/** The outside systems the account features talk to, chosen by configuration (architecture §3). */
export type Providers = {
  email: EmailSender;
  sms: SmsSender;
  captcha: Captcha;
  rateLimiter: RateLimiter;
  payments: PaymentProvider;
  /** Text embeddings of AI search: the embedded engine, or an OpenAI-compatible endpoint (decision 059). */
  embeddings: Embeddings;
};

/** Who sells, as every receipt prints it (SELLER_* in the README's configuration). */
export type Seller = { name: string; addressLines: string[]; vatId: string };

/** Settings the features need from the environment, resolved once. */
export type AppConfig = {
  /** Origin used in links inside emails and SMS, e.g. https://cuewave.example (no trailing slash). */
  publicUrl: string;
  /** 'auto' marks cookies Secure when the request came over https (trustProxy honours X-Forwarded-Proto). */
  cookieSecure: 'auto' | boolean;
  /** The development mailbox (GET /api/dev/outbox, page /dev/mailbox) is served while mail goes to the outbox. */
  mailboxEnabled: boolean;
  /** Printed on receipts (SELLER_NAME, SELLER_ADDRESS, SELLER_VAT_ID). */
  seller: Seller;
  /** Where enterprise enquiries go (SALES_EMAIL). */
  salesEmail: string;
  /** Where contact-form messages and support requests go (SUPPORT_EMAIL, decision 069). */
  supportEmail: string;
  /** Fair use: distinct products one account may download per UTC day (DOWNLOADS_PER_DAY, decision 055). */
  downloadsPerDay?: number;
  /** Accounts that switch maintenance and keep the site while it is on (OPERATOR_EMAILS), lower-case. */
  operatorEmails?: string[];
  /** /api/cdn answers with X-Accel-Redirect to this internal location instead of the bytes (decision 073). */
  accelRedirectPrefix?: string | null;
};
