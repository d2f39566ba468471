import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import type { FileStorage } from '../providers/storage/storage';
import type { AppConfig, Providers } from '../providers/providers';
import type { ZodApp } from '../app';
import { registerCatalogRoutes } from './catalog/catalog.routes';
import { registerMediaRoutes } from './media/media.routes';
import { registerAccountFeatures } from './account/account.register';
import { registerDevRoutes } from './dev/dev.routes';
import { registerCaptchaRoutes } from './captcha/captcha.routes';
import { registerPricingRoutes } from './pricing/pricing.routes';
import { registerBillingRoutes } from './billing/billing.routes';
import { registerPaymentRoutes } from './payment/payment.routes';
import { registerChannelRoutes } from './channel/channel.routes';
import { registerLicenceRoutes } from './licence/licence.routes';
import { registerEnterpriseRoutes } from './enterprise/enterprise.routes';

export type FeatureDeps = { db: Db; storage: FileStorage; clock: Clock; providers: Providers; config: AppConfig };

/** Every feature's routes, mounted under /api. */
export async function registerFeatures(app: ZodApp, deps: FeatureDeps): Promise<void> {
  await registerCatalogRoutes(app, { db: deps.db, clock: deps.clock });
  await registerMediaRoutes(app, { db: deps.db, storage: deps.storage });
  await registerCaptchaRoutes(app, deps);
  await registerAccountFeatures(app, deps);
  await registerBillingRoutes(app, deps);
  await registerPricingRoutes(app, deps);
  await registerPaymentRoutes(app, deps);
  await registerChannelRoutes(app, deps);
  await registerLicenceRoutes(app, deps);
  await registerEnterpriseRoutes(app, deps);
  await registerDevRoutes(app, deps);
}
