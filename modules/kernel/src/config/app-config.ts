import { z } from 'zod';

const schema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/tbo'),
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).default(20),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  QUEUE_PREFIX: z.string().default('tbo'),
  EVENT_STORE: z.enum(['postgres', 'esdb']).default('postgres'),
  ESDB_URL: z.string().optional(),
  JWT_SECRET: z.string().min(16).default('dev-only-secret-change-me-in-production'),
  JWT_ISSUER: z.string().default('tour-back-office'),
  JWT_TTL_SECONDS: z.coerce.number().int().positive().default(12 * 3600),
  STORAGE_DIR: z.string().default('storage'),
  BODY_LIMIT: z.string().default('1mb'),
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug', 'verbose']).default('log'),
  /** Set to 0 to run the API without projection runners (when the worker runs them). */
  API_RUNS_PROJECTIONS: z.enum(['0', '1']).default('0'),
});

export type AppConfig = z.infer<typeof schema>;

/** Configuration comes from the environment; every value has a localhost default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  if (parsed.data.EVENT_STORE === 'esdb' && !parsed.data.ESDB_URL) {
    throw new Error('Invalid configuration: EVENT_STORE=esdb needs ESDB_URL');
  }
  if (parsed.data.NODE_ENV === 'production' && parsed.data.JWT_SECRET === schema.shape.JWT_SECRET.parse(undefined)) {
    throw new Error('Invalid configuration: set JWT_SECRET in production');
  }
  return parsed.data;
}
