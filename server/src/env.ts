import { z } from 'zod';

/**
 * Configuration, parsed once at start. Every variable is listed in the README's configuration table
 * with its default; a bad value stops the process with a readable message instead of failing later.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.url().optional().describe('Public origin used in canonical links, e.g. https://cuewave.example'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  FFMPEG_PATH: z.string().min(1).optional(),
  DEMO_CATALOG: z.enum(['auto', 'off']).default('auto'),
  DEMO_SONGS: z.coerce.number().int().min(0).max(5000).default(200),
  DEMO_SFX: z.coerce.number().int().min(0).max(5000).default(200),
  SERVE_WEB: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  WEB_BUILD_DIR: z.string().min(1).default('web/build').describe('Relative to the repository root'),
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}
