import { z } from 'zod';
import { dataOf, out } from './fields.js';

/**
 * GET /v2/health, public: how the platform's parts are doing, for the status page and for
 * monitors. It names states only: no version, host, queue, count or error text ever leaves it.
 */
export const HEALTH_STATUSES = ['operational', 'degraded', 'down'] as const;
export type HealthStatus = (typeof HEALTH_STATUSES)[number];

/** The parts reported, in the order the status page lists them. */
export const HEALTH_COMPONENTS = ['api', 'database', 'jobs', 'mail'] as const;
export type HealthComponent = (typeof HEALTH_COMPONENTS)[number];

const healthStatus = z.enum(HEALTH_STATUSES);

export const healthSchema = z
  .object({
    /** down when the database is down (nothing works without it); degraded when any part is not operational. */
    status: healthStatus,
    /** When the parts were checked (answers are reused for a few seconds). */
    checkedAt: out.timestamp(),
    components: z.object({
      /** The API process answers. */
      api: healthStatus,
      /** A trivial query answers, and quickly. */
      database: healthStatus,
      /** The background job queue is reachable and no job waits far past its start time. */
      jobs: healthStatus,
      /** Mail delivery: recent mails are being sent, not failing, and none waits to be sent for long. */
      mail: healthStatus,
    }),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof healthSchema>;

export const healthAnswer = dataOf(healthSchema);
