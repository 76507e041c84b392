// What the tests of a file (or of a describe block) run against, started before them and closed
// after them: the test server, a local inbox, a built web app, and (forTests) a local Google or
// Stripe. Kept apart from app.ts because it registers vitest hooks, and the benchmarks import
// app.ts outside vitest.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely, Migration } from 'kysely';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Config } from '../config';
import type { Db } from '../db';
import { createSpreadsheet, createTestApp, openEmptyDb, publicBoardOverSheet, signUp, type EmptyTestDb, type TestApp, type TestAppOptions, type TestSheet, type TestUser } from './app';
import { startInbox, type MailInbox } from './smtp';
import { listenForWebhooks, startFakeStripe, stripeSettings, type FakeStripe } from './stripe';

/**
 * Registers a beforeAll that runs `start` and an afterAll that closes what it made, and answers a
 * stand-in for it: reads and writes go through to the real one once the beforeAll has run, so a
 * file names it once at the top (`const t = testServer()`) and its hooks and tests use it as if
 * they had made it. Hooks registered afterwards run after the start and (vitest runs after-hooks
 * as a stack) before the close, so what is started later is closed first.
 */
export function forTests<T extends { close(): Promise<void> }>(start: () => Promise<T>): T {
  let made: T | undefined;
  beforeAll(async () => {
    made = await start();
  });
  afterAll(async () => {
    // Absent when the start itself failed: that failure is the one to report.
    await made?.close();
  });
  const real = (): T => {
    if (!made) throw new Error('used before the beforeAll of forTests() has run (or after it failed)');
    return made;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(real(), key),
    set: (_, key, value) => Reflect.set(real(), key, value),
    has: (_, key) => Reflect.has(real(), key),
  });
}

/**
 * The test server (createTestApp) of the file or describe block. `overrides` may be a function,
 * for settings known only once an earlier beforeAll has run (the address of a local inbox,
 * Google or Stripe).
 */
export function testServer(overrides: Partial<Config> | (() => Partial<Config>) = {}, options: TestAppOptions = {}): TestApp {
  return forTests(() => createTestApp(typeof overrides === 'function' ? overrides() : overrides, options));
}

/**
 * A user signed up (signUp) before the tests of the file or describe block: a stand-in whose
 * fields are there once the beforeAll has run, like testServer's.
 */
export function testUser(t: TestApp, name: string): TestUser {
  const user = {} as TestUser;
  beforeAll(async () => {
    Object.assign(user, await signUp(t.app, name));
  });
  return user;
}

/** Who and what a test of sheet reads starts from (publicSheetReaders). */
export interface SheetReaders {
  owner: TestUser;
  stranger: TestUser;
  /** The spreadsheet of the public board. */
  spreadsheetId: string;
  app: { id: string; subdomain: string };
  /** Another spreadsheet of the owner's that no board shows. */
  secretId: string;
}

/**
 * Before the file's tests: an owner with a public board over one sheet (publicBoardOverSheet) and
 * another spreadsheet of theirs no board shows, and a stranger. Its fields are there once the
 * beforeAll has run.
 */
export function publicSheetReaders(t: TestApp, names: { spreadsheet: string; board: string }, sheet: TestSheet, secret: TestSheet): SheetReaders {
  const readers = {} as SheetReaders;
  beforeAll(async () => {
    const owner = await signUp(t.app, 'Owner');
    const stranger = await signUp(t.app, 'Stranger');
    const { spreadsheetId, app } = await publicBoardOverSheet(t.app, owner, names, sheet);
    const secretId = await createSpreadsheet(t.app, owner, 'Secret', [secret]);
    Object.assign(readers, { owner, stranger, spreadsheetId, app, secretId });
  });
  return readers;
}

/** An empty database (openEmptyDb) for the tests of the migrations. */
export function emptyTestDb(): EmptyTestDb {
  return forTests(openEmptyDb);
}

/** A local inbox (smtp.ts) for the file's mail: `testServer(() => ({ smtpUrl: inbox.url }))`. */
export function testInbox(): MailInbox {
  return forTests(startInbox);
}

/**
 * A local Stripe (stripe.ts) and the test server pointed at it, with `settings` besides (its
 * webhook secrets, a fee): the file's or describe block's, like testServer.
 */
export function stripeTestServer(settings: Partial<Config> = {}): { stripe: FakeStripe; t: TestApp } {
  const stripe = forTests(() => startFakeStripe());
  const t = testServer(() => ({ ...stripeSettings(stripe), ...settings }));
  return { stripe, t };
}

/**
 * Puts `t` on a local port in a beforeAll (listenForWebhooks): `hook.url` is its webhook's
 * address from then on. With `deliverWith`, `stripe` delivers its events there, signed with it.
 */
export function stripeWebhooks(t: TestApp, stripe?: FakeStripe, deliverWith?: string): { url: string } {
  const hook = { url: '' };
  beforeAll(async () => {
    hook.url = await listenForWebhooks(t);
    if (stripe && deliverWith) stripe.webhook = { url: hook.url, secret: deliverWith };
  });
  return hook;
}

/** The index.html of a test web build that only has to be told apart from other answers. */
export const SPA_INDEX = '<!doctype html><html><body><div id="root"></div>SPA-INDEX</body></html>';

export interface WebBuild {
  /** The folder, for the `webDir` setting. */
  dir: string;
  close(): Promise<void>;
}

/**
 * A built web app for the file's tests: `files` (a path under the folder → its content) written to
 * a temporary folder before the tests, removed after them.
 */
export function testWebBuild(files: Record<string, string | Buffer>): WebBuild {
  return forTests(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheetboard-web-'));
    for (const [name, content] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), content);
    }
    return { dir, close: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  });
}

/** Temporary folders for a file's tests: each call of the answer makes one; all are removed after each test. */
export function tempDirs(prefix = 'sheetboard-test-'): () => string {
  const made: string[] = [];
  afterEach(() => {
    for (const d of made.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  return () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    made.push(d);
    return d;
  };
}

/**
 * On a fresh migrated server: `migration` goes down, after which `read` (a table the migration
 * made) fails, and up again, after which it reads an empty table.
 */
export async function expectDownAndUp(migration: Migration, read: (db: Db) => Promise<unknown[]>): Promise<void> {
  const fresh = await createTestApp();
  try {
    const db = fresh.ctx.db as unknown as Kysely<unknown>;
    await migration.down!(db);
    await expect(read(fresh.ctx.db)).rejects.toThrow();
    await migration.up(db);
    expect(await read(fresh.ctx.db)).toEqual([]);
  } finally {
    await fresh.close();
  }
}
