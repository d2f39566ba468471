import { z } from './zod';
import { currencySchema } from './pricing';
import { billingPeriodSchema } from './account';

/** Banner variants (spec §3), each with its own artwork and the discount of spec §9. */
export const BANNER_VARIANTS = [
  'womensDay',
  'aprilsFool',
  'easter',
  'starWars',
  'childrensDay',
  'musicDay',
  'midSummer',
  'usLaunch',
] as const;
export const bannerVariantSchema = z.enum(BANNER_VARIANTS);
export type BannerVariant = z.infer<typeof bannerVariantSchema>;

/**
 * The discount each variant announces (spec §9), which its coupon must give (decision 072): a share off
 * the first payment, or for the US launch a first month for $0.99 in the US edition. The spec gives no
 * figure for Star Wars day: any percentage coupon (percent null), and the banner says which.
 */
export const VARIANT_DISCOUNTS: Record<
  BannerVariant,
  { kind: 'percent'; percent: number | null } | { kind: 'price'; amountMinor: number; currency: 'usd'; period: 'month' }
> = {
  womensDay: { kind: 'percent', percent: 50 },
  aprilsFool: { kind: 'percent', percent: 50 },
  easter: { kind: 'percent', percent: 40 },
  starWars: { kind: 'percent', percent: null },
  childrensDay: { kind: 'percent', percent: 40 },
  musicDay: { kind: 'percent', percent: 50 },
  midSummer: { kind: 'percent', percent: 50 },
  usLaunch: { kind: 'price', amountMinor: 99, currency: 'usd', period: 'month' },
};

/** Which edition shows a banner: both, Europe (no prefix) or the US edition (/us). */
export const bannerEditionSchema = z.enum(['all', 'eu', 'us']);
export type BannerEdition = z.infer<typeof bannerEditionSchema>;

/** What the banner's coupon gives, as the banner says it. */
export const bannerDiscountSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('percent'), percent: z.number().int() }),
    z.object({
      kind: z.literal('price'),
      amountMinor: z.number().int().describe('What the first period costs, minor units, before tax'),
      currency: currencySchema,
      periods: z.array(billingPeriodSchema).nullable().describe('The billing periods it applies to; null: all'),
    }),
  ])
  .meta({ id: 'BannerDiscount' });
export type BannerDiscount = z.infer<typeof bannerDiscountSchema>;

/** GET /api/v1/banner: the banner to show now in an edition (public, cached briefly). */
export const activeBannerSchema = z
  .object({
    id: z.string(),
    variant: bannerVariantSchema,
    code: z.string().describe('The coupon code the banner offers (copied by the visitor, applied at checkout)'),
    discount: bannerDiscountSchema,
    endsAt: z.string().describe('ISO time the offer ends (the banner or its coupon, whichever is first)'),
  })
  .meta({ id: 'ActiveBanner' });
export type ActiveBanner = z.infer<typeof activeBannerSchema>;

export const activeBannerAnswerSchema = z
  .object({ banner: activeBannerSchema.nullable() })
  .meta({ id: 'BannerAnswer' });
export type ActiveBannerAnswer = z.infer<typeof activeBannerAnswerSchema>;

export const bannerQuerySchema = z
  .object({
    edition: z.enum(['eu', 'us']).default('eu').describe('The edition of the page: eu (no prefix) or us'),
  })
  .strict();

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-](\d{2}):(\d{2})))?$/;

/** A date or an ISO time with a zone whose day exists (no 30 February, which Date would roll over). */
export function isRealIsoTime(value: string): boolean {
  const m = ISO_TIME.exec(value);
  if (!m) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0, zoneHour = 0, zoneMinute = 0] = m
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60 &&
    zoneHour < 24 &&
    zoneMinute < 60
  );
}

/** An ISO time with a zone, or a date (00:00 UTC that day). */
const isoTime = z
  .string()
  .trim()
  .refine(isRealIsoTime, 'Use a real date like 2027-03-08 or an ISO time with a zone like 2027-03-08T00:00:00Z');

/** POST /api/v1/banners and PUT /api/v1/banners/{id} (operators only). */
export const bannerInputSchema = z
  .object({
    variant: bannerVariantSchema,
    coupon: z.string().trim().min(2).max(40).describe('The code of an existing coupon (npm run coupon:create)'),
    edition: bannerEditionSchema
      .optional()
      .describe('Where it shows; default all (the US launch banner: us, and only us)'),
    startsAt: isoTime.describe('When the banner starts showing'),
    endsAt: isoTime.describe('When it stops (after startsAt)'),
  })
  .strict()
  .meta({ id: 'BannerChange' });
export type BannerInput = z.infer<typeof bannerInputSchema>;

export const bannerStateSchema = z.enum(['scheduled', 'live', 'ended', 'coupon_expired']);

/** A stored banner, as operators see it. */
export const bannerSchema = z
  .object({
    id: z.string(),
    variant: bannerVariantSchema,
    coupon: z.string(),
    edition: bannerEditionSchema,
    startsAt: z.string(),
    endsAt: z.string(),
    state: bannerStateSchema.describe('live: shown now (window open, coupon valid)'),
    warnings: z.array(z.string()).describe('What the operator should know, e.g. the coupon expires before the end'),
  })
  .meta({ id: 'Banner' });
export type Banner = z.infer<typeof bannerSchema>;

export const bannerListSchema = z.object({ banners: z.array(bannerSchema) }).meta({ id: 'BannerList' });
export const bannerIdParamsSchema = z.object({ id: z.uuid() });
