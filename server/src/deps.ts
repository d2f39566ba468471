// Types every feature shares: the Fastify instance they register on and what they are given. A leaf
// module: it imports no feature, so features can share these types without importing each other.
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from './db/client';
import type { Clock } from './lib/clock';
import type { FileStorage } from './providers/storage/storage';
import type { AppConfig, Providers } from './providers/providers';

/** The app as features see it: routes validate with the contract's zod schemas. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What buildApp hands every feature's register function. */
export type FeatureDeps = { db: Db; storage: FileStorage; clock: Clock; providers: Providers; config: AppConfig };
