import type { SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, Db } from '../db/client.js';
import { executeTogether, withAlong } from '../lib/sql-text.js';

/**
 * The payload of every job, by name. Modules add theirs by declaration merging
 * (`declare module '../../plugins/jobs.js' { interface JobPayloads { ... } }`), so the queue
 * never imports a module.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by the modules that define jobs
export interface JobPayloads {}
export type JobName = keyof JobPayloads & string;

export interface JobRequest<Name extends JobName = JobName> {
  name: Name;
  data: JobPayloads[Name];
  /** Same key while one is waiting: the second is not added (e.g. one sweep at a time). */
  singletonKey?: string;
  /** Seconds to wait before it may run. */
  startAfterSeconds?: number;
  /** Overrides the queue's retry policy for this job. */
  retryLimit?: number;
  retryDelaySeconds?: number;
}

function sendOptions(request: JobRequest): PgBoss.SendOptions {
  return {
    singletonKey: request.singletonKey,
    startAfter: request.startAfterSeconds,
    ...(request.retryLimit === undefined ? {} : { retryLimit: request.retryLimit }),
    ...(request.retryDelaySeconds === undefined ? {} : { retryDelay: request.retryDelaySeconds, retryBackoff: false }),
  };
}

/** The same options as sendOptions, in the shape of pg-boss's bulk insert. */
function insertOptions(request: JobRequest): PgBoss.JobInsert {
  return {
    name: request.name,
    data: request.data as object,
    ...(request.singletonKey === undefined ? {} : { singletonKey: request.singletonKey }),
    ...(request.startAfterSeconds ? { startAfter: String(request.startAfterSeconds) } : {}),
    ...(request.retryLimit === undefined ? {} : { retryLimit: request.retryLimit }),
    ...(request.retryDelaySeconds === undefined ? {} : { retryDelay: request.retryDelaySeconds, retryBackoff: false }),
  };
}

export interface JobContext {
  id: string;
  /** 0 on the first run, then 1, 2, ... */
  retryCount: number;
  /** True when a failure now is final: the job goes to the failed state instead of retrying. */
  lastAttempt: boolean;
}

export interface JobDefinition<Name extends JobName = JobName> {
  name: Name;
  run(data: JobPayloads[Name], context: JobContext): Promise<void>;
  /** Retries after a failure (default 3), with exponential backoff from retryDelaySeconds. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A run still active after this long is failed (and retried): a crashed process never leaves it running. */
  expireInSeconds?: number;
  /** Jobs fetched and run side by side by one process. */
  batchSize?: number;
  /** A recurring job: cron in the time zone given (pg-boss runs it once across all processes). */
  schedule?: { cron: string; timeZone: string };
}

/** A typed job definition, stored with the others (the queue checks payloads by name). */
export function defineJob<Name extends JobName>(definition: JobDefinition<Name>): JobDefinition {
  return definition as unknown as JobDefinition;
}

export interface JobQueueOptions {
  /** Run workers in this process (false: only enqueue, e.g. a one-off script). */
  workers: boolean;
  pollingIntervalSeconds: number;
}

const STOP_TIMEOUT_MS = 10_000;

