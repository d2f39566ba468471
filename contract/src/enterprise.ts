import { z } from './zod';
import { emailSchema } from './account';

/**
 * The enterprise contact form (spec §1; decision 041: Enterprise is bought through it, not by card).
 * The same limits check the form in the browser and the body on the server.
 */
export const ENTERPRISE_LIMITS = {
  name: 100,
  company: 200,
  message: 4000,
  messageMin: 20,
  channelsMax: 10_000,
} as const;

// venue: music played in shops, restaurants and venues (the /in-store page's enquiries, decision 069)
export const ENTERPRISE_USES = ['broadcast', 'agency', 'brand', 'games', 'venue', 'other'] as const;
export const enterpriseUseSchema = z.enum(ENTERPRISE_USES);
export type EnterpriseUse = z.infer<typeof enterpriseUseSchema>;

export const ENTERPRISE_USE_LABELS: Record<EnterpriseUse, string> = {
  broadcast: 'TV, radio or broadcast',
  agency: 'Agency or production company',
  brand: 'Brand or in-house team',
  games: 'Games or apps',
  venue: 'Shops, restaurants or venues',
  other: 'Something else',
};

const text = (max: number, label: string) =>
  z.string().trim().min(1, `Enter ${label}.`).max(max, `Use at most ${max} characters for ${label}.`);

/** POST /v1/enterprise/contact. */
export const enterpriseContactBodySchema = z
  .object({
    name: text(ENTERPRISE_LIMITS.name, 'your name'),
    email: emailSchema,
    company: text(ENTERPRISE_LIMITS.company, 'the company name'),
    use: enterpriseUseSchema.describe('What the music is for'),
    channels: z
      .number()
      .int('Enter a whole number of channels.')
      .min(1, 'Enter at least 1 channel.')
      .max(ENTERPRISE_LIMITS.channelsMax, `Enter at most ${ENTERPRISE_LIMITS.channelsMax} channels.`)
      .nullish()
      .transform((v) => v ?? null)
      .describe('About how many channels the licence should cover'),
    message: z
      .string()
      .trim()
      .min(ENTERPRISE_LIMITS.messageMin, `Tell us a little more (at least ${ENTERPRISE_LIMITS.messageMin} characters).`)
      .max(ENTERPRISE_LIMITS.message, `Use at most ${ENTERPRISE_LIMITS.message} characters.`),
    captcha: z.string().max(20_000).describe('Captcha solution (ALTCHA payload or reCAPTCHA token)'),
  })
  .meta({ id: 'EnterpriseContactBody' });
export type EnterpriseContactBody = z.input<typeof enterpriseContactBodySchema>;

/** 202: the request is with the sales team; the visitor gets a copy by email. */
export const enterpriseContactResultSchema = z
  .object({ received: z.literal(true) })
  .meta({ id: 'EnterpriseContactResult' });
