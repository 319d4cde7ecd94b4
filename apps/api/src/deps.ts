import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { JobQueue } from './plugins/jobs.js';
import type { LiveConnections } from './plugins/live.js';
import type { Mailer } from './plugins/mailer.js';
import type { FileStorage } from './plugins/storage.js';

/** What services need: passed explicitly, so tests build the same app on their own database. */
export interface Deps {
  db: Db;
  config: Config;
  mailer: Mailer;
  storage: FileStorage;
  jobs: JobQueue;
  live: LiveConnections;
}
