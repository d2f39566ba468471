import fastifyFormbody from '@fastify/formbody';
import type { ZodApp } from '../../app';
import type { FeatureDeps } from '../register';
import { registerAuthRoutes } from '../auth/auth.routes';
import { registerSubscriptionRoutes } from '../subscription/subscription.routes';
import { registerAccountRoutes } from './account.routes';

/** Accounts (decision 031): auth, account and verification, and the trial subscription. */
export async function registerAccountFeatures(app: ZodApp, deps: FeatureDeps): Promise<void> {
  // The token endpoint takes OAuth2 form bodies.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(fastifyFormbody);
  if (!app.hasRequestDecorator('auth')) app.decorateRequest('auth', null);
  const { storage: _storage, ...accountDeps } = deps;
  await registerAuthRoutes(app, accountDeps);
  await registerAccountRoutes(app, accountDeps);
  await registerSubscriptionRoutes(app, accountDeps);
}
