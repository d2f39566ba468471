import { randomUUID } from 'node:crypto';
import {
  VARIANT_DISCOUNTS,
  type ActiveBanner,
  type Banner,
  type BannerDiscount,
  type BannerEdition,
  type BannerInput,
  type BannerVariant,
} from '@cuewave/contract/banners';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { Coupon } from '../pricing/coupon';
import { findCoupon } from '../pricing/pricing.service';
import {
  deleteBanner,
  insertBanner,
  selectBanner,
  selectBanners,
  selectCurrentBanners,
  updateBanner,
  type BannerRow,
} from './banners.repo';

export type BannerDeps = { db: Db; clock: Clock };

/** A banner with its coupon as stored now (null: the code no longer exists). */
export type BannerEntry = { banner: BannerRow; coupon: Coupon | null };

/**
 * How stale an instance's view of the banners may be. The root shell asks on every page, so the
 * answer comes from memory; every instance reads the shared database again after this long, so an
 * operator's change reaches all of them within it (decision 072).
 */
export const BANNER_TTL_MS = 5_000;

/** A date (00:00 UTC that day) or an ISO time with a zone, as the API and the command take them. */
export function parseBannerTime(raw: string): Date {
  const text = raw.trim();
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text);
}

const couponExpired = (coupon: Coupon, at: Date) => coupon.expiresAt !== null && coupon.expiresAt <= at;

/** What the coupon gives, in the banner's words; null when no banner can announce it (an amount off). */
export function discountOf(coupon: Coupon): BannerDiscount | null {
  if (coupon.kind === 'percent' && coupon.percent !== null) return { kind: 'percent', percent: coupon.percent };
  if (coupon.kind === 'price' && coupon.amountMinor !== null && coupon.currency !== null) {
    return { kind: 'price', amountMinor: coupon.amountMinor, currency: coupon.currency, periods: coupon.periods };
  }
  return null;
}

const VARIANT_TITLES: Record<BannerVariant, string> = {
  womensDay: "women's day",
  aprilsFool: "April fools' day",
  easter: 'Easter',
  starWars: 'Star Wars day',
  childrensDay: "children's day",
  musicDay: 'music day',
  midSummer: 'midsummer',
  usLaunch: 'US launch',
};

/** Why the coupon cannot carry this variant's offer (spec §9), or null when it can. */
function discountMismatch(variant: BannerVariant, coupon: Coupon): string | null {
  const wanted = VARIANT_DISCOUNTS[variant];
  const name = VARIANT_TITLES[variant];
  if (wanted.kind === 'percent') {
    if (coupon.kind !== 'percent') return `The ${name} banner announces a percentage off; ${coupon.code} is not one.`;
    if (wanted.percent !== null && coupon.percent !== wanted.percent) {
      return `The ${name} banner announces ${wanted.percent} % off; ${coupon.code} gives ${coupon.percent} %.`;
    }
    return null;
  }
  const exact =
    coupon.kind === 'price' &&
    coupon.amountMinor === wanted.amountMinor &&
    coupon.currency === wanted.currency &&
    coupon.periods?.length === 1 &&
    coupon.periods[0] === wanted.period;
  return exact
    ? null
    : `The US launch banner announces a first month for $0.99: its coupon must be made with ` +
        `--price 0.99 --currency usd --periods month; ${coupon.code} is not.`;
}

/**
 * Checks a banner before it is stored; throws 400 VALIDATION_FAILED with the reason, or answers the
 * warnings an operator should read (the coupon ends before the window does).
 */
export function checkBanner(
  input: { variant: BannerVariant; edition: BannerEdition; startsAt: Date; endsAt: Date },
  coupon: Coupon | null,
  code: string,
  now: Date,
): string[] {
  const refuse = (message: string): never => {
    throw new AppError('VALIDATION_FAILED', message);
  };
  if (Number.isNaN(input.startsAt.getTime()) || Number.isNaN(input.endsAt.getTime())) refuse('Not a real date.');
  if (input.endsAt <= input.startsAt) refuse('endsAt must be after startsAt.');
  if (input.endsAt <= now) refuse('This window has already ended: the banner would never show.');
  if (input.variant === 'usLaunch' && input.edition !== 'us')
    refuse('The US launch banner shows in the US edition only.');
  if (!coupon) return refuse(`There is no coupon ${code.toUpperCase()}: create it first (npm run coupon:create).`);
  if (couponExpired(coupon, now)) {
    refuse(`The coupon ${coupon.code} expired at ${coupon.expiresAt!.toISOString()}: the banner would never show.`);
  }
  if (couponExpired(coupon, input.startsAt)) {
    refuse(`The coupon ${coupon.code} expires before the banner starts: it would never show.`);
  }
  const mismatch = discountMismatch(input.variant, coupon);
  if (mismatch) refuse(mismatch);
  return warningsFor(input, coupon);
}

function warningsFor(input: { endsAt: Date }, coupon: Coupon | null): string[] {
  if (!coupon?.expiresAt || coupon.expiresAt >= input.endsAt) return [];
  return [
    `The coupon ${coupon.code} expires at ${coupon.expiresAt.toISOString()}, before the banner ends: ` +
      'the banner stops showing then.',
  ];
}

