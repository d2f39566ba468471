import type { ActiveBanner, ActiveBannerAnswer } from '@cuewave/contract/banners';
import { apiGet } from '../../lib/api';
import { bannerEdition, dismissedBanners } from './banner-state';

/** A page never waits longer than this for its banner: without an answer it renders without one. */
const BANNER_TIMEOUT_MS = 1000;

/**
 * For the root loader: the promotional banner of this page's edition (GET /api/v1/banner, answered
 * from the server's short cache, decision 072), unless the visitor closed it. A failure is no banner,
 * never an error page.
 */
export async function loadBanner(request: Request): Promise<ActiveBanner | null> {
  const cookie = request.headers.get('cookie');
  const edition = bannerEdition(new URL(request.url).pathname, cookie);
  try {
    const { banner } = await apiGet<ActiveBannerAnswer>('/v1/banner', {
      query: { edition },
      // On the visitor's behalf, like every loader call: per-IP limits count the visitor, not the loopback.
      request,
      signal: AbortSignal.timeout(BANNER_TIMEOUT_MS),
    });
    return banner && !dismissedBanners(cookie).includes(banner.id) ? banner : null;
  } catch {
    return null;
  }
}
