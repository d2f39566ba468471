import { z } from './zod';

/** Retry-After bounds (seconds) an operator may announce: one minute to one day. */
export const MAINTENANCE_RETRY_AFTER = { min: 60, max: 86_400, default: 600 } as const;
export const MAINTENANCE_MESSAGE_MAX = 500;

/** GET /api/v1/maintenance: the public maintenance flag (spec §1) every instance reads. */
export const maintenanceStatusSchema = z
  .object({
    on: z.boolean(),
    /** Seconds the site expects to stay closed from now on (the Retry-After header says the same). */
    retryAfter: z.number().int().nullable(),
    /** The operator's note for visitors, shown under the maintenance text. */
    message: z.string().nullable(),
    /** When the current state was set. */
    since: z.string().nullable(),
  })
  .meta({ id: 'MaintenanceStatus' });
export type MaintenanceStatus = z.infer<typeof maintenanceStatusSchema>;

/** PUT /api/v1/maintenance (operators only): turn the switch on or off. */
export const maintenanceChangeSchema = z
  .object({
    on: z.boolean(),
    retryAfter: z
      .number()
      .int()
      .min(MAINTENANCE_RETRY_AFTER.min)
      .max(MAINTENANCE_RETRY_AFTER.max)
      .optional()
      .describe('Seconds until visitors should check back; 600 when not given'),
    message: z.string().trim().max(MAINTENANCE_MESSAGE_MAX).optional(),
  })
  .strict()
  .meta({ id: 'MaintenanceChange' });
export type MaintenanceChange = z.infer<typeof maintenanceChangeSchema>;
