// The background Google sync (issue 16) on the test database, against testing/google.ts through the
// official clients, with the time of each tick given explicitly (no timers): a changed Drive
// version pulls, an unchanged one reads nothing more, viewed spreadsheets are checked every 30 s
// and idle ones every 10 minutes, a full pull every 6 hours whatever the version, paused
// spreadsheets cost no call; a refused refresh token pauses the connection and mails its owner
// once (a real SMTP peer), whatever number of calls fail.
import { describe, expect, it } from 'vitest';
import { mailSettings, plainText } from '../../testing/smtp';
import type { Cell, RequestKind } from '../../testing/google';
import { signUp, type TestUser } from '../../testing/app';
import { testInbox } from '../../testing/server';
import { runningPulls } from './pull';
import { reconnectMail } from './reconnect-mail';
import { dueAction, schedulerTick, SCHEDULER_TUNING, type Intervals } from './scheduler';
import { googleSession } from './service';
import { connectGoogle, connectSheet, googleTestServer, pullNowAndWait } from '../../testing/gsheets';

const smtp = testInbox();
const { google, t } = googleTestServer(() => mailSettings(smtp));
const as = (u: TestUser) => ({ cookie: u.cookie });
let counter = 0;

const MIN = 60_000;
const HOUR = 60 * MIN;

const connect = (user: TestUser) => connectGoogle(t, google, user, 'read-write', `sched${++counter}@gmail.example`);

async function settle() {
  while (runningPulls(t.ctx).length > 0) await Promise.all(runningPulls(t.ctx));
}

const HEADER: Cell[] = ['Name', 'City', 'Amount'];

/**
 * A Google spreadsheet connected and pulled twice: the first pull writes the hidden ids (a write:
 * Drive's version goes up after the pull read it), the second records the version that stays.
 */
async function connected(title = 'Orders book'): Promise<{ owner: TestUser; email: string; fileId: string; spreadsheetId: string }> {
  const owner = await signUp(t.app);
  const email = await connect(owner);
  const fileId = `sched-${String(++counter).padStart(4, '0')}-${'y'.repeat(30)}`;
  google.createSpreadsheet({ spreadsheetId: fileId, title, tabs: [{ title: 'Orders', rows: [HEADER, ['Ada', 'London', 12], ['Grace', 'Arlington', 7]] }], writers: [email] });
  const { spreadsheetId } = await connectSheet(t, owner, fileId);
  await pullNowAndWait(t, owner, spreadsheetId);
  const source = await t.ctx.db.selectFrom('google_sources').selectAll().where('spreadsheet_id', '=', spreadsheetId).executeTakeFirstOrThrow();
  expect(source.drive_version).toBe(String(google.spreadsheets.get(fileId)!.version));
  return { owner, email, fileId, spreadsheetId };
}

/** Requests that reached Google about one file, by kind. */
function callsFor(fileId: string): Partial<Record<RequestKind, number>> {
  const out: Partial<Record<RequestKind, number>> = {};
  for (const r of google.requests) if (r.path.includes(fileId)) out[r.kind] = (out[r.kind] ?? 0) + 1;
  return out;
}

/** What one tick at `now` sent to Google about `fileId` (pulls it started included), and its report. */
async function tickAt(now: number, fileId: string) {
  const before = callsFor(fileId);
  const report = await schedulerTick(t.ctx, now);
  await settle();
  const after = callsFor(fileId);
  const diff: Partial<Record<RequestKind, number>> = {};
  for (const [k, n] of Object.entries(after) as [RequestKind, number][]) if (n - (before[k] ?? 0) > 0) diff[k] = n - (before[k] ?? 0);
  return { report, calls: diff };
}

