import type { ColumnType, Generated } from 'kysely';
import type { SoundFeatures } from '../audio/descriptor.types';

/** Row types of every table, kept in step with migrations/. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export type FilesTable = {
  id: string;
  storage_key: string;
  mime: string;
  size: number;
  sha256: string;
  public: Generated<boolean>;
  created_at: CreatedAt;
  /** Migration 0013: CRC-32 of the bytes, once computed (zips reuse it); bigint, read as string or number. */
  crc32: ColumnType<string | number | null, number | null | undefined, number | null>;
};

export type ArtistsTable = { id: string; name: string };

export type CategoriesTable = {
  id: string;
  kind: 'genre' | 'subgenre' | 'sfx' | 'reels';
  name: string;
  parent_id: string | null;
  cover_file_id: string | null;
  position: Generated<number>;
};

export type MoodsTable = { id: string; name: string; cover_file_id: string | null; position: Generated<number> };
export type TagsTable = { id: string; name: string };

export type ProductsTable = {
  id: string;
  type: 'music' | 'sfx';
  title: string;
  artist_id: string;
  bpm: number | null;
  declared_bpm: number | null;
  duration: number;
  has_vocal: boolean;
  cover_file_id: string | null;
  rank: Generated<number>;
  source_key: string;
  created_at: CreatedAt;
  description: Generated<string>;
  instruments: Generated<string[]>;
  keywords: Generated<string[]>;
  release_year: number | null;
  /** Set by trigger on every change search can see (migration 0014). */
  search_seq: Generated<string>;
};

export type ProductEmbeddingsTable = {
  product_id: string;
  model: string;
  source_seq: string;
  vector: Uint8Array;
  seq: Generated<string>;
};

/** Migration 0015: a product's sound descriptor (decision 066). */
export type ProductSoundsTable = {
  product_id: string;
  version: number;
  vector: Uint8Array;
  features: ColumnType<SoundFeatures, string, string>;
  seq: Generated<string>;
};

export type SearchHistoryTable = {
  id: string;
  user_id: string;
  prompt: string;
  engine: 'ai' | 'standard';
  type: 'music' | 'sfx';
  filters: ColumnType<Record<string, unknown>, string, string>;
  dedupe_key: string;
  /** Moved forward when the same search is made again. */
  created_at: ColumnType<Date, Date | string | undefined, Date>;
};

/** Reference links' derived numbers or words, kept a day (decision 067). */
export type SearchReferencesTable = {
  id: string;
  kind: 'sound' | 'text';
  descriptor: ColumnType<{ vector: number[]; features: SoundFeatures } | null, string | null, never>;
  search_text: string | null;
  created_at: CreatedAt;
  expires_at: Date;
};

export type ProductFilesTable = {
  product_id: string;
  file_id: string;
  type: 'vocal' | 'instrumental' | 'stem_bass' | 'stem_instruments' | 'cover' | 'master';
  duration: Generated<number>;
  bpm: number | null;
  waveform: ColumnType<number[], string, string>;
  /** Stems: the public MP3 preview (migration 0012). */
  preview_file_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Versions: the private lossless file downloads are made from (migration 0012). */
  lossless_file_id: ColumnType<string | null, string | null | undefined, string | null>;
};

export type ProductCategoriesTable = { product_id: string; category_id: string };
export type ProductMoodsTable = { product_id: string; mood_id: string };
export type ProductTagsTable = { product_id: string; tag_id: string };

export type PlaylistsTable = {
  id: string;
  name: string;
  description: Generated<string>;
  public: Generated<boolean>;
  placement: 'homepage' | 'music' | 'sfx' | 'top' | null;
  cover_file_id: string | null;
  note: string | null;
  position: Generated<number>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  // Migration 0011 (decision 054): a user's own playlist (null: curated) and its Favorites flag.
  owner_id: Generated<string | null>;
  favorites: Generated<boolean>;
};

