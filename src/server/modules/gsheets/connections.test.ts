// Connecting a workspace's Google account (issue 16), on the test database, against
// testing/google.ts through the official clients: the consent round trip, a consent link used
// twice, too late, by someone else or refused, a refresh that keeps the stored refresh token, a
// refresh token Google no longer accepts (reconnect needed, syncing paused), the service account,
// no token in any answer, and who may call each route.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { googleSheets } from '../../db/migrations/0016_google_sheets';
import { GOOGLE_MESSAGES as M } from '../../../shared/api/google';
import { createTestApp, joinAsEditor, signUp, type TestUser } from '../../testing/app';
import { GOOGLE_SCOPES } from '../../platform/google';
import { CONNECTS_PER_HOUR } from './routes';
import { googleConnectionsRepo } from '../../data/gsheets/repo';
import { decryptToken, tokenKey } from './secrets';
import { googleSession, serviceAccountConnection, STATE_TTL_MS } from './service';
import { googleTestServer } from '../../testing/gsheets';
import { expectDownAndUp } from '../../testing/server';

const { google, t } = googleTestServer();
/** Every answer the routes gave, searched for tokens at the end. */
const answers: LightMyRequestResponse[] = [];
const as = (u?: TestUser) => (u ? { cookie: u.cookie } : {});

async function send(options: { method: 'GET' | 'POST' | 'DELETE'; url: string; user?: TestUser; payload?: object }) {
  const res = await t.app.inject({ method: options.method, url: options.url, headers: as(options.user), ...(options.payload ? { payload: options.payload } : {}) });
  answers.push(res);
  return res;
}

async function workspaceIdOf(user: TestUser): Promise<string> {
  return (await t.ctx.db.selectFrom('workspaces').select('id').where('owner_id', '=', user.id).executeTakeFirstOrThrow()).id;
}

