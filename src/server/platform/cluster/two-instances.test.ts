// Two server instances (two buildApp, two data directories) on ONE PostgreSQL schema, as behind a
// load balancer (issue 19). Always PostgreSQL, whatever TEST_DB says: several instances need it,
// and an unreachable PostgreSQL fails these tests (createTestApp), it never skips them.
//
// Shown here: a session made on one is valid on the other; a row written through one is read
// through the other at once, its cache patched (or the sheet dropped) by the other's NOTIFY, which
// the tests wait for; an instance ignores its own messages; sign-in failures spread over both hit
// the one limit; two schedulers ticking over one due connected spreadsheet ask Google once; a
// cluster lock held by one instance keeps the other waiting; a file uploaded through one is served
// by the other (both store files in one S3-compatible bucket, the local one of testing/s3.ts).
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGoogle, type Cell, type RequestKind } from '../../testing/google';
import { multipart, sessionCookie, signUp, uniqueEmail, type TestApp, type TestUser } from '../../testing/app';
import { forTests, testServer } from '../../testing/server';
import { startFakeS3 } from '../../testing/s3';
import { PNG } from '../../testing/fixtures';
import { LOGIN_MAX_FAILURES } from '../limits/limiter';
import { runningPulls } from '../../modules/gsheets/pull';
import { schedulerTick } from '../../modules/gsheets/scheduler';
import { connectGoogle, connectSheet, googleSettings, quickSyncTuning } from '../../testing/gsheets';
import type { ClusterMessage } from './bus';
import { rowsChanged } from './sheet-changes';

const google = forTests(() => startFakeGoogle());
const s3 = forTests(() => startFakeS3());
// Instances sharing a database share the key of the Google tokens stored in it (GOOGLE_TOKEN_KEY),
// and the bucket of uploaded files.
const tokenKey = crypto.randomBytes(32);
const settings = () => ({ ...googleSettings(google), googleTokenKey: tokenKey, s3: s3.settings });
const a = testServer(settings, { postgres: true });
// Closed before `a`, whose schema it uses (after-hooks run as a stack).
const b = testServer(settings, { sameDatabaseAs: a });
let owner: TestUser;
const as = (u: TestUser) => ({ cookie: u.cookie });

beforeAll(async () => {
  quickSyncTuning();
  owner = await signUp(a.app, 'Ada Owner');
});

afterAll(async () => {
  for (const t of [a, b]) while (runningPulls(t.ctx).length > 0) await Promise.all(runningPulls(t.ctx));
});

/** The next message `t` hears from another instance that `match` accepts. */
function heard(t: TestApp, match: (m: ClusterMessage) => boolean): Promise<ClusterMessage> {
  return new Promise((resolve) => {
    const stop = t.ctx.bus.onMessage((m) => {
      if (!match(m)) return;
      stop();
      resolve(m);
    });
  });
}

async function sheetIdOf(spreadsheetId: string, title: string): Promise<{ id: string; version: number }> {
  const s = await a.ctx.db.selectFrom('sheets').select(['id', 'version']).where('spreadsheet_id', '=', spreadsheetId).where('title', '=', title).executeTakeFirstOrThrow();
  return { id: s.id, version: Number(s.version) };
}

