import type { BannerEdition, BannerVariant } from '@cuewave/contract/banners';
import type { Db } from '../../db/client';

/** A stored banner (table banners, migration 0020). */
export type BannerRow = {
  id: string;
  variant: BannerVariant;
  couponCode: string;
  edition: BannerEdition;
  startsAt: Date;
  endsAt: Date;
};

const columns = ['id', 'variant', 'coupon_code', 'edition', 'starts_at', 'ends_at'] as const;

type Raw = { id: string; variant: string; coupon_code: string; edition: BannerEdition; starts_at: Date; ends_at: Date };

const toBanner = (row: Raw): BannerRow => ({
  id: row.id,
  variant: row.variant as BannerVariant,
  couponCode: row.coupon_code,
  edition: row.edition,
  startsAt: new Date(row.starts_at),
  endsAt: new Date(row.ends_at),
});

/** Every banner, the newest window first (the operators' list). */
export async function selectBanners(db: Db): Promise<BannerRow[]> {
  const rows = await db.selectFrom('banners').select(columns).orderBy('starts_at', 'desc').orderBy('id').execute();
  return rows.map(toBanner);
}

/** Banners that have not ended by `now`: what the public read chooses from. */
export async function selectCurrentBanners(db: Db, now: Date): Promise<BannerRow[]> {
  const rows = await db.selectFrom('banners').select(columns).where('ends_at', '>', now).execute();
  return rows.map(toBanner);
}

export async function selectBanner(db: Db, id: string): Promise<BannerRow | undefined> {
  const row = await db.selectFrom('banners').select(columns).where('id', '=', id).executeTakeFirst();
  return row ? toBanner(row) : undefined;
}

export async function insertBanner(db: Db, banner: BannerRow, now: Date): Promise<void> {
  await db
    .insertInto('banners')
    .values({
      id: banner.id,
      variant: banner.variant,
      coupon_code: banner.couponCode,
      edition: banner.edition,
      starts_at: banner.startsAt,
      ends_at: banner.endsAt,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/** Replaces a banner's fields; false when there is no such banner. */
export async function updateBanner(db: Db, banner: BannerRow, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('banners')
    .set({
      variant: banner.variant,
      coupon_code: banner.couponCode,
      edition: banner.edition,
      starts_at: banner.startsAt,
      ends_at: banner.endsAt,
      updated_at: now,
    })
    .where('id', '=', banner.id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteBanner(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('banners').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
