import { randomBytes } from 'node:crypto';
import {
  DEFAULT_DOWNLOAD_FORMAT,
  DOWNLOAD_NAME_SUFFIX,
  isStemFile,
  type DownloadFile,
  type DownloadFormat,
  type DownloadHistory,
  type DownloadItem,
  type ProductDownload,
} from '@cuewave/contract/downloads';
import { DEFAULT_DOWNLOADS_PER_DAY } from '@cuewave/contract/downloads';
import { planNameSchema } from '@cuewave/contract/account';
import type { Language } from '@cuewave/contract/languages';
import type { FeatureDeps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import { getAccount } from '../account/account.service';
import { getProductsByIds } from '../catalog/catalog.service';
import { enqueueJob } from '../jobs/jobs.service';
import { issueLicence, licenceCodeTaken, trackCertificatePdf } from '../licence/licence.service';
import { newLicenceCode } from '../licence/licence-view';
import { listPlans } from '../pricing/pricing.service';
import { BACKFILL_PRODUCT_JOB, RENDITION_JOB } from './downloads.jobs-kinds';
import { requireDownloadAccess } from './download-access';
import { LINK_TTL_SECONDS, readDownloadToken, signDownload } from './download-link';
import { serveStoredFile, type MediaRequest, type MediaResponse } from '../media/media.service';
import * as repo from './downloads.repo';
import { FORMAT_MIME, findRendition } from './renditions';

export type DownloadsDeps = FeatureDeps;

/** How soon the web should ask again while a format is being produced. */
const RETRY_AFTER_MS = 1500;

/** Characters that are not allowed (or not wise) in a file name on the platforms people download to. */
export function downloadName(title: string, artist: string, file: DownloadFile, format: DownloadFormat): string {
  const clean = (s: string) =>
    s
      .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const base = `${clean(title)} - ${clean(artist)}`.slice(0, 180);
  return `${base}${DOWNLOAD_NAME_SUFFIX[file]}.${format}`;
}

type Source = { sourceFileId: string } | { missingSource: true };

/** The lossless file each downloadable file is made from, or why the product cannot give it (400). */
function sourceOf(product: repo.DownloadProduct, file: DownloadFile): Source {
  const row = (type: string) => product.files.find((f) => f.type === type);
  const master = row('master');
  const unavailable = (message: string) => new AppError('FILE_NOT_AVAILABLE', message);
  if (isStemFile(file)) {
    const stem = row(file);
    if (!stem) throw unavailable('This track has no stems.');
    return { sourceFileId: stem.file_id };
  }
  if (!master) throw unavailable('This track has no downloadable files.');
  if (file === 'master') return { sourceFileId: master.file_id };
  if (file === 'vocal') {
    if (!product.has_vocal || !row('vocal')) throw unavailable('This track has no vocal version.');
    return { sourceFileId: row('vocal')!.lossless_file_id ?? master.file_id };
  }
  const instrumental = row('instrumental');
  if (!instrumental) throw unavailable('This track has no instrumental version.');
  if (instrumental.lossless_file_id) return { sourceFileId: instrumental.lossless_file_id };
  // Without a vocal the master is the instrumental; a vocal song's lossless instrumental may still be
  // waiting for the catalogue backfill (decision 055).
  return product.has_vocal ? { missingSource: true } : { sourceFileId: master.file_id };
}

const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const secondsToNextUtcDay = (d: Date) => {
  const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
  return Math.max(1, Math.ceil((next - d.getTime()) / 1000));
};

function limitOf(deps: DownloadsDeps): number {
  return deps.config.downloadsPerDay ?? DEFAULT_DOWNLOADS_PER_DAY;
}

function limitReached(limit: number, now: Date): AppError {
  const retry = secondsToNextUtcDay(now);
  return new AppError(
    'DOWNLOAD_LIMIT_REACHED',
    `You have downloaded ${limit} different tracks today, the fair-use limit of your account. ` +
      `You can download more after midnight UTC (in ${Math.ceil(retry / 3600)} h); tracks you already ` +
      'downloaded today can still be downloaded again.',
    { 'retry-after': String(retry) },
  );
}

/** 429 once the account has taken its daily number of distinct products (re-downloads are free). */
async function checkFairUse(deps: DownloadsDeps, db: DownloadsDeps['db'], accountId: string, productId: string) {
  const now = deps.clock.now();
  const limit = limitOf(deps);
  const today = await repo.dayProducts(db, accountId, utcDay(now), productId);
  if (!today.includes && today.count >= limit) throw limitReached(limit, now);
}

/**
 * The same 429 for several products at once (a playlist zip, decision 056): when the distinct ones not
 * yet downloaded today would take the account past its daily allowance. Records nothing.
 */
export async function checkFairUseFor(deps: DownloadsDeps, accountId: string, productIds: string[]): Promise<void> {
  const now = deps.clock.now();
  const limit = limitOf(deps);
  const today = await repo.dayProductIds(deps.db, accountId, utcDay(now));
  const fresh = new Set(productIds.filter((id) => !today.has(id)));
  if (fresh.size && today.size + fresh.size > limit) throw limitReached(limit, now);
}

/**
 * GET /v1/product/{id}/download: the picked files in the picked formats. Everything stored: signed
 * URLs, recorded as one download against the subscription that licensed it. Anything not produced
 * yet: its job is started (once, whoever asks) and the answer says preparing; ask again.
 */
export async function productDownload(
  deps: DownloadsDeps,
  accountId: string,
  productId: string,
  query: { files?: DownloadFile[]; format?: DownloadFormat[]; items?: Pick<DownloadItem, 'file' | 'format'>[] },
): Promise<ProductDownload> {
  if (query.items?.length && (query.files?.length || query.format?.length))
    throw new AppError('VALIDATION_FAILED', 'Ask for items (file:format pairs) or for files and format, not both');
  const product = await repo.selectDownloadProduct(deps.db, productId);
  if (!product) throw notFound('Product');
  const files: DownloadFile[] = query.files?.length ? query.files : [product.has_vocal ? 'vocal' : 'instrumental'];
  const formats = query.format?.length ? query.format : [DEFAULT_DOWNLOAD_FORMAT];
  // Every picked file in the format picked for it: the pairs as asked, or each file in each format.
  const pairs = query.items?.length
    ? query.items
    : files.flatMap((file) => formats.map((format) => ({ file, format })));
  const sources = new Map(pairs.map(({ file }) => [file, sourceOf(product, file)]));
  const grant = await requireDownloadAccess(deps, accountId);
  await checkFairUse(deps, deps.db, accountId, productId);

  const pending: DownloadItem[] = [];
  const ready: { item: DownloadItem; key: string; fileId: string }[] = [];
  for (const { file, format } of pairs) {
    const source = sources.get(file)!;
    const fileName = downloadName(product.title, product.artist, file, format);
    const base = { file, format, fileName, url: null };
    if ('missingSource' in source) {
      const job = await enqueueJob(deps.db, {
        kind: BACKFILL_PRODUCT_JOB,
        payload: { productId },
        dedupeKey: `${BACKFILL_PRODUCT_JOB}:${productId}`,
        clock: deps.clock,
      });
      pending.push({ ...base, status: 'preparing', jobId: job.id, size: null });
      continue;
    }
    const rendition = await findRendition(deps.db, source.sourceFileId, format);
    if (rendition) {
      ready.push({
        item: { ...base, status: 'ready', jobId: null, size: rendition.size },
        key: rendition.storage_key,
        fileId: rendition.id,
      });
      continue;
    }
    const job = await enqueueJob(deps.db, {
      kind: RENDITION_JOB,
      payload: { sourceFileId: source.sourceFileId, format },
      dedupeKey: `${RENDITION_JOB}:${source.sourceFileId}:${format}`,
      clock: deps.clock,
    });
    pending.push({ ...base, status: 'preparing', jobId: job.id, size: null });
  }
  if (pending.length) {
    const items = [...ready.map((r) => r.item), ...pending];
    return {
      status: 'preparing',
      productId,
      downloadId: null,
      expiresAt: null,
      retryAfterMs: RETRY_AFTER_MS,
      items: order(items, pairs),
    };
  }

  // The licence in force now; the record points at it, and its per-track certificate reprints it later.
  const { licence } = await issueLicence(deps, accountId, grant.subscriptionId);
  const now = deps.clock.now();
  const downloadId = `dl_${randomBytes(12).toString('base64url')}`;
  let code = newLicenceCode();
  while ((await repo.downloadCodeTaken(deps.db, code)) || (await licenceCodeTaken(deps.db, code)))
    code = newLicenceCode();
  await deps.db.transaction().execute(async (trx) => {
    await repo.lockAccountDownloads(trx, accountId);
    await checkFairUse(deps, trx, accountId, productId);
    await repo.insertDownload(trx, {
      id: downloadId,
      account_id: accountId,
      subscription_id: grant.subscriptionId,
      licence_id: licence.id,
      plan: grant.plan,
      product_id: product.id,
      title: product.title,
      artist: product.artist,
      items: pairs.map(({ file, format }) => ({ file, format })),
      code,
      created_at: now,
      day: utcDay(now),
    });
  });

  const expiresAt = Math.floor(now.getTime() / 1000) + LINK_TTL_SECONDS;
  const items: DownloadItem[] = [];
  for (const r of ready) {
    const presigned = await deps.storage.presignedUrl(r.key, {
      expiresSeconds: LINK_TTL_SECONDS,
      downloadName: r.item.fileName,
      contentType: FORMAT_MIME[r.item.format],
    });
    const url =
      presigned ??
      `/api/v1/download/file?token=${await signDownload(deps.db, {
        fileId: r.fileId,
        format: r.item.format,
        accountId,
        expiresAt,
        name: r.item.fileName,
      })}`;
    items.push({ ...r.item, url });
  }
  return {
    status: 'ready',
    productId,
    downloadId,
    expiresAt: new Date(expiresAt * 1000).toISOString(),
    retryAfterMs: null,
    items: order(items, pairs),
  };
}

export type ArchiveTrack = {
  productId: string;
  title: string;
  artist: string;
  items: Array<{ file: DownloadFile; format: DownloadFormat }>;
};

/**
 * A playlist zip's tracks recorded as downloads in a few round trips (decision 056), by the track
 * download rules: access, the licence in force, fair use for the tracks not downloaded today (all or
 * none: a refusal records nothing). One row per product with its own certificate code; the job id
 * makes a retried job record nothing twice. No URLs: the zip carries the bytes.
 */
export async function recordArchiveDownloads(
  deps: DownloadsDeps,
  accountId: string,
  archiveJobId: string,
  tracks: ArchiveTrack[],
): Promise<void> {
  if (!tracks.length) return;
  const grant = await requireDownloadAccess(deps, accountId);
  const { licence } = await issueLicence(deps, accountId, grant.subscriptionId);
  const now = deps.clock.now();
  // 2^40 codes: a clash is unlikely; the few drawn are checked against both tables anyway.
  const codes = tracks.map(() => newLicenceCode());
  const taken = await repo.takenDownloadCodes(deps.db, codes);
  for (const [i, code] of codes.entries()) {
    let fresh = code;
    while (taken.has(fresh) || codes.indexOf(fresh) !== i || (await licenceCodeTaken(deps.db, fresh))) {
      fresh = newLicenceCode();
      codes[i] = fresh;
    }
  }
  await deps.db.transaction().execute(async (trx) => {
    await repo.lockAccountDownloads(trx, accountId);
    const today = await repo.dayProductIds(trx, accountId, utcDay(now));
    const fresh = new Set(tracks.map((t) => t.productId).filter((id) => !today.has(id)));
    if (fresh.size && today.size + fresh.size > limitOf(deps)) throw limitReached(limitOf(deps), now);
    await repo.insertDownloads(
      trx,
      tracks.map((track, i) => ({
        id: `dl_${randomBytes(12).toString('base64url')}`,
        account_id: accountId,
        subscription_id: grant.subscriptionId,
        licence_id: licence.id,
        plan: grant.plan,
        product_id: track.productId,
        title: track.title,
        artist: track.artist,
        items: track.items,
        code: codes[i]!,
        created_at: now,
        day: utcDay(now),
        archive_job_id: archiveJobId,
      })),
    );
  });
}

/** Items in the order they were asked for. */
function order(items: DownloadItem[], pairs: Pick<DownloadItem, 'file' | 'format'>[]): DownloadItem[] {
  const rank = (i: DownloadItem) => pairs.findIndex((p) => p.file === i.file && p.format === i.format);
  return [...items].sort((a, b) => rank(a) - rank(b));
}

const planTitle = (plan: string) => listPlans().find((p) => p.name === plan)?.title ?? plan;

/** GET /v1/download: the account's downloads, newest first, with the product and the licence of each. */
export async function listDownloads(
  deps: DownloadsDeps,
  accountId: string,
  page: { skip: number; limit: number },
): Promise<DownloadHistory> {
  const { rows, count } = await repo.selectDownloads(deps.db, accountId, page.skip, page.limit);
  const products = new Map(
    (await getProductsByIds(deps, [...new Set(rows.map((r) => r.product_id))])).map((p) => [p.id, p]),
  );
  return {
    count,
    items: rows.map((row) => ({
      id: row.id,
      productId: row.product_id,
      product: products.get(row.product_id) ?? null,
      title: row.title,
      artist: row.artist,
      items: row.items as { file: DownloadFile; format: DownloadFormat }[],
      downloadedAt: row.created_at.toISOString(),
      licence: {
        code: row.code,
        subscriptionId: row.subscription_id,
        plan: planNameSchema.catch('trial').parse(row.plan),
        planTitle: planTitle(row.plan),
        certificateUrl: `/api/v1/download/${row.id}/license`,
      },
    })),
  };
}

/** GET /v1/download/{id}/license: the per-track certificate of one of the account's downloads (404 otherwise). */
export async function downloadCertificate(
  deps: DownloadsDeps,
  accountId: string,
  downloadId: string,
): Promise<{ code: string; pdf: Buffer; title: string }> {
  const row = await repo.selectOwnedDownload(deps.db, accountId, downloadId);
  if (!row) throw notFound('Download');
  // The certificate is in the account's language (decision 076), its list of files too.
  const { language } = await getAccount(deps, accountId);
  const files = row.items.map((i) => `${fileLabel(i.file, language)} ${i.format.toUpperCase()}`);
  const pdf = await trackCertificatePdf(deps, {
    licenceId: row.licence_id,
    code: row.code,
    track: { title: row.title, artist: row.artist, downloadedAt: row.created_at, files },
  });
  return { code: row.code, pdf, title: row.title };
}

const FILE_LABELS: Record<Language, Record<string, string>> = {
  en: {
    vocal: 'Full mix',
    instrumental: 'Instrumental',
    stem_bass: 'Bass stem',
    stem_instruments: 'Instruments stem',
    master: 'Master',
  },
  pl: {
    vocal: 'Pełny miks',
    instrumental: 'Wersja instrumentalna',
    stem_bass: 'Ścieżka basu',
    stem_instruments: 'Ścieżka instrumentów',
    master: 'Master',
  },
};
const fileLabel = (file: string, language: Language) => FILE_LABELS[language][file] ?? file;

/**
 * GET /api/v1/download/file?token=: the bytes behind a signed link (local storage; on S3 the link is
 * the store's own). 403 for an altered or expired link, and when the account can no longer download.
 */
export async function serveSignedDownload(
  deps: DownloadsDeps,
  token: string,
  req: Omit<MediaRequest, 'id'>,
): Promise<MediaResponse> {
  const claims = await readDownloadToken(deps.db, token);
  if (!claims)
    throw new AppError('DOWNLOAD_LINK_INVALID', 'This download link is not valid. Start the download again.');
  if (claims.expiresAt * 1000 <= deps.clock.now().getTime()) {
    throw new AppError('DOWNLOAD_LINK_INVALID', 'This download link has expired. Start the download again.');
  }
  await requireDownloadAccess(deps, claims.accountId);
  return serveStoredFile(deps, claims.fileId, req, {
    cacheControl: 'private, no-store',
    downloadName: claims.name,
    contentType: FORMAT_MIME[claims.format],
  });
}
