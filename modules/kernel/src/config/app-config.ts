import { z } from 'zod';
import { localJwtSecret } from './local-jwt-secret';

const schema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Loopback unless told otherwise: a development machine does not offer the API to its network. */
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/tbo'),
  DATABASE_POOL_MAX: z.coerce.number().int().min(2).default(20),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  QUEUE_PREFIX: z.string().default('tbo'),
  EVENT_STORE: z.enum(['postgres', 'esdb']).default('postgres'),
  ESDB_URL: z.string().optional(),
  /** No default: production must set it; elsewhere loadConfig fills it from the local secret file. */
  JWT_SECRET: z.string().min(16, 'JWT_SECRET must be at least 16 characters'),
  JWT_ISSUER: z.string().default('tour-back-office'),
  JWT_TTL_SECONDS: z.coerce.number().int().positive().default(12 * 3600),
  STORAGE_DIR: z.string().default('storage'),
  BODY_LIMIT: z.string().default('1mb'),
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug', 'verbose']).default('log'),
  /** Set to 0 to run the API without projection runners (when the worker runs them). */
  API_RUNS_PROJECTIONS: z.enum(['0', '1']).default('0'),
  /** `1`: /api/docs and /api/docs/json need no sign-in; unset, on everywhere but production. */
  API_DOCS_PUBLIC: z.enum(['0', '1']).optional(),
  /**
   * The address people open the product at: the voucher's QR links to its check-in page there. Required in
   * production (a QR code printed with a localhost address is worthless); elsewhere http://localhost:PORT.
   */
  PUBLIC_URL: z.url().optional(),
});

export type AppConfig = Omit<z.infer<typeof schema>, 'API_DOCS_PUBLIC' | 'PUBLIC_URL'> & { API_DOCS_PUBLIC: '0' | '1'; PUBLIC_URL: string };

/**
 * Configuration comes from the environment; every value has a localhost default except
 * JWT_SECRET and PUBLIC_URL in production. Elsewhere a missing JWT_SECRET is the local setup's own random one
 * (local-jwt-secret.ts), and PUBLIC_URL is http://localhost:PORT.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  if (!env.JWT_SECRET && env.NODE_ENV === 'production') throw new Error('Invalid configuration: set JWT_SECRET in production');
  if (!env.PUBLIC_URL && env.NODE_ENV === 'production') {
    throw new Error("Invalid configuration: set PUBLIC_URL in production (the address people open the product at, e.g. https://backoffice.example.com: the vouchers' QR codes link there)");
  }
  if (!env.JWT_SECRET) env = { ...env, JWT_SECRET: localJwtSecret() };
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  if (parsed.data.EVENT_STORE === 'esdb' && !parsed.data.ESDB_URL) {
    throw new Error('Invalid configuration: EVENT_STORE=esdb needs ESDB_URL');
  }
  const publicUrl = (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, '');
  return { ...parsed.data, API_DOCS_PUBLIC: parsed.data.API_DOCS_PUBLIC ?? (parsed.data.NODE_ENV === 'production' ? '0' : '1'), PUBLIC_URL: publicUrl };
}