/** POST connect, then Google's consent screen: the callback URL Google sends the browser to. */
async function consent(user: TestUser, mode: 'read' | 'read-write' | 'file' = 'read-write', workspace_id?: string): Promise<string> {
  const res = await send({ method: 'POST', url: '/api/google/connect', user, payload: { mode, ...(workspace_id ? { workspace_id } : {}) } });
  expect(res.statusCode, res.body).toBe(200);
  const back = await fetch(res.json<{ url: string }>().url, { redirect: 'manual' });
  expect(back.status).toBe(302);
  const location = new URL(back.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe('http://localhost:3000/api/google/callback');
  return `${location.pathname}${location.search}`;
}

async function callback(user: TestUser | undefined, url: string): Promise<URLSearchParams> {
  const res = await send({ method: 'GET', url, user });
  expect(res.statusCode, res.body).toBe(303);
  const to = new URL(res.headers.location as string, 'http://localhost:3000');
  expect(to.pathname).toBe('/dashboard');
  return to.searchParams;
}

/** Drive files.get through the connection's session, and the request Google logged for it. */
async function reachDrive(session: Awaited<ReturnType<typeof googleSession>>, fileId: string) {
  const before = google.requests.length;
  const file = await session.run(() => session.drive.files.get({ fileId, fields: 'id,version' }));
  const call = google.requests.slice(before).find((r) => r.kind === 'drive.files.get');
  expect(call).toMatchObject({ path: `/drive/v3/files/${fileId}`, status: 200 });
  return { file: file.data, principal: call!.principal };
}

async function connection(user: TestUser, workspace_id?: string) {
  const res = await send({ method: 'GET', url: `/api/google/connection${workspace_id ? `?workspace_id=${workspace_id}` : ''}`, user });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeEach(() => {
  google.consent = { user: 'ada@gmail.example', deny: false };
  google.accessTokenLifetime = 3599;
});

describe('the consent round trip', () => {
  it('connects: consent URL with the scopes of the mode, offline and state; the callback stores the connection and goes to the dashboard', async () => {
    const owner = await signUp(t.app);
    const res = await send({ method: 'POST', url: '/api/google/connect', user: owner, payload: { mode: 'read' } });
    const url = new URL(res.json<{ url: string }>().url);
    expect(`${url.origin}${url.pathname}`).toBe(google.authUrl);
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(url.searchParams.get('client_id')).toBe(google.oauthClient.clientId);
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/api/google/callback');
    expect(url.searchParams.get('scope')!.split(' ')).toEqual([...GOOGLE_SCOPES.read, 'openid', 'email']);
    expect(url.searchParams.get('state')!.length).toBeGreaterThanOrEqual(40);

    const cb = await consent(owner, 'read-write');
    expect(await callback(owner, cb)).toEqual(new URLSearchParams({ google: 'connected' }));
    const status = await connection(owner);
    expect(status).toMatchObject({ oauth_available: true, service_account_email: null, connection: { kind: 'oauth', google_email: 'ada@gmail.example', mode: 'read-write', status: 'ok', status_reason: null } });

    // Stored encrypted: the database holds no token Google issued.
    const row = (await googleConnectionsRepo(t.ctx.db).byWorkspace(await workspaceIdOf(owner)))!;
    const issued = google.refreshTokens.at(-1)!.token;
    expect(row.refresh_token).not.toContain(issued);
    expect(decryptToken(tokenKey(t.config), row.refresh_token!)).toBe(issued);
    expect(row.access_token!.startsWith('v1:')).toBe(true);
    expect(row.expires_at).toBeGreaterThan(Date.now());
  });

  it.each([
    ['file', 'file'],
    ['read', 'read'],
  ] as const)('mode %s is what the connection says after consent', async (mode, shown) => {
    const owner = await signUp(t.app);
    expect((await callback(owner, await consent(owner, mode))).get('google')).toBe('connected');
    expect((await connection(owner)).connection.mode).toBe(shown);
  });

  it('a consent link works once: the second use is refused in words, the connection unchanged', async () => {
    const owner = await signUp(t.app);
    const cb = await consent(owner);
    expect((await callback(owner, cb)).get('google')).toBe('connected');
    const before = await googleConnectionsRepo(t.ctx.db).byWorkspace(await workspaceIdOf(owner));
    const again = await callback(owner, cb);
    expect(Object.fromEntries(again)).toEqual({ google: 'expired', message: M.stateExpired });
    expect(await googleConnectionsRepo(t.ctx.db).byWorkspace(await workspaceIdOf(owner))).toEqual(before);
  });

  it('a consent link older than 10 minutes is refused and connects nothing', async () => {
    const owner = await signUp(t.app);
    const cb = await consent(owner);
    await t.ctx.db.updateTable('google_oauth_states').set({ expires_at: Date.now() - 1 }).where('user_id', '=', owner.id).execute();
    expect(Object.fromEntries(await callback(owner, cb))).toEqual({ google: 'expired', message: M.stateExpired });
    expect((await connection(owner)).connection).toBeNull();
    expect(STATE_TTL_MS).toBe(600_000);
  });

  it('a refused consent says so and connects nothing; an unknown or missing state is refused', async () => {
    const owner = await signUp(t.app);
    google.consent.deny = true;
    const cb = await consent(owner);
    expect(cb).toContain('error=access_denied');
    expect(Object.fromEntries(await callback(owner, cb))).toEqual({ google: 'denied', message: M.denied });
    expect((await connection(owner)).connection).toBeNull();
    expect((await callback(owner, '/api/google/callback?code=x&state=made-up')).get('google')).toBe('expired');
    expect((await callback(owner, '/api/google/callback')).get('google')).toBe('expired');
  });

  it("someone else's consent link does not attach a Google account to either workspace, nor use it up for its owner", async () => {
    const owner = await signUp(t.app);
    const intruder = await signUp(t.app);
    const cb = await consent(owner);
    expect(Object.fromEntries(await callback(intruder, cb))).toEqual({ google: 'error', message: M.stateOtherUser });
    expect((await connection(owner)).connection).toBeNull();
    expect((await connection(intruder)).connection).toBeNull();
    // The state was checked before it was spent: its owner still finishes, once.
    expect(Object.fromEntries(await callback(owner, cb))).toEqual({ google: 'connected' });
    expect((await connection(owner)).connection).not.toBeNull();
    expect((await connection(intruder)).connection).toBeNull();
    expect((await callback(owner, cb)).get('google')).toBe('expired');
  });

  it('a code Google does not accept ends on the dashboard in words', async () => {
    const owner = await signUp(t.app);
    const cb = await consent(owner);
    const forged = cb.replace(/code=[^&]+/, 'code=forged');
    expect(Object.fromEntries(await callback(owner, forged))).toEqual({ google: 'error', message: M.exchangeFailed });
    expect((await connection(owner)).connection).toBeNull();
  });

  it('reconnecting replaces the connection in place; DELETE forgets it', async () => {
    const owner = await signUp(t.app);
    await callback(owner, await consent(owner, 'read'));
    const first = (await googleConnectionsRepo(t.ctx.db).byWorkspace(await workspaceIdOf(owner)))!;
    await callback(owner, await consent(owner, 'read-write'));
    const second = (await googleConnectionsRepo(t.ctx.db).byWorkspace(await workspaceIdOf(owner)))!;
    expect(second.id).toBe(first.id);
    expect((await connection(owner)).connection.mode).toBe('read-write');
    expect((await send({ method: 'DELETE', url: '/api/google/connection', user: owner })).statusCode).toBe(204);
    expect((await connection(owner)).connection).toBeNull();
    const gone = await send({ method: 'DELETE', url: '/api/google/connection', user: owner });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'No Google account is connected', code: 'not_found' });
  });

  it(`an account opens at most ${CONNECTS_PER_HOUR} consent links an hour (429 in words)`, async () => {
    const owner = await signUp(t.app);
    for (let i = 0; i < CONNECTS_PER_HOUR; i++) expect((await send({ method: 'POST', url: '/api/google/connect', user: owner, payload: { mode: 'read' } })).statusCode).toBe(200);
    const refused = await send({ method: 'POST', url: '/api/google/connect', user: owner, payload: { mode: 'read' } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many attempts to connect Google\. Please wait \d+ minutes? and try again\.$/);
    // Another account is not held back.
    expect((await send({ method: 'POST', url: '/api/google/connect', user: await signUp(t.app), payload: { mode: 'read' } })).statusCode).toBe(200);
  });

  it('pending consent links per account are bounded', async () => {
    const owner = await signUp(t.app);
    for (let i = 0; i < 15; i++) expect((await send({ method: 'POST', url: '/api/google/connect', user: owner, payload: { mode: 'file' } })).statusCode).toBe(200);
    const rows = await t.ctx.db.selectFrom('google_oauth_states').select('state_hash').where('user_id', '=', owner.id).execute();
    expect(rows.length).toBe(10);
  });
});

describe('tokens', () => {
  it('refreshes before expiry and keeps the refresh token when Google does not send a new one', async () => {
    const owner = await signUp(t.app);
    google.accessTokenLifetime = 60; // inside the 5 minutes before expiry: refreshed before use
    await callback(owner, await consent(owner, 'read-write'));
    const repo = googleConnectionsRepo(t.ctx.db);
    const before = (await repo.byWorkspace(await workspaceIdOf(owner)))!;
    const key = tokenKey(t.config);
    google.createSpreadsheet({ spreadsheetId: 'sheet-refresh-0000000000000', tabs: [{ title: 'Orders', rows: [['City']] }], writers: ['ada@gmail.example'] });
    const tokenCalls = google.counts['oauth.token'] ?? 0;
    google.accessTokenLifetime = 3599; // the refreshed token lives an hour: no second refresh

    const session = await googleSession(t.ctx, before.id);
    const call = await reachDrive(session, 'sheet-refresh-0000000000000');
    expect(call.principal).toBe('ada@gmail.example');
    expect(call.file).toMatchObject({ id: 'sheet-refresh-0000000000000', version: '1' });
    // One refresh, before the call (not after a 401).
    expect(google.counts['oauth.token']).toBe(tokenCalls + 1);
    expect(google.requests.filter((r) => r.kind === 'drive.files.get' && r.status === 401)).toEqual([]);

    const after = (await repo.byWorkspace(await workspaceIdOf(owner)))!;
    expect(decryptToken(key, after.access_token!)).not.toBe(decryptToken(key, before.access_token!));
    expect(decryptToken(key, after.refresh_token!)).toBe(decryptToken(key, before.refresh_token!));
    expect(after.expires_at).toBeGreaterThanOrEqual(before.expires_at!);
    expect(after.status).toBe('ok');

    // The Sheets client goes to the same Google, with the refreshed token (no second refresh).
    const book = await session.run(() => session.sheets.spreadsheets.get({ spreadsheetId: 'sheet-refresh-0000000000000' }));
    expect(book.data.sheets?.[0]?.properties).toMatchObject({ sheetId: 0, title: 'Orders' });
    expect(google.counts['oauth.token']).toBe(tokenCalls + 1);
  });

  it('invalid_grant: the connection says reconnect needed, its spreadsheets pause, the call is refused in words', async () => {
    const owner = await signUp(t.app);
    await callback(owner, await consent(owner, 'read-write'));
    const ws = await workspaceIdOf(owner);
    const conn = (await googleConnectionsRepo(t.ctx.db).byWorkspace(ws))!;
    const spreadsheet = await t.ctx.db.selectFrom('spreadsheets').select('id').where('workspace_id', '=', ws).executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('google_sources')
      .values({ spreadsheet_id: spreadsheet.id, connection_id: conn.id, file_id: 'f1', url: 'https://docs.google.com/spreadsheets/d/f1/edit', drive_version: '1', last_pull_at: null, last_full_at: null, status: 'ok', error: null, progress_total: null })
      .execute();
    google.createSpreadsheet({ spreadsheetId: 'f1-connected-000000000000000', tabs: [{ title: 'Orders' }], writers: ['ada@gmail.example'] });
    google.revokeRefreshToken(google.refreshTokens.at(-1)!.token);
    google.expireAccessTokens();
    await t.ctx.db.updateTable('google_connections').set({ expires_at: Date.now() - 1000 }).where('id', '=', conn.id).execute();

    const session = await googleSession(t.ctx, conn.id);
    await expect(session.run(() => session.drive.files.get({ fileId: 'f1' }))).rejects.toMatchObject({ status: 409, message: M.reconnect });
    const status = await connection(owner);
    expect(status.connection).toMatchObject({ status: 'reconnect_needed', status_reason: 'Google refused the connection: Token has been expired or revoked.' });
    const source = await t.ctx.db.selectFrom('google_sources').selectAll().where('spreadsheet_id', '=', spreadsheet.id).executeTakeFirstOrThrow();
    expect(source).toMatchObject({ status: 'paused', error: 'Google refused the connection: Token has been expired or revoked.' });
    // No call goes to Google until the owner reconnects.
    await expect(googleSession(t.ctx, conn.id)).rejects.toMatchObject({ status: 409 });
    // Reconnecting makes it ok again, and the spreadsheets it paused sync again.
    await callback(owner, await consent(owner, 'read-write'));
    expect((await connection(owner)).connection).toMatchObject({ status: 'ok', status_reason: null });
    expect(await t.ctx.db.selectFrom('google_sources').select(['status', 'error']).where('spreadsheet_id', '=', spreadsheet.id).executeTakeFirstOrThrow()).toEqual({ status: 'ok', error: null });
    const again = await googleSession(t.ctx, conn.id);
    expect((await reachDrive(again, 'f1-connected-000000000000000')).principal).toBe('ada@gmail.example');
  });

});

describe('the service account', () => {
  it('GET connection names the e-mail to share sheets with; its connection reads a shared sheet through the token URL of the settings', async () => {
    const key = google.addServiceAccount();
    const sa = await createTestApp({
      googleApiUrl: google.url,
      googleTokenUrl: google.tokenUrl,
      googleServiceAccount: { clientEmail: key.client_email, privateKey: key.private_key },
    });
    try {
      const owner = await signUp(sa.app);
      const res = await sa.app.inject({ method: 'GET', url: '/api/google/connection', headers: as(owner) });
      expect(res.json()).toEqual({ oauth_available: false, service_account_email: key.client_email, connection: null });
      const refused = await sa.app.inject({ method: 'POST', url: '/api/google/connect', headers: as(owner), payload: { mode: 'read' } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(M.oauthOff);

      const ws = (await sa.ctx.db.selectFrom('workspaces').select('id').where('owner_id', '=', owner.id).executeTakeFirstOrThrow()).id;
      const conn = await serviceAccountConnection(sa.ctx, ws);
      expect(await serviceAccountConnection(sa.ctx, ws)).toMatchObject({ id: conn.id });
      google.createSpreadsheet({ spreadsheetId: 'sheet-sa-00000000000000000000', tabs: [{ title: 'People', rows: [['Name']] }], writers: [key.client_email] });
      const session = await googleSession(sa.ctx, conn.id);
      const tokenCalls = google.counts['oauth.token'] ?? 0;
      // The JWT client's token request goes to GOOGLE_TOKEN_URL (the fake), not Google's own.
      const read = await reachDrive(session, 'sheet-sa-00000000000000000000');
      expect(read).toMatchObject({ principal: key.client_email, file: { id: 'sheet-sa-00000000000000000000' } });
      const values = await session.run(() => session.sheets.spreadsheets.values.get({ spreadsheetId: 'sheet-sa-00000000000000000000', range: 'People' }));
      expect(values.data.values).toEqual([['Name']]);
      expect(google.counts['oauth.token']).toBe(tokenCalls + 1);
      const shown = (await sa.app.inject({ method: 'GET', url: '/api/google/connection', headers: as(owner) })).json();
      expect(shown.connection).toMatchObject({ kind: 'service_account', google_email: key.client_email, mode: 'read-write', status: 'ok' });
    } finally {
      await sa.close();
    }
  });
});

describe('who may call each route', () => {
  let owner: TestUser;
  let editor: TestUser;
  let other: TestUser;
  let ws: string;
  beforeAll(async () => {
    owner = await signUp(t.app);
    editor = await signUp(t.app);
    other = await signUp(t.app);
    await joinAsEditor(t, owner, editor);
    ws = await workspaceIdOf(owner);
  });

  type Role = 'anonymous' | 'owner' | 'workspace editor' | 'other owner';
  const userOf = (role: Role) => (role === 'owner' ? owner : role === 'workspace editor' ? editor : role === 'other owner' ? other : undefined);

  it.each([
    ['anonymous', 401, 401, 401],
    ['owner', 200, 200, 404],
    ['workspace editor', 200, 200, 404],
    ['other owner', 404, 404, 404],
  ] as [Role, number, number, number][])("%s, naming the owner's workspace: connect %i, status %i, disconnect (none connected) %i", async (role, connect, status, del) => {
    const user = userOf(role);
    expect((await send({ method: 'POST', url: '/api/google/connect', user, payload: { mode: 'read', workspace_id: ws } })).statusCode).toBe(connect);
    expect((await send({ method: 'GET', url: `/api/google/connection?workspace_id=${ws}`, user })).statusCode).toBe(status);
    expect((await send({ method: 'DELETE', url: `/api/google/connection?workspace_id=${ws}`, user })).statusCode).toBe(del);
  });

  it('anonymous: the callback asks to sign in; another owner cannot see or remove a connection', async () => {
    const res = await send({ method: 'GET', url: '/api/google/callback?state=x&code=y' });
    expect(res.statusCode).toBe(401);
    await callback(editor, await consent(editor, 'read', ws));
    expect((await connection(owner)).connection).toMatchObject({ kind: 'oauth', mode: 'read' });
    expect((await send({ method: 'DELETE', url: `/api/google/connection?workspace_id=${ws}`, user: other })).statusCode).toBe(404);
    expect((await connection(owner)).connection).not.toBeNull();
    expect((await connection(editor, ws)).connection).not.toBeNull();
    // The editor's own workspace is a different one.
    expect((await connection(editor)).connection).toBeNull();
  });

  it('refuses a bad body in words', async () => {
    const res = await send({ method: 'POST', url: '/api/google/connect', user: owner, payload: { mode: 'everything' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("Choose how the app may use your sheets");
    expect((await send({ method: 'GET', url: '/api/google/connection?workspace_id=../../x', user: owner })).statusCode).toBe(400);
  });
});

describe('migration 0016', () => {
  it('a connected spreadsheet’s source, tabs and outbox go with it; a workspace’s connection and consent links go with the account', async () => {
    const owner = await signUp(t.app);
    await callback(owner, await consent(owner));
    await send({ method: 'POST', url: '/api/google/connect', user: owner, payload: { mode: 'read' } });
    const ws = await workspaceIdOf(owner);
    const conn = (await googleConnectionsRepo(t.ctx.db).byWorkspace(ws))!;
    const sheets = await t.ctx.db.selectFrom('sheets').innerJoin('spreadsheets', 'spreadsheets.id', 'sheets.spreadsheet_id').select(['sheets.id', 'sheets.spreadsheet_id']).where('spreadsheets.workspace_id', '=', ws).execute();
    const sheet = sheets[0]!;
    const second = sheets.find((x) => x.spreadsheet_id === sheet.spreadsheet_id && x.id !== sheet.id)!;
    expect(second).toBeDefined();
    const at = new Date().toISOString();
    await t.ctx.db.insertInto('google_sources').values({ spreadsheet_id: sheet.spreadsheet_id, connection_id: conn.id, file_id: 'f', url: 'u', drive_version: null, last_pull_at: null, last_full_at: null, status: 'syncing', error: null, progress_total: 100 }).execute();
    await t.ctx.db.insertInto('google_tabs').values({ sheet_id: sheet.id, spreadsheet_id: sheet.spreadsheet_id, google_sheet_id: 0, title: 'Orders', header: '["City"]', id_column: null }).execute();
    await t.ctx.db.insertInto('google_outbox').values({ id: `ob${Date.now()}`, spreadsheet_id: sheet.spreadsheet_id, sheet_id: sheet.id, op: 'append', row_id: 'r1', cells: '{"City":"Rome"}', base: null, created_at: at, next_attempt_at: at, status: 'pending', error: null }).execute();
    // A second tab with the same Google sheetId in one spreadsheet is refused.
    await expect(t.ctx.db.insertInto('google_tabs').values({ sheet_id: second.id, spreadsheet_id: sheet.spreadsheet_id, google_sheet_id: 0, title: 'x', header: '[]', id_column: null }).execute()).rejects.toThrow();
    const source = await t.ctx.db.selectFrom('google_sources').selectAll().where('spreadsheet_id', '=', sheet.spreadsheet_id).executeTakeFirstOrThrow();
    expect(source).toMatchObject({ progress_rows: 0, progress_total: 100 });

    // The sample board uses the spreadsheet: it goes first (as the spreadsheets service does).
    await t.ctx.db.deleteFrom('apps').where('workspace_id', '=', ws).execute();
    await t.ctx.db.deleteFrom('spreadsheets').where('id', '=', sheet.spreadsheet_id).execute();
    for (const table of ['google_sources', 'google_tabs', 'google_outbox'] as const)
      expect(await t.ctx.db.selectFrom(table).select('spreadsheet_id').where('spreadsheet_id', '=', sheet.spreadsheet_id).execute()).toEqual([]);
    await t.ctx.db.deleteFrom('users').where('id', '=', owner.id).execute();
    expect(await t.ctx.db.selectFrom('google_connections').select('id').where('workspace_id', '=', ws).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('google_oauth_states').select('state_hash').where('user_id', '=', owner.id).execute()).toEqual([]);
  });

  it('goes down and up again', async () => {
    await expectDownAndUp(googleSheets, (db) => db.selectFrom('google_connections').select('id').execute());
  });
});

describe("XSS corpus: what Google says comes back as plain data", () => {
  const CORPUS = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>', "javascript:alert('x')", '\u202e<b>mirror</b>'];

  it('the account e-mail and the reason come back exactly as sent, in JSON', async () => {
    for (const text of CORPUS) {
      const owner = await signUp(t.app);
      google.consent.user = text;
      expect((await callback(owner, await consent(owner))).get('google')).toBe('connected');
      await t.ctx.db.updateTable('google_connections').set({ status: 'reconnect_needed', status_reason: text }).where('workspace_id', '=', await workspaceIdOf(owner)).execute();
      const res = await send({ method: 'GET', url: '/api/google/connection', user: owner });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().connection).toMatchObject({ google_email: text, status_reason: text });
    }
  });
});

describe('after every call above', () => {
  it('no answer of any route carries a token Google issued', () => {
    expect(answers.length).toBeGreaterThan(30);
    const issued = google.refreshTokens.map((r) => r.token);
    expect(issued.length).toBeGreaterThan(5);
    for (const res of answers) {
      const text = `${res.body} ${JSON.stringify(res.headers)}`;
      expect(text).not.toMatch(/ya29\.|1\/\/|access_token|refresh_token/);
      for (const token of issued) expect(text).not.toContain(token);
    }
  });
});
