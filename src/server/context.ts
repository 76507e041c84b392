// What every service needs, built once per server instance (tests build several).
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db';
import type { Mailer } from './modules/mail/mailer';
import type { FileStore } from './modules/uploads/storage';
import type { SheetCache } from './modules/spreadsheets/sheet-cache';

export interface ServerContext {
  config: Config;
  db: Db;
  dialect: 'sqlite' | 'postgres';
  mailer: Mailer;
  sheetCache: SheetCache;
  /** Uploaded files' bytes: local disk, or S3-compatible object storage when S3_BUCKET is set. */
  files: FileStore;
  log: FastifyBaseLogger;
}
