import type { Health, HealthStatus } from '@amp/contracts/health';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { pingDatabase, type QueueWaits, queueWaits, type RecentMail, recentMail } from './health.repository.js';

/** An answer is reused this long, so the public endpoint cannot be used to load the database. */
export const HEALTH_CACHE_MS = 10_000;
/** A probe with no answer by then counts as down (the query may still finish; the answer does not wait). */
export const PROBE_TIMEOUT_MS = 3_000;
/** A trivial query slower than this means the database is struggling. */
const SLOW_DATABASE_MS = 1_000;
/** A job waiting past its start time this long: work is held up; this much longer, no worker is taking it. */
const QUEUE_DEGRADED_SECONDS = 5 * 60;
const QUEUE_DOWN_SECONDS = 30 * 60;
/** The share of the last hour's tried mails that are failing at which delivery counts as degraded. */
const MAIL_FAILING_SHARE = 0.1;
/** Failing mails, with none sent in the hour, at which delivery counts as down. */
const MAIL_DOWN_FAILING = 3;

export interface HealthCheckOptions {
  cacheMs?: number;
  timeoutMs?: number;
  now?: () => number;
}

const RANK: Record<HealthStatus, number> = { operational: 0, degraded: 1, down: 2 };
const worst = (...statuses: HealthStatus[]): HealthStatus => statuses.reduce((a, b) => (RANK[b] > RANK[a] ? b : a), 'operational');

export function queueStatus(waitedSeconds: number): HealthStatus {
  if (waitedSeconds > QUEUE_DOWN_SECONDS) return 'down';
  return waitedSeconds > QUEUE_DEGRADED_SECONDS ? 'degraded' : 'operational';
}

export function mailStatus({ sent, failing }: RecentMail): HealthStatus {
  if (failing === 0) return 'operational';
  if (sent === 0 && failing >= MAIL_DOWN_FAILING) return 'down';
  // One bounced address among many delivered mails is not an outage.
  return failing / (sent + failing) >= MAIL_FAILING_SHARE ? 'degraded' : 'operational';
}

/**
 * The platform's health, checked at most once per cache period per process: callers during a
 * check share it. Never rejects: a probe that fails or hangs reports its part down, and what went
 * wrong goes to the log only.
 */
export class HealthCheck {
  private cached: { health: Health; until: number } | undefined;
  private running: Promise<Health> | undefined;
  private readonly cacheMs: number;
  private readonly timeoutMs: number;
  private readonly now: () => number;

  constructor(
    /** Read at each check, so the probes use the app's current handle. */
    private readonly db: () => Db,
    private readonly log: FastifyBaseLogger,
    options: HealthCheckOptions = {},
  ) {
    this.cacheMs = options.cacheMs ?? HEALTH_CACHE_MS;
    this.timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS;
    this.now = options.now ?? Date.now;
  }

  current(): Promise<Health> {
    if (this.cached && this.now() < this.cached.until) return Promise.resolve(this.cached.health);
    this.running ??= this.check().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async check(): Promise<Health> {
    const startedAt = this.now();
    const db = this.db();
    const [database, waits, mail] = await Promise.all([
      this.probe('database', async () => {
        const began = performance.now();
        await pingDatabase(db);
        return performance.now() - began > SLOW_DATABASE_MS ? 'degraded' : 'operational';
      }),
      this.probe('jobs', () => queueWaits(db)),
      this.probe('mail', () => recentMail(db)),
    ]);
    const components: Health['components'] = {
      api: 'operational',
      database: database ?? 'down',
      jobs: waits ? queueStatus(waits.work) : 'down',
      // Mail goes out through the queue: no queue, no delivery.
      mail: waits && mail ? worst(mailStatus(mail), queueStatus(waits.mail)) : 'down',
    };
    const status: HealthStatus =
      components.database === 'down' ? 'down' : worst(...Object.values(components)) === 'operational' ? 'operational' : 'degraded';
    const health: Health = { status, checkedAt: new Date(startedAt).toISOString(), components };
    this.cached = { health, until: startedAt + this.cacheMs };
    return health;
  }

  /** The probe's answer, or undefined when it failed or did not answer in time. */
  private async probe<T extends HealthStatus | QueueWaits | RecentMail>(part: string, run: () => Promise<T>): Promise<T | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    try {
      return await Promise.race([run(), timeout]);
    } catch (error) {
      this.log.warn({ err: error, part }, 'health probe failed');
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }
}
