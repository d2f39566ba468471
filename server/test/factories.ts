import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FileType, ProductType } from '@cuewave/contract/catalog';
import { slugify } from '@cuewave/contract/slug';
import type { Db } from '../src/db/client';
import type { AccountsTable, ChannelType, CouponsTable, SubscriptionsTable } from '../src/db/schema';
import { hashPassword } from '../src/features/auth/passwords';
import type { FileStorage } from '../src/providers/storage/storage';

/**
 * Catalogue factories: insert artists, categories, moods, tags, files, products and curated playlists
 * directly, with sensible defaults, so a test states only what it is about. Seed scripts use the same
 * functions. (The ingest tests use real audio instead.)
 */
export type CatalogFactory = ReturnType<typeof catalogFactory>;

export type ProductSpec = {
  id?: string;
  type?: ProductType;
  title?: string;
  artist?: string;
  bpm?: number | null;
  declaredBpm?: number | null;
  duration?: number;
  vocal?: boolean;
  rank?: number;
  /** Genre ids; the product is linked to each (and to the genre of each subgenre). */
  genres?: string[];
  subgenres?: string[];
  /** Any category ids (sfx categories, reels). */
  categories?: string[];
  moods?: string[];
  tags?: string[];
  /** Create cover, preview, master and stem files (default true). */
  files?: boolean;
  description?: string;
  instruments?: string[];
  keywords?: string[];
  releaseYear?: number | null;
};