async function names(owner: TestUser, spreadsheetId: string): Promise<unknown[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/board/${spreadsheetId}/sheet/Orders?limit=1000`, headers: as(owner) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ rows: Record<string, unknown>[] }>().rows.map((r) => r.Name);
}

/** The Google mails to `email` (sign-up also mails a verification link, which these tests do not count). */
const googleMails = (email: string) => smtp.messages.filter((m) => m.to.includes(email) && !/Subject: Verify your Sheetboard/.test(m.raw));

describe('the background sync', () => {
  it('uses the default intervals: 30 s viewed, 10 minutes idle, a full pull every 6 hours', () => {
    expect(t.config).toMatchObject({ googlePollSeconds: 30, googleIdlePollSeconds: 600, googleFullRefreshHours: 6, googleSyncTimer: false });
  });

  it('a changed Drive version pulls (the new rows appear); an unchanged one costs one files.get and reads no values', async () => {
    const { owner, fileId, spreadsheetId } = await connected();
    const t0 = Date.now();
    const same = await tickAt(t0 + 11 * MIN, fileId);
    expect(same.report.checked).toContain(spreadsheetId);
    expect(same.report.pulled).not.toContain(spreadsheetId);
    expect(same.calls).toEqual({ 'drive.files.get': 1 });

    google.insertRow(fileId, 'Orders', 4, ['Edsger', 'Nuenen', 3]);
    const changed = await tickAt(t0 + 22 * MIN, fileId);
    expect(changed.report.pulled).toContain(spreadsheetId);
    expect(changed.calls['sheets.values.get']).toBeGreaterThan(0);
    expect(await names(owner, spreadsheetId)).toEqual(['Ada', 'Grace', 'Edsger']);
  });

  it('checks a viewed spreadsheet every 30 seconds and an idle one every 10 minutes', async () => {
    const { owner, fileId, spreadsheetId } = await connected();
    const t0 = Date.now();
    google.setCell(fileId, 'Orders', 'A2', 'Ada L.');
    // Nobody looked at it: 40 s is not yet due.
    expect((await tickAt(t0 + 40_000, fileId)).calls).toEqual({});
    // Its rows are read (a board, the data editor): now it is.
    expect(await names(owner, spreadsheetId)).toEqual(['Ada', 'Grace']);
    const viewed = await tickAt(t0 + 40_000, fileId);
    expect(viewed.report.pulled).toContain(spreadsheetId);
    expect(await names(owner, spreadsheetId)).toEqual(['Ada L.', 'Grace']);
    // 20 s after the last check: not due; 35 s after: checked (unchanged: nothing read).
    expect((await tickAt(t0 + 60_000, fileId)).calls).toEqual({});
    expect((await tickAt(t0 + 75_000, fileId)).calls).toEqual({ 'drive.files.get': 1 });
    // Ten minutes after the last view it is idle again: 9 minutes after the last check is too early…
    expect((await tickAt(t0 + 10 * MIN + 30_000, fileId)).calls).toEqual({});
    // …10 minutes is due.
    expect((await tickAt(t0 + 75_000 + 10 * MIN, fileId)).calls).toEqual({ 'drive.files.get': 1 });
  });

  it('pulls in full every 6 hours whatever the version (a formula result changes without an edit)', async () => {
    const { owner, fileId, spreadsheetId } = await connected();
    const t0 = Date.now();
    // A recalculated formula: the value changes, Drive's version does not.
    google.tab(fileId, 'Orders').rows[1]![0] = 'Ada (recalculated)';
    expect((await tickAt(t0 + 11 * MIN, fileId)).calls).toEqual({ 'drive.files.get': 1 });
    expect(await names(owner, spreadsheetId)).toEqual(['Ada', 'Grace']);
    const full = await tickAt(t0 + 6 * HOUR + MIN, fileId);
    expect(full.report.pulled).toContain(spreadsheetId);
    expect(full.report.checked).not.toContain(spreadsheetId);
    expect(full.calls['sheets.values.get']).toBeGreaterThan(0);
    expect(await names(owner, spreadsheetId)).toEqual(['Ada (recalculated)', 'Grace']);
  });

  it('a paused spreadsheet costs no call, however long it waits', async () => {
    const { fileId, spreadsheetId } = await connected();
    await t.ctx.db.updateTable('google_sources').set({ status: 'paused', error: null }).where('spreadsheet_id', '=', spreadsheetId).execute();
    google.setCell(fileId, 'Orders', 'A2', 'Changed');
    const tick = await tickAt(Date.now() + 7 * HOUR, fileId);
    expect(tick.calls).toEqual({});
    expect(tick.report.checked).not.toContain(spreadsheetId);
    expect(tick.report.pulled).not.toContain(spreadsheetId);
  });

  it('spreads many due spreadsheets over ticks: at most perTick per tick, the longest waiting first', async () => {
    const a = await connected();
    const b = await connected();
    const perTick = SCHEDULER_TUNING.perTick;
    SCHEDULER_TUNING.perTick = 1;
    try {
      const now = Date.now() + 12 * HOUR;
      const first = await schedulerTick(t.ctx, now);
      await settle();
      expect(first.checked.length + first.pulled.length).toBe(1);
      expect(first.deferred).toBeGreaterThan(0);
      // The one handled is not due again at once: the next ticks take the others, a and b among them.
      const handled = new Set([...first.checked, ...first.pulled]);
      for (let i = 0; i < 50 && !(handled.has(a.spreadsheetId) && handled.has(b.spreadsheetId)); i++) {
        const next = await schedulerTick(t.ctx, now);
        await settle();
        expect(next.checked.length + next.pulled.length).toBeLessThanOrEqual(1);
        for (const id of [...next.checked, ...next.pulled]) {
          expect(handled.has(id)).toBe(false);
          handled.add(id);
        }
      }
      expect(handled).toContain(a.spreadsheetId);
      expect(handled).toContain(b.spreadsheetId);
    } finally {
      SCHEDULER_TUNING.perTick = perTick;
    }
  });

  it('calls the push hook every tick; its failure is logged, never thrown', async () => {
    let calls = 0;
    const report = await schedulerTick(t.ctx, Date.now(), {
      pushDue: async () => {
        calls++;
        throw new Error('push failed');
      },
    });
    expect(calls).toBe(1);
    expect(report).toMatchObject({ checked: expect.any(Array), pulled: expect.any(Array) });
  });

  it.each([
    // [status, checked ago, last pull ago, last full ago, viewed ago, expected]
    ['ok', null, 20_000, 20_000, 1_000, null],
    ['ok', null, 31_000, 31_000, 1_000, 'check'],
    ['ok', null, 31_000, 31_000, null, null],
    ['ok', 5_000, 11 * MIN, 11 * MIN, null, null],
    ['ok', null, 11 * MIN, 11 * MIN, null, 'check'],
    ['ok', null, 11 * MIN, 6 * HOUR, null, 'pull'],
    ['ok', 10_000, 11 * MIN, 7 * HOUR, null, null],
    ['error', null, 5 * MIN, 5 * MIN, null, null],
    ['error', null, 11 * MIN, 11 * MIN, null, 'pull'],
  ] as const)('due: %s, checked %s ms ago, pulled %s, full %s, viewed %s → %s', (status, checked, pulled, full, viewed, expected) => {
    const now = 100 * HOUR;
    const iso = (ago: number) => new Date(now - ago).toISOString();
    const intervals: Intervals = { pollMs: 30_000, idleMs: 10 * MIN, fullMs: 6 * HOUR };
    const due = dueAction({ status, last_pull_at: iso(pulled), last_full_at: iso(full) }, { checkedAt: checked === null ? null : now - checked, viewedAt: viewed === null ? null : now - viewed }, now, intervals);
    expect(due).toBe(expected);
  });
});

describe('a connection Google refuses', () => {
  it('is marked reconnect needed, its spreadsheets paused, and its owner mailed once; nothing more is asked of Google', async () => {
    const { owner, email, fileId, spreadsheetId } = await connected('Q3 <b>Sales</b> & "friends"');
    const conn = await t.ctx.db.selectFrom('google_sources').select('connection_id').where('spreadsheet_id', '=', spreadsheetId).executeTakeFirstOrThrow();
    smtp.messages.length = 0;
    google.revokeRefreshToken(google.refreshTokens.filter((r) => r.user === email).at(-1)!.token);
    google.expireAccessTokens();
    await t.ctx.db.updateTable('google_connections').set({ expires_at: Date.now() - 1000 }).where('id', '=', conn.connection_id).execute();
    // A session opened before the connection is marked (as a pull or push running at that moment).
    const late = await googleSession(t.ctx, conn.connection_id);
    const before = await names(owner, spreadsheetId);

    const t0 = Date.now();
    const tick = await tickAt(t0 + 11 * MIN, fileId);
    expect(tick.report.checked).toContain(spreadsheetId);
    const after = await t.ctx.db.selectFrom('google_connections').select(['status', 'status_reason']).where('id', '=', conn.connection_id).executeTakeFirstOrThrow();
    expect(after.status).toBe('reconnect_needed');
    const source = await t.ctx.db.selectFrom('google_sources').select('status').where('spreadsheet_id', '=', spreadsheetId).executeTakeFirstOrThrow();
    expect(source.status).toBe('paused');
    expect(await names(owner, spreadsheetId)).toEqual(before);

    const mails = googleMails(owner.email);
    expect(mails).toHaveLength(1);
    const raw = mails[0]!.raw;
    expect(raw).toMatch(/Subject: Google sync paused: reconnect your Google account/);
    const text = plainText(raw);
    expect(text).toContain(`the Google account ${email}`);
    expect(text).toContain('Syncing with Google is paused');
    expect(text).toContain('keep showing the rows of the last sync');
    expect(text).toContain('http://localhost:3000/dashboard');
    // The title comes from Google: escaped in the HTML part.
    expect(text).toContain('<li>Q3 &#60;b&#62;Sales&#60;/b&#62; &#38; &#34;friends&#34;</li>');
    expect(text).not.toContain('<li>Q3 <b>Sales</b>');

    // Another call failing the same way (the session opened before): no second mail.
    await expect(late.run(() => late.drive.files.get({ fileId, fields: 'version' }, { retry: false }))).rejects.toMatchObject({ code: 'google_reconnect_needed' });
    // Later ticks ask Google nothing about it and send nothing.
    expect((await tickAt(t0 + 8 * HOUR, fileId)).calls).toEqual({});
    expect(googleMails(owner.email)).toHaveLength(1);
  });

  it('two calls refused at the same moment send one mail', async () => {
    const { owner, email, spreadsheetId, fileId } = await connected();
    const source = await t.ctx.db.selectFrom('google_sources').select('connection_id').where('spreadsheet_id', '=', spreadsheetId).executeTakeFirstOrThrow();
    google.revokeRefreshToken(google.refreshTokens.filter((r) => r.user === email).at(-1)!.token);
    google.expireAccessTokens();
    await t.ctx.db.updateTable('google_connections').set({ expires_at: Date.now() - 1000 }).where('id', '=', source.connection_id).execute();
    const sessions = await Promise.all([1, 2, 3].map(() => googleSession(t.ctx, source.connection_id)));
    const results = await Promise.allSettled(sessions.map((s) => s.run(() => s.drive.files.get({ fileId, fields: 'version' }, { retry: false }))));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(googleMails(owner.email)).toHaveLength(1);
  });

  it('the mail escapes everything from Google in its HTML part and words a service account differently', () => {
    const hostile = '<script>alert(1)</script>';
    const mail = reconnectMail({
      owner: { name: 'Ada <i>', email: 'ada@example.com' },
      kind: 'oauth',
      googleEmail: `x${hostile}@gmail.example`,
      reason: `Google refused the connection: ${hostile}`,
      titles: [hostile, ...Array.from({ length: 25 }, (_, i) => `Sheet ${i}`)],
      dashboardUrl: 'https://boards.example/dashboard',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(mail.html).toContain('<a href="https://boards.example/dashboard">');
    expect(mail.text).toContain('- and 6 more');
    const sa = reconnectMail({ owner: { name: 'Ada', email: 'ada@example.com' }, kind: 'service_account', googleEmail: 'sync@p.iam.gserviceaccount.com', reason: 'r', titles: [], dashboardUrl: 'http://x/dashboard' });
    expect(sa.subject).toBe('Google sync paused: Google refused the service account');
    expect(sa.text).toContain('Ask the administrator');
  });
});
