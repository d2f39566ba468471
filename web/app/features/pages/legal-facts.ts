import type { LegalFacts } from '@cuewave/contract/contact';
import { apiGet } from '../../lib/api';

/** GET /v1/site/legal: the seller and this installation's processors (decision 069). */
export const getLegalFacts = (request: Request) => apiGet<LegalFacts>('/v1/site/legal', { request });

/** The date the legal texts last changed in substance; shown on the pages. */
export const LEGAL_UPDATED = 'November 26, 2026';
