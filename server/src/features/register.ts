import type { FeatureDeps, ZodApp } from '../deps';
import { registerCatalogRoutes } from './catalog/catalog.routes';
import { createCatalogCache } from './catalog/catalog-cache';
import { registerPlaylistRoutes } from './playlists/playlists.routes';
import { registerArchiveRoutes } from './archives/archives.routes';
import { registerMediaRoutes } from './media/media.routes';
import { registerAuthRoutes } from './auth/auth.routes';
import { registerAccountRoutes } from './account/account.routes';
import { registerSubscriptionRoutes } from './subscription/subscription.routes';
import { registerDevRoutes } from './dev/dev.routes';
import { registerCaptchaRoutes } from './captcha/captcha.routes';
import { registerPricingRoutes } from './pricing/pricing.routes';
import { registerBillingRoutes } from './billing/billing.routes';
import { registerPaymentRoutes } from './payment/payment.routes';
import { registerChannelRoutes } from './channel/channel.routes';
import { registerLicenceRoutes } from './licence/licence.routes';
import { registerDownloadRoutes } from './downloads/downloads.routes';
import { registerEnterpriseRoutes } from './enterprise/enterprise.routes';

/** Every feature's routes, mounted under /api: the one place that knows them all (each registers only itself). */
export async function registerFeatures(app: ZodApp, deps: FeatureDeps): Promise<void> {
  // One catalogue cache for the catalogue and the playlists that show its products.
  const catalog = { db: deps.db, clock: deps.clock, cache: createCatalogCache(deps.db) };
  await registerCatalogRoutes(app, catalog);
  await registerPlaylistRoutes(app, { ...deps, catalog });
  await registerArchiveRoutes(app, { ...deps, catalog });
  await registerMediaRoutes(app, { db: deps.db, storage: deps.storage });
  await registerCaptchaRoutes(app, deps);
  await registerAuthRoutes(app, deps);
  await registerAccountRoutes(app, deps);
  await registerSubscriptionRoutes(app, deps);
  await registerBillingRoutes(app, deps);
  await registerPricingRoutes(app, deps);
  await registerPaymentRoutes(app, deps);
  await registerChannelRoutes(app, deps);
  await registerLicenceRoutes(app, deps);
  await registerDownloadRoutes(app, deps);
  await registerEnterpriseRoutes(app, deps);
  await registerDevRoutes(app, deps);
}