async function names(t: TestApp, spreadsheetId: string, title = 'Orders'): Promise<unknown[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/board/${spreadsheetId}/sheet/${encodeURIComponent(title)}?limit=1000`, headers: as(owner) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ rows: Record<string, unknown>[] }>().rows.map((r) => r.Name);
}

describe('two instances on one PostgreSQL', () => {
  it('both run on PostgreSQL, on the same schema, with their own data directories and instance ids', () => {
    expect([a.dialect, b.dialect]).toEqual(['postgres', 'postgres']);
    expect(b.config.pgSchema).toBe(a.config.pgSchema);
    expect(b.config.dataDir).not.toBe(a.config.dataDir);
    expect(a.ctx.bus.shared && b.ctx.bus.shared).toBe(true);
    expect(a.ctx.bus.instanceId).not.toBe(b.ctx.bus.instanceId);
  });

  it('a session made through one instance is valid on the other', async () => {
    const email = uniqueEmail('both');
    const made = await a.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'Both', email, password: 'correct horse' } });
    expect(made.statusCode, made.body).toBe(201);
    const me = await b.app.inject({ method: 'GET', url: '/api/auth', headers: { cookie: sessionCookie(made) } });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().user.email).toBe(email);
  });
});

describe('sheet rows and the caches of both instances', () => {
  let spreadsheetId: string;

  beforeAll(async () => {
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/spreadsheets',
      headers: as(owner),
      payload: { title: 'Shop', sheets: [{ title: 'Orders', columns: ['Name', 'Qty'], rows: [{ Name: 'First', Qty: 1 }, { Name: 'Second', Qty: 2 }] }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    spreadsheetId = res.json().spreadsheet.id;
  });

  it("a row added through one is read through the other at once: the other's cached sheet is patched by the NOTIFY, not read again", async () => {
    // B reads first: the sheet is in B's cache at its current version.
    expect(await names(b, spreadsheetId)).toEqual(['First', 'Second']);
    const sheet = await sheetIdOf(spreadsheetId, 'Orders');
    const patched = heard(b, (m) => m.kind === 'row' && m.sheetId === sheet.id);
    const added = await a.app.inject({ method: 'POST', url: `/api/board/${spreadsheetId}/sheet/Orders/rows`, headers: as(owner), payload: { values: { Name: 'Third', Qty: 3 } } });
    expect(added.statusCode, added.body).toBe(201);
    expect(await patched).toMatchObject({ kind: 'row', sheetId: sheet.id, version: sheet.version + 1, patch: { kind: 'append' } });
    // B's entry is at the new version without loading the sheet again.
    let loads = 0;
    const entry = await b.ctx.sheetCache.get(sheet.id, sheet.version + 1, async () => {
      loads++;
      throw new Error('the sheet was read again');
    });
    expect(loads).toBe(0);
    expect(entry.version).toBe(sheet.version + 1);
    expect(await names(b, spreadsheetId)).toEqual(['First', 'Second', 'Third']);

    // And the other way round: a change through B reaches A's cache.
    expect(await names(a, spreadsheetId)).toEqual(['First', 'Second', 'Third']);
    const rowId = added.json().row._id as string;
    const changed = heard(a, (m) => m.kind === 'row' && m.sheetId === sheet.id);
    const put = await b.app.inject({ method: 'PUT', url: `/api/board/${spreadsheetId}/sheet/Orders/rows/${rowId}`, headers: as(owner), payload: { values: { Name: 'Third, renamed' }, _version: 1 } });
    expect(put.statusCode, put.body).toBe(200);
    expect(await changed).toMatchObject({ kind: 'row', version: sheet.version + 2, patch: { kind: 'update' } });
    expect(await names(a, spreadsheetId)).toEqual(['First', 'Second', 'Third, renamed']);
  });

  it('a row too large for a notification (8000 bytes) drops the sheet on the other instance instead; it reads the row from the database', async () => {
    expect((await names(b, spreadsheetId)).length).toBe(3);
    const sheet = await sheetIdOf(spreadsheetId, 'Orders');
    const dropped = heard(b, (m) => m.sheetId === sheet.id);
    const long = `Long ${'x'.repeat(9000)}`;
    const added = await a.app.inject({ method: 'POST', url: `/api/board/${spreadsheetId}/sheet/Orders/rows`, headers: as(owner), payload: { values: { Name: long, Qty: 4 } } });
    expect(added.statusCode, added.body).toBe(201);
    expect(await dropped).toEqual({ kind: 'sheet', sheetId: sheet.id });
    let loads = 0;
    await b.ctx.sheetCache.get(sheet.id, sheet.version, async () => {
      loads++;
      return { columns: ['Name', 'Qty'], rows: [] };
    });
    expect(loads).toBe(1);
    b.ctx.sheetCache.invalidate(sheet.id);
    expect(await names(b, spreadsheetId)).toEqual(['First', 'Second', 'Third, renamed', long]);
  });

  it('a group of row writes travels in as few notifications as fit (each under 8000 bytes), in version order; none drops the sheet', async () => {
    const sheetId = `group-${crypto.randomBytes(4).toString('hex')}`;
    const writes = Array.from({ length: 40 }, (_, i) => ({ version: 100 + i, patch: { kind: 'append' as const, id: i, version: 1, row: { Name: `Row ${i} ${'y'.repeat(400)}`, Qty: i } } }));
    const got: ClusterMessage[] = [];
    let seen = 0;
    const all = new Promise<void>((resolve) => {
      const stop = b.ctx.bus.onMessage((m) => {
        if (m.sheetId !== sheetId) return;
        got.push(m);
        seen += m.kind === 'rows' ? m.writes.length : 1;
        if (seen >= writes.length || m.kind === 'sheet') {
          stop();
          resolve();
        }
      });
    });
    rowsChanged(a.ctx, sheetId, writes);
    await all;
    // 40 rows of about 430 bytes do not fit one notification: a few messages, not 40.
    expect(got.length).toBeGreaterThan(1);
    expect(got.length).toBeLessThan(10);
    expect(got.every((m) => m.kind === 'rows')).toBe(true);
    const received = got.flatMap((m) => (m.kind === 'rows' ? m.writes : []));
    expect(received).toEqual(writes);
  });

  it('form submits sent at once through one instance all reach the other: its cached sheet is patched, not read again', async () => {
    expect((await names(b, spreadsheetId)).length).toBe(4);
    const sheet = await sheetIdOf(spreadsheetId, 'Orders');
    const count = 30;
    const versions: number[] = [];
    const heardAll = new Promise<void>((resolve) => {
      const stop = b.ctx.bus.onMessage((m) => {
        if (m.sheetId !== sheet.id) return;
        if (m.kind === 'row') versions.push(m.version);
        else if (m.kind === 'rows') versions.push(...m.writes.map((w) => w.version));
        else versions.push(-1);
        if (versions.length >= count) {
          stop();
          resolve();
        }
      });
    });
    const added = await Promise.all(
      Array.from({ length: count }, (_, i) => a.app.inject({ method: 'POST', url: `/api/board/${spreadsheetId}/sheet/Orders/rows`, headers: as(owner), payload: { values: { Name: `Bulk ${i}`, Qty: i } } })),
    );
    for (const r of added) expect(r.statusCode, r.body).toBe(201);
    await heardAll;
    expect(versions).toEqual(Array.from({ length: count }, (_, i) => sheet.version + 1 + i));
    let loads = 0;
    const entry = await b.ctx.sheetCache.get(sheet.id, sheet.version + count, async () => {
      loads++;
      throw new Error('the sheet was read again');
    });
    expect(loads).toBe(0);
    expect(entry.version).toBe(sheet.version + count);
    const read = await names(b, spreadsheetId);
    expect(read.slice(4).sort()).toEqual(Array.from({ length: count }, (_, i) => `Bulk ${i}`).sort());
  });

  it('a new column (not a row write) drops the sheet on the other instance', async () => {
    expect((await names(b, spreadsheetId)).length).toBe(34);
    const sheet = await sheetIdOf(spreadsheetId, 'Orders');
    const dropped = heard(b, (m) => m.sheetId === sheet.id);
    const res = await a.app.inject({ method: 'POST', url: `/api/spreadsheets/${spreadsheetId}/sheets/Orders/columns`, headers: as(owner), payload: { name: 'Colour' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(await dropped).toEqual({ kind: 'sheet', sheetId: sheet.id });
    const read = await b.app.inject({ method: 'GET', url: `/api/board/${spreadsheetId}/sheet/Orders?limit=1`, headers: as(owner) });
    expect(read.json().columns).toContain('Colour');
  });

  it('an instance does not hear its own messages', async () => {
    const got: ClusterMessage[] = [];
    const stop = a.ctx.bus.onMessage((m) => got.push(m));
    const fromB = heard(a, (m) => m.sheetId === 'from-b');
    // NOTIFYs reach listeners in commit order: A's own comes to A's listener before B's.
    expect(await a.ctx.bus.publish({ kind: 'sheet', sheetId: 'from-a' })).toBe(true);
    expect(await b.ctx.bus.publish({ kind: 'sheet', sheetId: 'from-b' })).toBe(true);
    await fromB;
    stop();
    expect(got).toEqual([{ kind: 'sheet', sheetId: 'from-b' }]);
  });
});

describe('sign-in throttling', () => {
  it('failures spread over both instances hit the one limit of the address and IP', async () => {
    const email = uniqueEmail('guessed');
    await signUp(a.app, 'Guessed', email, 'the right one');
    const login = (t: TestApp, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await login(i % 2 === 0 ? a : b, `wrong ${i}`)).statusCode).toBe(401);
    // Each instance saw only half of the failures, yet both refuse, the right password too.
    for (const t of [a, b]) {
      const refused = await login(t, 'the right one');
      expect(refused.statusCode, refused.body).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});

describe('the background Google sync', () => {
  const HEADER: Cell[] = ['Name', 'City'];
  const MIN = 60_000;

  function callsFor(fileId: string): Partial<Record<RequestKind, number>> {
    const out: Partial<Record<RequestKind, number>> = {};
    for (const r of google.requests) if (r.path.includes(fileId)) out[r.kind] = (out[r.kind] ?? 0) + 1;
    return out;
  }

  async function settle() {
    for (;;) {
      const pulls = [...runningPulls(a.ctx), ...runningPulls(b.ctx)];
      if (pulls.length === 0) return;
      await Promise.all(pulls);
    }
  }

  /** What two ticks at `now`, one per instance at the same moment, sent to Google about `fileId`. */
  async function tickBoth(now: number, fileId: string) {
    const before = callsFor(fileId);
    const reports = await Promise.all([schedulerTick(a.ctx, now), schedulerTick(b.ctx, now)]);
    await settle();
    const after = callsFor(fileId);
    const diff: Partial<Record<RequestKind, number>> = {};
    for (const [k, n] of Object.entries(after) as [RequestKind, number][]) if (n - (before[k] ?? 0) > 0) diff[k] = n - (before[k] ?? 0);
    return { reports, calls: diff };
  }

  it('two schedulers ticking over one due spreadsheet ask Google once, and one pull serves both instances', async () => {
    const gmail = await connectGoogle(a, google, owner, 'read-write', `cluster-${process.pid}@gmail.example`);
    const fileId = `cluster-0001-${'z'.repeat(31)}`;
    google.createSpreadsheet({ spreadsheetId: fileId, title: 'Depots', tabs: [{ title: 'Orders', rows: [HEADER, ['Ada', 'London'], ['Grace', 'Arlington']] }], writers: [gmail] });
    const { spreadsheetId } = await connectSheet(a, owner, fileId);
    // The first pull wrote the hidden ids (Drive's version moved): a second one records the version that stays.
    expect((await b.app.inject({ method: 'POST', url: `/api/google/spreadsheets/${spreadsheetId}/pull`, headers: as(owner) })).statusCode).toBe(202);
    await settle();
    expect(await names(b, spreadsheetId)).toEqual(['Ada', 'Grace']);

    const t0 = Date.now();
    const same = await tickBoth(t0 + 11 * MIN, fileId);
    expect(same.calls).toEqual({ 'drive.files.get': 1 });
    expect(same.reports.map((r) => r.checked.includes(spreadsheetId)).sort()).toEqual([false, true]);

    google.insertRow(fileId, 'Orders', 4, ['Edsger', 'Nuenen']);
    const changed = await tickBoth(t0 + 22 * MIN, fileId);
    expect(changed.calls['drive.files.get']).toBe(2); // the one check, then the one pull's own
    expect(changed.reports.map((r) => r.pulled.includes(spreadsheetId)).sort()).toEqual([false, true]);
    const pulls = google.requests.filter((r) => r.path.includes(fileId) && r.kind === 'sheets.values.get').length;
    expect(pulls).toBeGreaterThan(0);
    // Whichever instance pulled, both read the new row (the other's cache was dropped by NOTIFY or by version).
    expect(await names(a, spreadsheetId)).toEqual(['Ada', 'Grace', 'Edsger']);
    expect(await names(b, spreadsheetId)).toEqual(['Ada', 'Grace', 'Edsger']);

    // Next time too, one instance only claims the check (the pull above wrote the new row's hidden id: Drive's version moved, so that one pulls again).
    const later = await tickBoth(t0 + 33 * MIN, fileId);
    expect(later.reports.map((r) => r.checked.includes(spreadsheetId)).sort()).toEqual([false, true]);
    expect(later.reports.filter((r) => r.pulled.includes(spreadsheetId)).length).toBeLessThanOrEqual(1);
    expect(later.calls['sheets.spreadsheets.get'] ?? 0).toBeLessThanOrEqual(1);
  });

  it("a lock held by one instance keeps the other's holder of the same name waiting until it is given back", async () => {
    const events: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const aStarted = new Promise<void>((resolve) => (started = resolve));
    const first = a.ctx.locks.exclusive('test:one-at-a-time', async () => {
      events.push('a starts');
      started();
      await held;
      events.push('a ends');
    });
    await aStarted;
    const second = b.ctx.locks.exclusive('test:one-at-a-time', async () => {
      events.push('b runs');
    });
    // Another name is not held up.
    await b.ctx.locks.exclusive('test:another', async () => events.push('b, another name'));
    release();
    await Promise.all([first, second]);
    expect(events).toEqual(['a starts', 'b, another name', 'a ends', 'b runs']);
  });
});

describe('uploaded files', () => {
  it('a file uploaded through one instance is served by the other, from the shared bucket', async () => {
    const data = Buffer.concat([PNG, crypto.randomBytes(64 * 1024)]);
    const m = multipart('photo.png', data);
    const res = await a.app.inject({ method: 'POST', url: '/api/uploads', payload: m.payload, headers: { ...m.headers, ...as(owner) } });
    expect(res.statusCode, res.body).toBe(201);
    const up = res.json().upload as { id: string; url: string };
    expect(s3.keys('uploads/')).toContain(`uploads/${up.id}`);
    const viaB = await b.app.inject({ method: 'GET', url: up.url, headers: as(owner) });
    expect(viaB.statusCode).toBe(200);
    expect(viaB.rawPayload.equals(data)).toBe(true);
    expect(viaB.headers['content-type']).toBe('image/png');
  });
});
