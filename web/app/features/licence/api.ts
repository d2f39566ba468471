import { data } from 'react-router';
import { parseLicenceCode, type LicenceVerification } from '@cuewave/contract/licence';
import { ApiError, apiGet } from '../../lib/api';
import type { VerificationResult } from './licence-verification';

/**
 * The public check behind /licenses/verify/{code}. An unknown code is a page of its own (HTTP 404),
 * and so is the API's rate limit (429); anything else is the app's error page.
 */
export async function loadVerification(rawCode: string) {
  // The API answers 404 for a malformed code too; asking anyway keeps one code path, but a code
  // that cannot exist need not cost the visitor one of their checks.
  const code = parseLicenceCode(rawCode);
  if (!code) return data<VerificationResult>({ state: 'not-found', code: rawCode }, { status: 404 });
  try {
    const licence = await apiGet<LicenceVerification>(`/v1/license/verify/${encodeURIComponent(code)}`);
    return data<VerificationResult>({ state: 'found', licence });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return data<VerificationResult>({ state: 'not-found', code: rawCode }, { status: 404 });
    }
    if (error instanceof ApiError && error.status === 429) {
      return data<VerificationResult>(
        { state: 'rate-limited', code: rawCode, retryAfter: error.retryAfter },
        { status: 429, headers: error.retryAfter ? { 'retry-after': String(error.retryAfter) } : undefined },
      );
    }
    throw error;
  }
}
