import { parseLicenceCode } from '@cuewave/contract/licence';
import { apiBase, refreshSession } from '../../lib/api';
import { readCookie, USER_TOKEN_COOKIE } from '../../lib/cookies';

/** What the spec (§8) says when the certificate can't be downloaded. */
export const LICENCE_DOWNLOAD_FAILED = 'Failed to download license. Please contact our support team.';

/** The certificate's code from `attachment; filename="cuewave-licence-CW-XXXX-XXXX.pdf"`, or null. */
export function licenceCodeFromDisposition(header: string | null): string | null {
  const name = header ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header)?.[1] : null;
  const code = name ? /(CW-[^.]+)\.pdf$/i.exec(name)?.[1] : null;
  return code ? parseLicenceCode(code) : null;
}

export type LicenceFile = { blob: Blob; fileName: string; code: string | null };

function token(): string | null {
  return readCookie(document.cookie, USER_TOKEN_COOKIE);
}

function get(path: string, bearer: string | null): Promise<Response> {
  return fetch(apiBase() + path, {
    headers: { accept: 'application/pdf', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    credentials: 'same-origin',
  });
}

/**
 * GET /v1/subscription/license/{subscriptionId} as a file. The JSON client can't carry a PDF, so
 * this repeats its session rule: an access token that has expired is refreshed once (through the
 * client's shared refresh, so parallel calls don't rotate the refresh token twice) and the call retried.
 */
export async function fetchLicence(subscriptionId: string): Promise<LicenceFile> {
  const path = `/v1/subscription/license/${encodeURIComponent(subscriptionId)}`;
  const used = token();
  let response = await get(path, used);
  if (response.status === 401 && used && (await refreshSession(used))) response = await get(path, token());
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.includes('application/pdf')) throw new Error(`licence download: HTTP ${response.status}`);
  const code = licenceCodeFromDisposition(response.headers.get('content-disposition'));
  return { blob: await response.blob(), fileName: `cuewave-licence-${code ?? subscriptionId}.pdf`, code };
}

export { saveBlob } from '../../lib/save-blob';