/**
 * Durable background jobs in the application's own database (pg-boss, decision 0009). Jobs are
 * inserted inside the business transaction, so a rolled-back change leaves none; any number of
 * API processes share the queue and each job runs once.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly workerIds = new Map<string, string>();
  private started = false;
  /** pg-boss's queries and the job handlers now running: the database stays open until none is left. */
  private inFlight = 0;

  constructor(
    database: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobQueueOptions,
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => this.track(database.executeSql(text, values)) },
      schedule: options.workers,
      supervise: options.workers,
      // Archive finished jobs after a day and delete them after a week.
      archiveCompletedAfterSeconds: 24 * 3600,
      deleteAfterDays: 7,
    } as PgBoss.ConstructorOptions);
    this.boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
  }

  define(definition: JobDefinition) {
    if (this.started) throw new Error(`Job ${definition.name} defined after the queue started`);
    this.definitions.set(definition.name, definition);
  }

  async start() {
    await this.boss.start();
    for (const definition of this.definitions.values()) {
      const queue: PgBoss.Queue = {
        name: definition.name,
        retryLimit: definition.retryLimit ?? 3,
        retryDelay: definition.retryDelaySeconds ?? 5,
        retryBackoff: true,
        expireInSeconds: definition.expireInSeconds ?? 15 * 60,
      };
      if (await this.boss.getQueue(definition.name)) await this.boss.updateQueue(definition.name, queue);
      else await this.boss.createQueue(definition.name, queue);
    }
    this.started = true;
    if (!this.options.workers) return;
    // A schedule whose job is gone (renamed or removed) would go on queueing jobs nobody works.
    for (const schedule of await this.boss.getSchedules()) {
      if (!this.definitions.get(schedule.name)?.schedule) await this.boss.unschedule(schedule.name);
    }
    for (const definition of this.definitions.values()) {
      if (definition.schedule) {
        await this.boss.schedule(definition.name, definition.schedule.cron, {}, { tz: definition.schedule.timeZone });
      }
      const batchSize = definition.batchSize ?? 1;
      const workerId = await this.boss.work<object>(
        definition.name,
        { batchSize, pollingIntervalSeconds: this.options.pollingIntervalSeconds, includeMetadata: true },
        async (jobs) => {
          await this.track(this.runBatch(definition, jobs));
          // A full batch means more may be waiting: fetch again at once instead of after the interval.
          if (jobs.length === batchSize) this.boss.notifyWorker(workerId);
        },
      );
      this.workerIds.set(definition.name, workerId);
    }
  }

  /** Each job of a batch succeeds or fails on its own; a failure is retried or, at the last attempt, kept as failed. */
  private async runBatch(definition: JobDefinition, jobs: PgBoss.JobWithMetadata<object>[]) {
    const outcomes = await Promise.allSettled(
      jobs.map((job) =>
        definition.run(job.data as never, {
          id: job.id,
          retryCount: job.retryCount,
          lastAttempt: job.retryCount >= job.retryLimit,
        }),
      ),
    );
    const failed = jobs.flatMap((job, index) => {
      const outcome = outcomes[index]!;
      if (outcome.status === 'fulfilled') return [];
      this.log.warn({ job: definition.name, jobId: job.id, err: outcome.reason }, 'job failed');
      return [{ id: job.id, message: String((outcome.reason as Error)?.message ?? outcome.reason).slice(0, 500) }];
    });
    for (const { id, message } of failed) await this.boss.fail(definition.name, id, { message });
    // The rest complete when this returns (pg-boss completes only jobs still active).
  }

  /**
   * Inserts the jobs through the caller's transaction: they exist only if it commits. All of them in
   * one statement (pg-boss's insert, which applies each queue's policy as send does): a write that
   * mails a notification to 2,000 people queues 2,000 jobs, which one round trip each would hold
   * the transaction open for seconds.
   */
  async sendInTransaction(tx: Db, requests: readonly JobRequest[], along: readonly SQL[] = []) {
    if (requests.length === 0) return executeTogether(tx, along);
    // The caller's inserts ride in front of pg-boss's insert, once.
    let pending = along;
    const db = {
      executeSql: async (text: string, values: unknown[] = []) => {
        const statement = withAlong(text, values, pending);
        pending = [];
        return tx.execute(statement);
      },
    };
    await this.boss.insert(requests.map(insertOptions), { db } as PgBoss.InsertOptions);
    await executeTogether(tx, pending);
  }

  /** Jobs sent outside any business change (e.g. from a job itself). */
  async send(requests: readonly JobRequest[]) {
    for (const request of requests) {
      await this.boss.send(request.name, request.data as object, sendOptions(request));
    }
    this.wake(requests.map((request) => request.name));
  }

  /** After a commit: this process's workers fetch the new jobs now rather than at their next poll. */
  wake(names: readonly string[]) {
    for (const name of new Set(names)) {
      const workerId = this.workerIds.get(name);
      if (workerId) this.boss.notifyWorker(workerId);
    }
  }

  /** Counts by state, for the super admin's view and the tests. */
  async failedJobs(name: JobName, limit = 100) {
    const { rows } = await this.boss.getDb().executeSql(
      `select id, name, data, output, retry_count as "retryCount", completed_on as "failedAt", created_on as "createdAt"
         from pgboss.job where name = $1 and state = 'failed' order by completed_on desc limit $2`,
      [name, limit],
    );
    return rows;
  }

  /** Jobs of every queue that failed after their last attempt (the super admin's dashboard). */
  async countFailed(): Promise<number> {
    const { rows } = await this.boss.getDb().executeSql(`select count(*)::int as total from pgboss.job where state = 'failed'`, []);
    return (rows[0] as { total: number } | undefined)?.total ?? 0;
  }

  private async track<T>(work: Promise<T>): Promise<T> {
    this.inFlight++;
    try {
      return await work;
    } finally {
      this.inFlight--;
    }
  }

  async stop() {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS, close: false });
    // A worker may still be in a fetch it began before the stop, and then runs and completes what it
    // fetched: wait for that too, so closing the database after this fails none of it.
    const deadline = Date.now() + STOP_TIMEOUT_MS;
    while (this.inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
