import type { FeatureDeps, ZodApp } from '../deps';
import { registerCatalogRoutes } from './catalog/catalog.routes';
import { createCatalogCache } from './catalog/catalog-cache';
import { registerPlaylistRoutes } from './playlists/playlists.routes';
import { registerArchiveRoutes } from './archives/archives.routes';
import { registerMediaRoutes } from './media/media.routes';
import { createFileRowCache } from './media/file-row-cache';
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
import { installMaintenanceGate, maintenancePageGate, type PageGate } from './maintenance/maintenance.gate';
import { registerMaintenanceRoutes } from './maintenance/maintenance.routes';
import { createMaintenanceSwitch } from './maintenance/maintenance.service';
import { registerContactRoutes } from './contact/contact.routes';
import { registerBannerRoutes } from './banners/banners.routes';
import { createBanners } from './banners/banners.service';
import { prepareAiSearch, VectorStore } from './search/ai-search';
import { prepareWordVectors } from './search/ai/word-vectors';
import { createSearchIndexStore } from './search/search-index-store';
import { enqueueEmbedding } from './search/search.jobs';
import { registerSearchRoutes } from './search/search.routes';
import { registerRecommendRoutes } from './search/sound/recommend.routes';
import { registerVideoMatchRoutes } from './video-match/video-match.routes';
import { registerReferenceRoutes } from './search/reference/reference.routes';

/** Every feature's routes, mounted under /api: the one place that knows them all (each registers only itself). */
export async function registerFeatures(app: ZodApp, deps: FeatureDeps): Promise<{ maintenancePage: PageGate }> {
  // First: while maintenance is on, the API turns requests away before any route runs (issue 15).
  const maintenance = {
    db: deps.db,
    clock: deps.clock,
    maintenance: createMaintenanceSwitch(deps),
    operatorEmails: deps.config.operatorEmails ?? [],
  };
  installMaintenanceGate(app, maintenance);
  await registerMaintenanceRoutes(app, maintenance);
  // One catalogue cache for the catalogue and the playlists that show its products.
  const catalog = { db: deps.db, clock: deps.clock, cache: createCatalogCache(deps.db) };
  await registerCatalogRoutes(app, catalog);
  // Search keeps an index of the catalogue in this process; products it has not seen get their AI
  // vectors from a job (decision 060).
  const { embeddings } = deps.providers;
  const store = createSearchIndexStore(deps.db, {
    onChanged: (): Promise<void> =>
      enqueueEmbedding(deps.db).catch((error: unknown) =>
        app.log.warn({ err: error }, 'search: could not enqueue embeddings'),
      ),
  });

  // A serving process loads its index (and vectors) at start, so the first search does not wait for it.
  const vectors = new VectorStore(deps.db, embeddings.model);
  app.addHook('onListen', async () => {
    // The embedded engine's word vectors are built once per install from their npm package (decision 059).
    const wordVectors = embeddings.model.startsWith('embedded-') ? prepareWordVectors() : null;
    // What AI search builds on first use is built with the index, not by the first queries.
    const index = store.current().then((catalog) => prepareAiSearch(catalog.index));
    void Promise.all([index, vectors.sync(), wordVectors]).catch((error: unknown) =>
      app.log.warn({ err: error }, 'search: could not load the index at start'),
    );
  });
  await registerSearchRoutes(app, {
    db: deps.db,
    clock: deps.clock,
    catalog,
    store,
    ai: { embeddings, vectors },
  });
  await registerRecommendRoutes(app, { db: deps.db, clock: deps.clock, catalog, store });
  await registerReferenceRoutes(app, {
    db: deps.db,
    clock: deps.clock,
    store,
    rateLimiter: deps.providers.rateLimiter,
    publicUrl: deps.config.publicUrl,
  });
  await registerVideoMatchRoutes(app, { ...deps, catalog, store });
  await registerPlaylistRoutes(app, { ...deps, catalog });
  await registerArchiveRoutes(app, { ...deps, catalog });
  await registerMediaRoutes(app, {
    db: deps.db,
    storage: deps.storage,
    files: createFileRowCache(deps.db),
    accelRedirectPrefix: deps.config.accelRedirectPrefix ?? null,
  });
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
  await registerContactRoutes(app, deps);
  // Promotional banners: the root shell asks on every page, answered from a short cache (decision 072).
  await registerBannerRoutes(app, {
    db: deps.db,
    clock: deps.clock,
    banners: createBanners(deps),
    operatorEmails: maintenance.operatorEmails,
  });
  await registerDevRoutes(app, deps);
  return { maintenancePage: maintenancePageGate(maintenance) };
}
