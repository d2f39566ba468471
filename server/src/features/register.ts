import type { Db } from '../db/client';
import type { Clock } from '../lib/clock';
import type { FileStorage } from '../providers/storage/storage';
import type { ZodApp } from '../app';
import { registerCatalogRoutes } from './catalog/catalog.routes';
import { registerMediaRoutes } from './media/media.routes';

export type FeatureDeps = { db: Db; storage: FileStorage; clock: Clock };

/** Every feature's routes, mounted under /api. */
export async function registerFeatures(app: ZodApp, deps: FeatureDeps): Promise<void> {
  await registerCatalogRoutes(app, { db: deps.db, clock: deps.clock });
  await registerMediaRoutes(app, { db: deps.db, storage: deps.storage });
}
