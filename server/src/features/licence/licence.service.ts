import { CHANNEL_LIMITS, planNameSchema, type PlanName } from '@cuewave/contract/account';
import { parseLicenceCode, type ChannelRef, type LicenceVerification } from '@cuewave/contract/licence';
import type { Language } from '@cuewave/contract/languages';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import type { RateRule } from '../../providers/rate-limit/rate-limit';
import { getAccount } from '../account/account.service';
import { getBilling } from '../billing/billing.service';
import { listChannels } from '../channel/channel-list';
import { listPlans } from '../pricing/pricing.service';
import type { FeatureDeps } from '../../deps';
import { findTrackLicence } from '../downloads/track-licence';
import { renderLicencePdf } from './licence-pdf';
import { LICENCE_TEXTS } from './licence-texts';
import { licenceStanding, looksLikeEmail, maskEmail, newLicenceCode } from './licence-view';
import {
  codeTaken,
  insertLicence,
  lockSubscriptionLicences,
  selectCurrentLicence,
  selectLatestLicence,
  selectLicenceById,
  selectLicenceByCode,
  selectOwnedSubscription,
  supersedeAccountLicences,
  supersedeLicencesListing,
  updateLicenceValidUntil,
  type LicenceRow,
  type LicenceSubscription,
} from './licence.repo';

export type LicenceDeps = Omit<FeatureDeps, 'storage'>;

/** Anyone may check a code; per IP this many a minute keeps guessing codes pointless (40 random bits). */
export const VERIFY_RATE: RateRule = { limit: 60, windowSeconds: 60 };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function planOf(plan: string): PlanName {
  return planNameSchema.catch('trial').parse(plan);
}

function planTitle(plan: PlanName, language: Language = 'en'): string {
  return LICENCE_TEXTS[language].planTitles[plan] ?? listPlans().find((p) => p.name === plan)?.title ?? plan;
}

/** The language the account's documents are written in (decision 076). */
async function accountLanguage(deps: LicenceDeps, accountId: string): Promise<Language> {
  return (await getAccount(deps, accountId)).language;
}

/** Billing name (the company for a business), else the account's email (decision 044). */
async function licenseeOf(deps: LicenceDeps, accountId: string): Promise<string> {
  try {
    const billing = await getBilling(deps, accountId);
    if (billing.type === 'business' && billing.companyName) return billing.companyName;
    const name = `${billing.firstName} ${billing.lastName}`.trim();
    if (name) return name;
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'billing details not found')) throw err;
  }
  return (await getAccount(deps, accountId)).email;
}

const channelKey = (channels: ChannelRef[]) =>
  JSON.stringify(channels.map((c) => `${c.type} ${c.url.toLowerCase()}`).sort());

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** A subscription that can no longer get a new certificate: ended, or past the end of a trial or cancelled period. */
function isOver(sub: LicenceSubscription, now: Date): boolean {
  if (sub.status === 'ended') return true;
  if (sub.ended_at && sub.ended_at <= now) return true;
  const runsOut = sub.plan === 'trial' || sub.status === 'cancelled';
  return runsOut && sub.next_pay_at !== null && sub.next_pay_at <= now;
}

/**
 * The certificate of one of the account's subscriptions, issuing a licence row when needed: the
 * current one is reused while licensee, plan, start and channels are unchanged (a renewal only moves
 * its end date); otherwise a new code is issued and the account's older certificates are marked
 * superseded. An ended subscription answers its last certificate. 404 for anyone else's subscription.
 */
export async function licenceCertificate(
  deps: LicenceDeps,
  accountId: string,
  subscriptionId: string,
): Promise<{ code: string; pdf: Buffer }> {
  const { licence, subscription } = await issueLicence(deps, accountId, subscriptionId);
  const now = deps.clock.now();
  const plan = planOf(licence.plan);
  const language = await accountLanguage(deps, accountId);
  const pdf = await renderLicencePdf({
    language,
    code: licence.code,
    licensee: licence.licensee,
    planTitle: planTitle(plan, language),
    terms: LICENCE_TEXTS[language].terms[plan],
    validFrom: licence.valid_from,
    validUntil: licenceStanding(licence, subscription, now).validUntil,
    channels: licence.channels,
    issuedAt: licence.issued_at,
    verifyUrl: verifyUrl(deps, licence.code),
    termsUrl: `${deps.config.publicUrl.replace(/\/+$/, '')}/terms-conditions`,
    now,
  });
  return { code: licence.code, pdf };
}

/**
 * The subscription's current certificate row, issued or reused as licenceCertificate describes
 * (downloads record it: the licence in force when a track was downloaded, decision 055).
 */
