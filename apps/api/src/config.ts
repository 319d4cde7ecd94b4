import { resolve } from 'node:path';
import { z } from 'zod';

/** The environment, read and validated once. README.md "Configuration" lists every variable. */
const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  /** The most connections one process opens to PostgreSQL (with DATABASE_URL). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).default(10),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: z.string().default('http://localhost:3000'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('AMP <no-reply@amp.local>'),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
  /** Proxies in front of the app whose X-Forwarded-For is believed: a hop count or a list of addresses. */
  TRUST_PROXY: z.string().default(''),
  /** The general request limit per window: per signed-in user, and per IP for requests without a session. */
  RATE_LIMIT_PER_USER: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** redis://…: the request counts live there, shared by every API process (in memory otherwise). */
  REDIS_URL: z.string().optional(),
  /** Run background jobs in this process (mail, imports, clean-ups); false for an API-only process. */
  JOB_WORKERS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** How long an import may spend reading its file's rows before it fails (a 100,000-row file takes about a minute). */
  IMPORT_MAX_SECONDS: z.coerce.number().min(0.01).max(3_600).default(300),
  /** How often an idle worker looks for new jobs; jobs queued by this process start at once anyway. */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
});

export type Config = z.infer<typeof envSchema> & { dataDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.parse(env);
  const config = { ...parsed, ...overrides } as Config;
  config.dataDir = resolve(config.DATA_DIR);
  config.PUBLIC_URL = config.PUBLIC_URL.replace(/\/+$/, '');
  return config;
}