export type ProductNotesTable = {
  account_id: string;
  product_id: string;
  note: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type PlaylistItemsTable = {
  playlist_id: string;
  product_id: string;
  position: number;
  added_at: CreatedAt;
};

export type CatalogStateTable = { id: Generated<number>; version: number; demo_status: 'building' | 'done' | null };

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type AccountsTable = {
  id: string;
  email: string;
  password_hash: string;
  confirmed_email: Generated<boolean>;
  phone: string | null;
  confirmed_phone: Generated<boolean>;
  newsletter: Generated<boolean>;
  mobile_notifications: Generated<boolean>;
  rating: number | null;
  signup_plan: 'trial' | 'start' | 'advanced' | 'professional' | 'enterprise' | null;
  signup_period: 'month' | 'year' | null;
  token_version: Generated<number>;
  // Migration 0007 (decision 048): a new sign-in email waiting for its confirmation.
  pending_email: Generated<string | null>;
  // Migration 0021 (decision 076): the language emails, certificates and receipts are written in.
  language: Generated<'en' | 'pl'>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type RefreshTokensTable = {
  id: string;
  family_id: string;
  account_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
};

export type OneTimeTokensTable = {
  id: string;
  account_id: string;
  purpose: 'signin' | 'password_reset' | 'email_verify';
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
};

export type VerificationCodesTable = {
  id: string;
  account_id: string;
  channel: 'email' | 'phone';
  target: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
};

export type OutboxMessagesTable = {
  id: string;
  seq: Generated<string>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  text_body: string;
  html_body: string | null;
  template: string;
  created_at: Timestamp;
};

export type ServerSecretsTable = { name: string; value: string; created_at: CreatedAt };

export type SigningKeysTable = {
  kid: string;
  algorithm: string;
  private_jwk: string;
  public_jwk: string;
  created_at: Timestamp;
  retire_at: Timestamp;
};

export type SubscriptionsTable = {
  id: string;
  account_id: string;
  plan: 'trial' | 'start' | 'advanced' | 'professional' | 'enterprise';
  status: 'active' | 'payment' | 'pending' | 'cancelled' | 'ended';
  pay_period: 'month' | 'year' | null;
  currency: string | null;
  started_at: Timestamp;
  next_pay_at: NullableTimestamp;
  ended_at: NullableTimestamp;
  created_at: CreatedAt;
  // 0005: paid subscriptions (decision 045)
  price: ColumnType<number | null, number | null | undefined, number | null>;
  tax: ColumnType<number | null, number | null | undefined, number | null>;
  total: ColumnType<number | null, number | null | undefined, number | null>;
  tax_percentage: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  coupon: ColumnType<string | null, string | null | undefined, string | null>;
  period_started_at: NullableTimestamp;
  payment_method_id: ColumnType<string | null, string | null | undefined, string | null>;
  pending_plan: ColumnType<PlanColumn | null, PlanColumn | null | undefined, PlanColumn | null>;
  pending_period: ColumnType<'month' | 'year' | null, 'month' | 'year' | null | undefined, 'month' | 'year' | null>;
  pending_channels: ColumnType<
    Array<{ type: ChannelType; url: string }> | null,
    string | null | undefined,
    string | null
  >;
  change_requested_at: NullableTimestamp;
  charge_attempt: Generated<number>;
  last_payment_id: ColumnType<string | null, string | null | undefined, string | null>;
  renewal_attempts: Generated<number>;
  next_retry_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  trial_fingerprint: ColumnType<string | null, string | null | undefined, string | null>;
  // 0009: the trial-ending reminder email was sent (decision 051)
  trial_reminded_at: NullableTimestamp;
  updated_at: NullableTimestamp;
};

type PlanColumn = 'trial' | 'start' | 'advanced' | 'professional' | 'enterprise';

export type BillingDetailsTable = {
  account_id: string;
  type: 'personal' | 'business';
  first_name: string;
  last_name: string;
  company_name: string | null;
  line1: string;
  line2: string | null;
  city: string;
  postal_code: string;
  state: string | null;
  country: string;
  tax_number: string | null;
  tax_number_valid: Generated<boolean>;
  phone_number: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type CouponsTable = {
  code: string;
  /** price (migration 0020): the first period costs amount_minor of currency. */
  kind: 'percent' | 'fixed' | 'price';
  percent: number | null;
  amount_minor: number | null;
  currency: 'usd' | 'eur' | 'pln' | 'czk' | 'gbp' | null;
  plans: string[] | null;
  periods: string[] | null;
  first_purchase_only: Generated<boolean>;
  expires_at: NullableTimestamp;
  created_at: CreatedAt;
};

export type PaymentMethodsTable = {
  id: string;
  account_id: string;
  provider: 'sandbox' | 'stripe';
  provider_ref: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  fingerprint: string;
  is_default: Generated<boolean>;
  created_at: CreatedAt;
};

export type PaymentsTable = {
  id: string;
  account_id: string | null;
  subscription_id: string | null;
  payment_method_id: string | null;
  provider: 'sandbox' | 'stripe';
  provider_ref: string | null;
  idempotency_key: string;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed';
  failure_code: string | null;
  description: string;
  currency: 'usd' | 'eur' | 'pln' | 'czk' | 'gbp';
  price: number;
  tax: number;
  total: number;
  // numeric comes back as a string from PostgreSQL
  tax_percentage: ColumnType<string, string | number, string | number>;
  buyer: ColumnType<Record<string, unknown>, string, string>;
  receipt_number: string | null;
  // Migration 0008 (decision 052): the document of a succeeded payment and the discount breakdown.
  document_kind: Generated<'receipt' | 'invoice'>;
  invoice_number: Generated<string | null>;
  list_price: Generated<number | null>;
  coupon_code: Generated<string | null>;
  coupon_percent: Generated<number | null>;
  coupon_discount: Generated<number>;
  upgrade_credit: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type ChannelType =
  'youtube' | 'tiktok' | 'instagram' | 'facebook' | 'twitch' | 'x' | 'vimeo' | 'podcast' | 'website';

export type ChannelsTable = {
  id: string;
  account_id: string;
  type: ChannelType;
  url: string;
  created_at: CreatedAt;
};

export type LicencesTable = {
  id: string;
  code: string;
  account_id: string;
  subscription_id: string;
  licensee: string;
  plan: string;
  valid_from: Timestamp;
  valid_until: NullableTimestamp;
  channels: ColumnType<Array<{ type: ChannelType; url: string }>, string, string>;
  issued_at: Timestamp;
  superseded_at: NullableTimestamp;
};

/** The Stripe Customer id of an account (migration 0006). */
/** Migration 0007 (decision 048): the old address's one-time link to undo an email change. */
export type EmailChangeUndosTable = {
  id: string;
  account_id: string;
  old_email: string;
  new_email: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
};

export type StripeCustomersTable = { account_id: string; customer_id: string; created_at: CreatedAt };

export type JobsTable = {
  id: string;
  kind: string;
  payload: ColumnType<unknown, string, string>;
  owner_id: string | null;
  status: Generated<'queued' | 'running' | 'done' | 'failed' | 'cancelled'>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  run_at: ColumnType<Date, Date | undefined, Date>;
  locked_by: string | null;
  lease_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  progress: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  result: ColumnType<unknown, string | null | undefined, string | null>;
  error: string | null;
  dedupe_key: string | null;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
};

/** Migration 0012 (decision 055): formats produced from a lossless source, kept. */
export type RenditionsTable = { source_file_id: string; format: 'mp3' | 'wav'; file_id: string; created_at: CreatedAt };

/** Migration 0012 (decision 055): downloads the API issued URLs for, with per-track certificate codes. */
export type DownloadsTable = {
  id: string;
  account_id: string;
  subscription_id: string;
  licence_id: string;
  plan: string;
  product_id: string;
  title: string;
  artist: string;
  items: ColumnType<Array<{ file: string; format: string }>, string, string>;
  code: string;
  day: ColumnType<string, string, string>;
  created_at: ColumnType<Date, Date, never>;
  /** Migration 0013: the playlist-archive job that recorded it (unique with product_id). */
  archive_job_id: ColumnType<string | null, string | null | undefined, never>;
};

/** Migration 0019: settings operators change while the site runs (the maintenance switch). */
export type SiteSettingsTable = {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: ColumnType<Date, Date, Date>;
};

/** Migration 0020 (decision 072): promotional banners, each tied to a coupon, open for a window. */
export type BannersTable = {
  id: string;
  variant: string;
  coupon_code: string;
  edition: 'all' | 'eu' | 'us';
  starts_at: ColumnType<Date, Date, Date>;
  ends_at: ColumnType<Date, Date, Date>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date, Date>;
};

/** Migration 0018 (decision 069): contact-form messages and signed-in users' support requests. */
export type ContactMessagesTable = {
  id: string;
  source: 'contact' | 'support';
  account_id: string | null;
  name: string;
  email: string;
  topic: string;
  message: string;
  created_at: ColumnType<Date, Date, never>;
};

export type Database = {
  files: FilesTable;
  artists: ArtistsTable;
  categories: CategoriesTable;
  moods: MoodsTable;
  tags: TagsTable;
  products: ProductsTable;
  product_embeddings: ProductEmbeddingsTable;
  product_sounds: ProductSoundsTable;
  search_history: SearchHistoryTable;
  search_references: SearchReferencesTable;
  product_files: ProductFilesTable;
  product_categories: ProductCategoriesTable;
  product_moods: ProductMoodsTable;
  product_tags: ProductTagsTable;
  playlists: PlaylistsTable;
  playlist_items: PlaylistItemsTable;
  catalog_state: CatalogStateTable;
  accounts: AccountsTable;
  refresh_tokens: RefreshTokensTable;
  one_time_tokens: OneTimeTokensTable;
  verification_codes: VerificationCodesTable;
  outbox_messages: OutboxMessagesTable;
  server_secrets: ServerSecretsTable;
  signing_keys: SigningKeysTable;
  subscriptions: SubscriptionsTable;
  billing_details: BillingDetailsTable;
  coupons: CouponsTable;
  payment_methods: PaymentMethodsTable;
  payments: PaymentsTable;
  channels: ChannelsTable;
  licences: LicencesTable;
  stripe_customers: StripeCustomersTable;
  email_change_undos: EmailChangeUndosTable;
  jobs: JobsTable;
  product_notes: ProductNotesTable;
  renditions: RenditionsTable;
  downloads: DownloadsTable;
  contact_messages: ContactMessagesTable;
  site_settings: SiteSettingsTable;
  banners: BannersTable;
};