/** The banner to show now in `edition`, or null. Its own edition beats "all"; then the latest start. */
export function pickActiveBanner(entries: BannerEntry[], edition: 'eu' | 'us', now: Date): ActiveBanner | null {
  const live = entries
    .filter(({ banner, coupon }) => {
      if (banner.edition !== 'all' && banner.edition !== edition) return false;
      if (banner.startsAt > now || banner.endsAt <= now) return false;
      return coupon !== null && !couponExpired(coupon, now) && discountOf(coupon) !== null;
    })
    .sort(
      (a, b) =>
        Number(b.banner.edition === edition) - Number(a.banner.edition === edition) ||
        b.banner.startsAt.getTime() - a.banner.startsAt.getTime() ||
        a.banner.id.localeCompare(b.banner.id),
    );
  const chosen = live[0];
  if (!chosen) return null;
  const coupon = chosen.coupon!;
  const ends = coupon.expiresAt && coupon.expiresAt < chosen.banner.endsAt ? coupon.expiresAt : chosen.banner.endsAt;
  return {
    id: chosen.banner.id,
    variant: chosen.banner.variant,
    code: coupon.code,
    discount: discountOf(coupon)!,
    endsAt: ends.toISOString(),
  };
}

function stateOf({ banner, coupon }: BannerEntry, now: Date): Banner['state'] {
  if (banner.endsAt <= now) return 'ended';
  if (!coupon || couponExpired(coupon, now)) return 'coupon_expired';
  return banner.startsAt > now ? 'scheduled' : 'live';
}

function viewOf(entry: BannerEntry, now: Date): Banner {
  const { banner, coupon } = entry;
  return {
    id: banner.id,
    variant: banner.variant,
    coupon: banner.couponCode,
    edition: banner.edition,
    startsAt: banner.startsAt.toISOString(),
    endsAt: banner.endsAt.toISOString(),
    state: stateOf(entry, now),
    warnings: coupon ? warningsFor(banner, coupon) : [`The coupon ${banner.couponCode} no longer exists.`],
  };
}

export type Banners = {
  /** The banner to show now (public, from memory within BANNER_TTL_MS). */
  active(edition: 'eu' | 'us'): Promise<ActiveBanner | null>;
  list(): Promise<Banner[]>;
  create(input: BannerInput): Promise<Banner>;
  update(id: string, input: BannerInput): Promise<Banner>;
  remove(id: string): Promise<void>;
};

/**
 * Banners with a read-through cache of the ones that have not ended (a handful of rows and their
 * coupons). The window is checked against the clock on every read, so a banner opens and closes on the
 * second even while cached; writes on this instance drop the cache at once, other instances within
 * `ttlMs`. If the database does not answer, the last known banners stay (a banner is never worth an
 * error page); with none known, no banner. `ticks` measures the TTL (the real time, not the business clock).
 */
export function createBanners(deps: BannerDeps, ttlMs = BANNER_TTL_MS, ticks: () => number = Date.now): Banners {
  let known: { entries: BannerEntry[]; at: number } | null = null;
  let reading: Promise<BannerEntry[]> | null = null;
  let generation = 0;

  const withCoupons = async (banners: BannerRow[]): Promise<BannerEntry[]> => {
    const codes = [...new Set(banners.map((b) => b.couponCode))];
    const coupons = new Map(
      await Promise.all(codes.map(async (code) => [code, await findCoupon(deps, code)] as const)),
    );
    return banners.map((banner) => ({ banner, coupon: coupons.get(banner.couponCode) ?? null }));
  };

  const read = async (): Promise<BannerEntry[]> => {
    const started = generation;
    try {
      const entries = await withCoupons(await selectCurrentBanners(deps.db, deps.clock.now()));
      // A write during the read may have changed what it saw: keep the answer, but do not cache it.
      if (started === generation) known = { entries, at: ticks() };
      return entries;
    } catch {
      return known?.entries ?? [];
    } finally {
      reading = null;
    }
  };

  const current = (): Promise<BannerEntry[]> => {
    if (known && ticks() - known.at < ttlMs) return Promise.resolve(known.entries);
    // Concurrent pages share one read.
    reading ??= read();
    return reading;
  };

  const changed = () => {
    generation += 1;
    known = null;
  };

  const resolve = async (input: BannerInput, now: Date) => {
    const edition = input.edition ?? (input.variant === 'usLaunch' ? 'us' : 'all');
    const fields = {
      variant: input.variant,
      edition,
      startsAt: parseBannerTime(input.startsAt),
      endsAt: parseBannerTime(input.endsAt),
    };
    const coupon = await findCoupon(deps, input.coupon);
    const warnings = checkBanner(fields, coupon, input.coupon, now);
    return { fields: { ...fields, couponCode: coupon!.code }, coupon: coupon!, warnings };
  };

  return {
    async active(edition) {
      return pickActiveBanner(await current(), edition, deps.clock.now());
    },
    async list() {
      const now = deps.clock.now();
      return (await withCoupons(await selectBanners(deps.db))).map((entry) => viewOf(entry, now));
    },
    async create(input) {
      const now = deps.clock.now();
      const { fields, coupon } = await resolve(input, now);
      const banner: BannerRow = { id: randomUUID(), ...fields };
      await insertBanner(deps.db, banner, now);
      changed();
      return viewOf({ banner, coupon }, now);
    },
    async update(id, input) {
      const now = deps.clock.now();
      if (!(await selectBanner(deps.db, id))) throw notFound('Banner');
      const { fields, coupon } = await resolve(input, now);
      const banner: BannerRow = { id, ...fields };
      if (!(await updateBanner(deps.db, banner, now))) throw notFound('Banner');
      changed();
      return viewOf({ banner, coupon }, now);
    },
    async remove(id) {
      if (!(await deleteBanner(deps.db, id))) throw notFound('Banner');
      changed();
    },
  };
}
