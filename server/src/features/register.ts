import type { FeatureDeps, ZodApp } from '../deps';
import { registerCatalogRoutes } from './catalog/catalog.routes';
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
import { registerEnterpriseRoutes } from './enterprise/enterprise.routes';

/** Every feature's routes, mounted under /api: the one place that knows them all (each registers only itself). */
export async function registerFeatures(app: ZodApp, deps: FeatureDeps): Promise<void> {
  await registerCatalogRoutes(app, { db: deps.db, clock: deps.clock });
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
  await registerEnterpriseRoutes(app, deps);
  await registerDevRoutes(app, deps);
}