export function catalogFactory(db: Db, storage?: FileStorage) {
  let seq = 0;
  const next = () => ++seq;
  // Like every catalogue write, tell the API's caches (catalog-cache.ts) that the catalogue changed.
  const touch = () =>
    db
      .updateTable('catalog_state')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .execute();

  const category = async (
    kind: 'genre' | 'subgenre' | 'sfx' | 'reels',
    name: string,
    opts: { id?: string; parentId?: string; cover?: string | null; position?: number } = {},
  ) => {
    const id = opts.id ?? slugify(name);
    await db
      .insertInto('categories')
      .values({
        id,
        kind,
        name,
        parent_id: opts.parentId ?? null,
        cover_file_id: opts.cover ?? null,
        position: opts.position ?? next(),
      })
      .execute();
    await touch();
    return id;
  };

  /** A file row, and its bytes in storage when `content` is given and the factory has a storage. */
  const file = async (opts: { mime?: string; public?: boolean; content?: Buffer; id?: string } = {}) => {
    const id = opts.id ?? randomBytes(12).toString('base64url');
    const content = opts.content ?? Buffer.from(`file ${id}`);
    const sha256 = createHash('sha256').update(content).digest('hex');
    const key = `test/${id}`;
    if (storage) await storage.putBuffer(key, content);
    await db
      .insertInto('files')
      .values({
        id,
        storage_key: key,
        mime: opts.mime ?? 'audio/mpeg',
        size: content.length,
        sha256,
        public: opts.public ?? true,
      })
      .execute();
    return id;
  };

  const artist = async (name: string) => {
    const id = slugify(name);
    await db
      .insertInto('artists')
      .values({ id, name })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return id;
  };

  const waveform = (n: number) => Array.from({ length: 160 }, (_, i) => (i * 7 + n * 13) % 101);

  const product = async (spec: ProductSpec = {}) => {
    const n = next();
    const type = spec.type ?? 'music';
    const title = spec.title ?? `Track ${n}`;
    const id = spec.id ?? `${slugify(title)}-${n}`;
    const artistId = await artist(spec.artist ?? 'Test Artist');
    const vocal = spec.vocal ?? false;
    const duration = spec.duration ?? 120;
    const bpm = spec.bpm === undefined ? (type === 'music' ? 120 : null) : spec.bpm;
    const withFiles = spec.files ?? true;
    const cover = withFiles
      ? await file({
          mime: 'image/svg+xml',
          content: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><title>${id}</title></svg>`),
        })
      : null;
    await db
      .insertInto('products')
      .values({
        id,
        type,
        title,
        artist_id: artistId,
        bpm,
        declared_bpm: spec.declaredBpm ?? null,
        duration,
        has_vocal: vocal,
        cover_file_id: cover,
        rank: spec.rank ?? 0,
        source_key: `factory:${id}`,
        description: spec.description ?? '',
        instruments: spec.instruments ?? [],
        keywords: spec.keywords ?? [],
        release_year: spec.releaseYear ?? null,
      })
      .execute();

    if (withFiles) {
      const files: { type: FileType; public: boolean; mime: string }[] = [
        ...(vocal ? [{ type: 'vocal' as const, public: true, mime: 'audio/mpeg' }] : []),
        { type: 'instrumental', public: true, mime: 'audio/mpeg' },
        { type: 'master', public: false, mime: 'audio/flac' },
        ...(type === 'music'
          ? [
              { type: 'stem_bass' as const, public: false, mime: 'audio/flac' },
              { type: 'stem_instruments' as const, public: false, mime: 'audio/flac' },
            ]
          : []),
      ];
      const rows = [];
      for (const f of files) {
        const fileId = await file({ mime: f.mime, public: f.public, content: Buffer.from(`${f.type} of ${id}`) });
        rows.push({
          product_id: id,
          file_id: fileId,
          type: f.type,
          duration,
          bpm,
          waveform: JSON.stringify(waveform(n)),
        });
      }
      rows.push({ product_id: id, file_id: cover!, type: 'cover' as const, duration: 0, bpm: null, waveform: '[]' });
      await db.insertInto('product_files').values(rows).execute();
    }

    const categoryIds = new Set([...(spec.genres ?? []), ...(spec.subgenres ?? []), ...(spec.categories ?? [])]);
    if (spec.subgenres?.length) {
      const parents = await db.selectFrom('categories').select('parent_id').where('id', 'in', spec.subgenres).execute();
      for (const p of parents) if (p.parent_id) categoryIds.add(p.parent_id);
    }
    if (categoryIds.size) {
      await db
        .insertInto('product_categories')
        .values([...categoryIds].map((category_id) => ({ product_id: id, category_id })))
        .execute();
    }
    if (spec.moods?.length) {
      await db
        .insertInto('product_moods')
        .values(spec.moods.map((mood_id) => ({ product_id: id, mood_id })))
        .execute();
    }
    if (spec.tags?.length) {
      await db
        .insertInto('product_tags')
        .values(spec.tags.map((tag_id) => ({ product_id: id, tag_id })))
        .execute();
    }
    await touch();
    return id;
  };

  return {
    file,
    artist,
    product,
    genre: (name: string, opts?: { id?: string; cover?: string | null; position?: number }) =>
      category('genre', name, opts),
    subgenre: (parentId: string, name: string, opts?: { id?: string; cover?: string | null }) =>
      category('subgenre', name, { ...opts, parentId }),
    sfxCategory: (name: string, opts?: { id?: string; cover?: string | null }) => category('sfx', name, opts),
    reels: (name: string, opts?: { id?: string; cover?: string | null }) => category('reels', name, opts),
    mood: async (name: string, opts: { cover?: string | null } = {}) => {
      const id = slugify(name);
      await db
        .insertInto('moods')
        .values({ id, name, cover_file_id: opts.cover ?? null, position: next() })
        .execute();
      await touch();
      return id;
    },
    tag: async (name: string) => {
      const id = slugify(name);
      await db.insertInto('tags').values({ id, name }).execute();
      await touch();
      return id;
    },
    playlist: async (spec: {
      name: string;
      id?: string;
      placement?: 'homepage' | 'music' | 'sfx' | 'top' | null;
      public?: boolean;
      description?: string;
      products?: string[];
      cover?: string | null;
    }) => {
      const id = spec.id ?? slugify(spec.name);
      await db
        .insertInto('playlists')
        .values({
          id,
          name: spec.name,
          description: spec.description ?? '',
          public: spec.public ?? true,
          placement: spec.placement === undefined ? 'homepage' : spec.placement,
          cover_file_id: spec.cover ?? null,
          position: next(),
        })
        .execute();
      const items = spec.products ?? [];
      if (items.length) {
        await db
          .insertInto('playlist_items')
          .values(items.map((product_id, position) => ({ playlist_id: id, product_id, position })))
          .execute();
      }
      await touch();
      return id;
    },
  };
}

/** The password account factories use unless told otherwise; it passes the contract's strength rule. */
export const TEST_PASSWORD = 'Correct-horse-42';

// argon2 costs ~100 ms a hash: each distinct password is hashed once per test process.
const passwordHashes = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    passwordHashes.set(password, hash);
  }
  return hash;
}

export type AccountSpec = {
  email?: string;
  password?: string;
  confirmedEmail?: boolean;
  /** E.164 */
  phone?: string | null;
  confirmedPhone?: boolean;
  newsletter?: boolean;
  mobileNotifications?: boolean;
  signupPlan?: AccountsTable['signup_plan'];
  signupPeriod?: AccountsTable['signup_period'];
  /** The language of the account's emails and documents (decision 076); English by default. */
  language?: 'en' | 'pl';
};

export type SubscriptionSpec = {
  plan?: SubscriptionsTable['plan'];
  status?: SubscriptionsTable['status'];
  payPeriod?: 'month' | 'year' | null;
  currency?: string | null;
  startedAt?: Date;
  nextPayAt?: Date | null;
  /** Net price paid for the current period (minor units); null (default) = not recorded. */
  price?: number | null;
  periodStartedAt?: Date | null;
  pendingPlan?: SubscriptionsTable['plan'] | null;
  pendingPeriod?: 'month' | 'year' | null;
  pendingChannels?: Array<{ type: ChannelType; url: string }> | null;
  renewalAttempts?: number;
  nextRetryAt?: Date | null;
  trialFingerprint?: string | null;
};

/**
 * Account factories: accounts inserted directly (password hashed with argon2 like a real sign-up) and
 * subscriptions, so a test states only what it is about. Emails are unique per factory call.
 */
export function accountFactory(db: Db) {
  return {
    account: async (spec: AccountSpec = {}) => {
      const id = randomUUID();
      const email = (spec.email ?? `user-${id.slice(0, 8)}@example.com`).toLowerCase();
      const password = spec.password ?? TEST_PASSWORD;
      const now = new Date();
      await db
        .insertInto('accounts')
        .values({
          id,
          email,
          password_hash: await cachedHash(password),
          confirmed_email: spec.confirmedEmail ?? false,
          phone: spec.phone ?? null,
          confirmed_phone: spec.confirmedPhone ?? false,
          newsletter: spec.newsletter ?? false,
          mobile_notifications: spec.mobileNotifications ?? false,
          rating: null,
          signup_plan: spec.signupPlan ?? null,
          signup_period: spec.signupPeriod ?? null,
          language: spec.language ?? 'en',
          created_at: now,
          updated_at: now,
        })
        .execute();
      return { id, email, password };
    },
    subscription: async (accountId: string, spec: SubscriptionSpec = {}) => {
      const id = randomUUID();
      const startedAt = spec.startedAt ?? new Date();
      await db
        .insertInto('subscriptions')
        .values({
          id,
          account_id: accountId,
          plan: spec.plan ?? 'professional',
          status: spec.status ?? 'active',
          pay_period: spec.payPeriod === undefined ? 'year' : spec.payPeriod,
          currency: spec.currency === undefined ? 'usd' : spec.currency,
          started_at: startedAt,
          next_pay_at: spec.nextPayAt === undefined ? new Date(startedAt.getTime() + 365 * 86_400_000) : spec.nextPayAt,
          created_at: startedAt,
          price: spec.price ?? null,
          period_started_at: spec.periodStartedAt ?? null,
          pending_plan: spec.pendingPlan ?? null,
          pending_period: spec.pendingPeriod ?? null,
          pending_channels: spec.pendingChannels ? JSON.stringify(spec.pendingChannels) : null,
          renewal_attempts: spec.renewalAttempts ?? 0,
          next_retry_at: spec.nextRetryAt ?? null,
          trial_fingerprint: spec.trialFingerprint ?? null,
        })
        .execute();
      return id;
    },
  };
}

export type CouponSpec = {
  code?: string;
  /** Percent off (1–100); the default when neither percent nor amountMinor is given is 20 %. */
  percent?: number;
  /** Fixed amount off in minor units of `currency` (default usd). */
  amountMinor?: number;
  currency?: NonNullable<CouponsTable['currency']>;
  plans?: string[] | null;
  periods?: string[] | null;
  firstPurchaseOnly?: boolean;
  expiresAt?: Date | null;
};

/** Discount coupons (table coupons), inserted directly; codes are unique per call unless given. */
export function couponFactory(db: Db) {
  let seq = 0;
  return {
    coupon: async (spec: CouponSpec = {}) => {
      seq += 1;
      const code = (spec.code ?? `TEST${seq}${randomBytes(3).toString('hex')}`).toUpperCase();
      const fixed = spec.amountMinor !== undefined;
      await db
        .insertInto('coupons')
        .values({
          code,
          kind: fixed ? 'fixed' : 'percent',
          percent: fixed ? null : (spec.percent ?? 20),
          amount_minor: fixed ? spec.amountMinor! : null,
          currency: fixed ? (spec.currency ?? 'usd') : null,
          plans: spec.plans ?? null,
          periods: spec.periods ?? null,
          first_purchase_only: spec.firstPurchaseOnly ?? false,
          expires_at: spec.expiresAt ?? null,
        })
        .execute();
      return code;
    },
  };
}

export type BillingSpec = {
  type?: 'personal' | 'business';
  firstName?: string;
  lastName?: string;
  companyName?: string | null;
  country?: string;
  state?: string | null;
  postalCode?: string;
  taxNumber?: string | null;
  taxNumberValid?: boolean;
};

export type CardSpec = {
  /** What a charge does (the sandbox test-card outcomes); default succeeded. */
  outcome?:
    | 'succeeded'
    | 'requires_action'
    | 'card_declined'
    | 'insufficient_funds'
    | 'expired_card'
    | 'incorrect_cvc'
    | 'processing_error';
  brand?: string;
  last4?: string;
  expMonth?: number;
  expYear?: number;
  fingerprint?: string;
  isDefault?: boolean;
  createdAt?: Date;
};

/**
 * Payment factories: billing details and saved sandbox cards inserted directly (the card's provider
 * reference carries its sandbox outcome, as the sandbox processor makes them).
 */
export function paymentFactory(db: Db) {
  return {
    billing: async (accountId: string, spec: BillingSpec = {}) => {
      const business = spec.type === 'business';
      await db
        .insertInto('billing_details')
        .values({
          account_id: accountId,
          type: spec.type ?? 'personal',
          first_name: spec.firstName ?? 'Zofia',
          last_name: spec.lastName ?? 'Nowak',
          company_name: spec.companyName === undefined ? (business ? 'Studio Nowak' : null) : spec.companyName,
          line1: 'Main street 1',
          city: 'Warszawa',
          postal_code: spec.postalCode ?? '00-950',
          state: spec.state ?? null,
          country: spec.country ?? 'PL',
          tax_number: spec.taxNumber === undefined ? (business ? 'PL5260250995' : null) : spec.taxNumber,
          tax_number_valid: spec.taxNumberValid ?? business,
        })
        .execute();
    },
    card: async (accountId: string, spec: CardSpec = {}) => {
      const id = randomUUID();
      await db
        .insertInto('payment_methods')
        .values({
          id,
          account_id: accountId,
          provider: 'sandbox',
          provider_ref: `pm_sandbox_${spec.outcome ?? 'succeeded'}_${randomBytes(12).toString('hex')}`,
          brand: spec.brand ?? 'visa',
          last4: spec.last4 ?? '4242',
          exp_month: spec.expMonth ?? 12,
          exp_year: spec.expYear ?? 2099,
          fingerprint: spec.fingerprint ?? randomBytes(16).toString('base64url'),
          is_default: spec.isDefault ?? false,
          created_at: spec.createdAt ?? new Date(),
        })
        .execute();
      return id;
    },
  };
}

export type UserPlaylistSpec = {
  name?: string;
  public?: boolean;
  favorites?: boolean;
  products?: string[];
  at?: Date;
};

/** Users' own playlists (decision 054), inserted directly: for tests that need many or need them as given. */
export function userPlaylistFactory(db: Db) {
  return {
    playlist: async (ownerId: string, spec: UserPlaylistSpec = {}) => {
      const id = `pl_${randomBytes(12).toString('base64url')}`;
      const at = spec.at ?? new Date();
      await db
        .insertInto('playlists')
        .values({
          id,
          owner_id: ownerId,
          favorites: spec.favorites ?? false,
          name: spec.name ?? (spec.favorites ? 'Favorites' : `Playlist ${id.slice(3, 9)}`),
          public: spec.public ?? false,
          placement: null,
          cover_file_id: null,
          note: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
      const items = spec.products ?? [];
      if (items.length) {
        await db
          .insertInto('playlist_items')
          .values(items.map((product_id, position) => ({ playlist_id: id, product_id, position })))
          .execute();
      }
      return id;
    },
  };
}