export async function issueLicence(
  deps: LicenceDeps,
  accountId: string,
  subscriptionId: string,
): Promise<{ licence: LicenceRow; subscription: LicenceSubscription }> {
  if (!UUID.test(subscriptionId)) throw notFound('Subscription');
  const now = deps.clock.now();
  const licensee = await licenseeOf(deps, accountId);

  return deps.db.transaction().execute(async (trx) => {
    await lockSubscriptionLicences(trx, subscriptionId);
    const sub = await selectOwnedSubscription(trx, accountId, subscriptionId);
    if (!sub) throw notFound('Subscription');
    if (sub.status === 'pending') {
      throw new AppError('CONFLICT', 'Your licence certificate is ready once the first payment has gone through.');
    }
    if (isOver(sub, now)) {
      const last = await selectLatestLicence(trx, sub.id);
      if (!last) {
        throw new AppError('CONFLICT', 'This subscription has ended, so there is no licence certificate to download.');
      }
      return { licence: last, subscription: sub };
    }

    // A plan that shrank before the channels were trimmed covers only its limit, oldest first.
    const channels = (await listChannels({ db: trx }, accountId))
      .slice(0, CHANNEL_LIMITS[sub.plan])
      .map(({ type, url }) => ({ type, url }));
    const validUntil = sub.next_pay_at ?? sub.ended_at;

    const current = await selectCurrentLicence(trx, sub.id);
    if (
      current &&
      current.licensee === licensee &&
      current.plan === sub.plan &&
      current.valid_from.getTime() === sub.started_at.getTime() &&
      channelKey(current.channels) === channelKey(channels)
    ) {
      if (!sameTime(current.valid_until, validUntil)) {
        await updateLicenceValidUntil(trx, current.id, validUntil);
        return { licence: { ...current, valid_until: validUntil }, subscription: sub };
      }
      return { licence: current, subscription: sub };
    }

    // 2^40 codes make a clash unlikely, not impossible; the unique index would turn one into a 500.
    let code = newLicenceCode();
    while (await codeTaken(trx, code)) code = newLicenceCode();
    const issued = await insertLicence(trx, {
      code,
      account_id: accountId,
      subscription_id: sub.id,
      licensee,
      plan: sub.plan,
      valid_from: sub.started_at,
      valid_until: validUntil,
      channels,
      issued_at: now,
    });
    await supersedeAccountLicences(trx, accountId, now, issued.id);
    return { licence: issued, subscription: sub };
  });
}

/** Whether a licence certificate already uses the code (per-track codes share the form and the verify page). */
export const licenceCodeTaken = (db: Db, code: string) => codeTaken(db, code);

export type TrackCertificateInput = {
  licenceId: string;
  /** The per-track certificate's own code. */
  code: string;
  track: { title: string; artist: string; downloadedAt: Date; files: string[] };
};

/**
 * A per-track certificate (decision 055): the licence in force when the track was downloaded (licensee,
 * plan, channels, period), naming the track, with the download's own verification code.
 */
export async function trackCertificatePdf(deps: LicenceDeps, input: TrackCertificateInput): Promise<Buffer> {
  const found = await selectLicenceById(deps.db, input.licenceId);
  if (!found) throw notFound('Licence');
  const { licence, subscription } = found;
  const now = deps.clock.now();
  const plan = planOf(licence.plan);
  const language = await accountLanguage(deps, licence.account_id);
  return renderLicencePdf({
    language,
    code: input.code,
    licensee: licence.licensee,
    planTitle: planTitle(plan, language),
    terms: LICENCE_TEXTS[language].terms[plan],
    validFrom: licence.valid_from,
    validUntil: licenceStanding({ ...licence, superseded_at: null }, subscription, now).validUntil,
    channels: licence.channels,
    issuedAt: input.track.downloadedAt,
    verifyUrl: verifyUrl(deps, input.code),
    termsUrl: `${deps.config.publicUrl.replace(/\/+$/, '')}/terms-conditions`,
    now,
    track: input.track,
  });
}

export function verifyUrl(deps: Pick<LicenceDeps, 'config'>, code: string): string {
  return `${deps.config.publicUrl.replace(/\/+$/, '')}/licenses/verify/${code}`;
}

function toVerification(licence: LicenceRow, subscription: LicenceSubscription, now: Date): LicenceVerification {
  const plan = planOf(licence.plan);
  const standing = licenceStanding(licence, subscription, now);
  return {
    code: licence.code,
    status: standing.status,
    licensee: looksLikeEmail(licence.licensee) ? maskEmail(licence.licensee) : licence.licensee,
    plan,
    planTitle: planTitle(plan),
    validFrom: licence.valid_from.toISOString(),
    validUntil: standing.validUntil?.toISOString() ?? null,
    channels: licence.channels,
    issuedAt: licence.issued_at.toISOString(),
    supersededAt: licence.superseded_at?.toISOString() ?? null,
  };
}

/**
 * Public check of a certificate code. Unknown and malformed codes answer the same 404, so probing
 * learns nothing; every attempt counts against the caller's per-IP allowance first.
 */
export async function verifyLicence(deps: LicenceDeps, ip: string, rawCode: string): Promise<LicenceVerification> {
  const rate = await deps.providers.rateLimiter.hit(`licence-verify:ip:${ip}`, VERIFY_RATE);
  if (!rate.allowed) {
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `Too many licence checks. Try again in ${rate.retryAfterSeconds} seconds.`,
      { 'retry-after': String(rate.retryAfterSeconds) },
    );
  }
  const code = parseLicenceCode(rawCode);
  const found = code ? await selectLicenceByCode(deps.db, code) : undefined;
  if (found) return toVerification(found.licence, found.subscription, deps.clock.now());
  // A per-track certificate (decision 055): the licence it was downloaded under, naming the track. A
  // later certificate of the same subscription does not undo a download made under this one.
  const track = code ? await findTrackLicence(deps.db, code) : undefined;
  const licensed = track ? await selectLicenceById(deps.db, track.licenceId) : undefined;
  if (!track || !licensed) throw new AppError('NOT_FOUND', 'We can’t find a licence with this code.');
  const verification = toVerification(
    { ...licensed.licence, superseded_at: null },
    licensed.subscription,
    deps.clock.now(),
  );
  return { ...verification, code: track.code, issuedAt: track.track.downloadedAt, track: track.track };
}

/** A removed channel must not stay covered: certificates listing it stop being current. */
export async function supersedeLicencesCovering(
  deps: { db: Db; clock: Clock },
  accountId: string,
  url: string,
): Promise<void> {
  await supersedeLicencesListing(deps.db, accountId, url, deps.clock.now());
}
