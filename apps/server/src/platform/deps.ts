/** What a service may use of the running platform: the configuration, the database, jobs, mail and file storage. */
import type { Config } from '../config';
import type { Database, Db } from './db';
import type { Jobs } from './jobs';
import type { Mailer } from './mail';
import type { Storage } from './storage';

export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  jobs: Jobs;
  mailer: Mailer;
  storage: Storage;
}
