import { errorBodySchema } from '@cuewave/contract/errors';
import { maintenanceChangeSchema, maintenanceStatusSchema } from '@cuewave/contract/maintenance';
import type { ZodApp } from '../../deps';
import { AppError } from '../../lib/errors';
import { requireAuth } from '../auth/require-auth';
import { isOperator, type MaintenanceGateDeps } from './maintenance.gate';
import { statusOf } from './maintenance.service';

const tags = ['maintenance'];
const e = errorBodySchema;

/** The public maintenance flag (spec §1) and the operators' switch (issue 15). */
export async function registerMaintenanceRoutes(app: ZodApp, deps: MaintenanceGateDeps): Promise<void> {
  app.get(
    '/api/v1/maintenance',
    {
      schema: {
        tags,
        summary: 'Whether the site is in maintenance, and for how long',
        response: { 200: maintenanceStatusSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return statusOf(await deps.maintenance.state(), deps.clock.now());
    },
  );

  app.put(
    '/api/v1/maintenance',
    {
      preHandler: requireAuth(deps),
      schema: {
        tags,
        summary: 'Turn maintenance on or off (operators: OPERATOR_EMAILS)',
        description:
          'Every instance follows within two seconds, without a restart. While on, pages show the maintenance ' +
          'page and the API answers 503 MAINTENANCE with Retry-After, except health, sign-in and this route; ' +
          'signed-in operators keep the whole site.',
        body: maintenanceChangeSchema,
        response: { 200: maintenanceStatusSchema, 400: e, 401: e, 403: e },
      },
    },
    async (request) => {
      if (!(await isOperator(deps, request))) {
        throw new AppError('FORBIDDEN', 'Only operators (OPERATOR_EMAILS) may switch maintenance');
      }
      return deps.maintenance.set(request.body);
    },
  );
}
