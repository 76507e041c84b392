// What every service needs, built once per server instance (tests build several).
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from './cluster/bus';
import type { Counters } from './cluster/counters';
import type { Locks } from './cluster/locks';
import type { Config } from '../config';
import type { Db } from '../db';
import type { Mailer } from './mail/mailer';
import type { FileStore } from './storage';
import type { Lifecycle } from './lifecycle';
import type { SheetCache } from '../sheets';

export interface ServerContext {
  config: Config;
  db: Db;
  dialect: 'sqlite' | 'postgres';
  mailer: Mailer;
  /** This instance's sheet cache; changes reach it (and the other instances') through cluster/sheet-changes.ts. */
  sheetCache: SheetCache;
  /** Rate-limit counts, shared by every instance on the database (cluster/counters.ts). */
  counters: Counters;
  /** Messages between instances on one PostgreSQL (cluster/bus.ts); a no-op on SQLite. */
  bus: Bus;
  /** Locks every instance respects (cluster/locks.ts); in process on SQLite. */
  locks: Locks;
  /** Uploaded files' bytes: local disk, or S3-compatible object storage when S3_BUCKET is set. */
  files: FileStore;
  log: FastifyBaseLogger;
  /** Stopping: readiness, the signal long work watches, the background work a stop waits for (lifecycle.ts). */
  lifecycle: Lifecycle;
}
