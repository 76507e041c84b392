// The provider's admin area on the test database: accounts (start-up bootstrap, CLI), sessions,
// the review queue and its decisions (transitions, history, the owner's e-mail), the owners' list,
// and what reaches an admin screen as plain data (XSS corpus).
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { COMMON_PASSWORD_MESSAGE } from '../../../shared/rules/passwords';
import { ADMIN_MESSAGES, MARKETPLACE_MESSAGES, REVIEW_STATUS_DESCRIPTIONS } from '../../../shared/rules/marketplace';
import { createTestApp, onPaidPlan, signUp, TEST_PG_URL, uniqueEmail, type TestApp, type TestUser } from '../../testing/app';
import { TYPED_TEXT_CORPUS } from '../../testing/xss-corpus';
import { testInbox, testServer } from '../../testing/server';
import { plainText } from '../../testing/smtp';
import { LOGIN_MAX_FAILURES } from '../../platform/limits/limiter';
import { purgeExpired } from '../auth/service';
import { runAdminCli } from './cli';
import { bootstrapAdmin, createAdmin } from './service';

const PASSWORD = 'review all the things';
const inbox = testInbox();
const t = testServer(() => ({ smtpUrl: inbox.url, adminEmail: 'first.reviewer@provider.example', adminPassword: PASSWORD }));
let reviewer: { cookie: string; id: string; name: string };

/** Answers of the e-mail and the session call: the `sb_admin=…` pair of a login. */
function adminCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'sb_admin');
  if (!c) throw new Error(`no sb_admin cookie: ${res.statusCode} ${res.body}`);
  return `sb_admin=${c.value}`;
}

async function signInAdmin(email: string, password = PASSWORD, on: TestApp = t): Promise<string> {
  const res = await on.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return adminCookie(res);
}

/** The marketplace's system account and its workspace (frozen copies live there). */
const systemWorkspace = 'marketws';
let counter = 0;

async function addSystemAccount(on: TestApp): Promise<void> {
  const now = new Date().toISOString();
  await on.ctx.db.insertInto('users').values({ id: 'marketsys', name: 'Marketplace', email: 'marketplace@sheetboard.invalid', password_hash: null, created_at: now }).execute();
  await on.ctx.db.insertInto('workspaces').values({ id: systemWorkspace, owner_id: 'marketsys', name: 'Marketplace', is_free_plan: 0, created_at: now }).execute();
}

interface Submission {
  requestId: string;
  appId: string;
  subdomain: string;
  versionId: string;
  snapshotSubdomain: string;
}

/**
 * A review request of one of `owner`'s apps, as the owner's submission leaves it: a version (number
 * 1) whose frozen copy is an app of the system workspace.
 */
async function submission(owner: TestUser, options: { title?: string; status?: 'pending' | 'published' | 'rejected'; submittedAt?: string; description?: string } = {}, on: TestApp = t): Promise<Submission> {
  const n = ++counter;
  const res = await on.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: owner.cookie }, payload: { name: `Shop ${n}`, kind: 'multipage', public: true } });
  expect(res.statusCode, res.body).toBe(201);
  const { id: appId, subdomain } = res.json().app as { id: string; subdomain: string };
  const now = new Date().toISOString();
  const ws = await on.ctx.db.selectFrom('apps').select('workspace_id').where('id', '=', appId).executeTakeFirstOrThrow();
  const snapshotId = `snap${n}x${Date.now().toString(36)}`;
  const snapshotSubdomain = `tpl-${snapshotId.toLowerCase()}`;
  await on.ctx.db
    .insertInto('apps')
    .values({ id: snapshotId, workspace_id: systemWorkspace, name: `Shop ${n}`, subdomain: snapshotSubdomain, kind: 'multipage', public: 0, sign_in_method: 'No sign in', spreadsheet_id: null, settings: '{}', publish_url: null, custom_host: null, custom_host_token: null, custom_host_verified_at: null, created_at: now, updated_at: now })
    .execute();
  const requestId = `req${n}x${Date.now().toString(36)}`;
  const versionId = `ver${n}x${Date.now().toString(36)}`;
  const submittedAt = options.submittedAt ?? now;
  await on.ctx.db
    .insertInto('review_requests')
    .values({
      id: requestId,
      app_id: appId,
      workspace_id: ws.workspace_id,
      status: options.status ?? 'pending',
      title: options.title ?? `Template ${n}`,
      summary: 'A shop to copy',
      tags: JSON.stringify(['shop', 'orders']),
      description: options.description ?? '<p>Orders and <strong>stock</strong></p>',
      category: 'ecommerce-retail',
      price_cents: 0,
      is_free: 1,
      thumbnail: '/api/uploads/thumb',
      thumbnail_bg_color: '#ffffff',
      additional_images: JSON.stringify(['/api/uploads/one']),
      rejection_reason: null,
      is_public: 1,
      sign_in_method: 'No sign in',
      version_id: versionId,
      published_version_id: null,
      submitted_at: submittedAt,
      created_at: submittedAt,
      updated_at: submittedAt,
    })
    .execute();
  await on.ctx.db
    .insertInto('template_versions')
    .values({ id: versionId, request_id: requestId, source_app_id: appId, number: 1, content_hash: 'a'.repeat(64), snapshot_app_id: snapshotId, created_at: submittedAt })
    .execute();
  return { requestId, appId, subdomain, versionId, snapshotSubdomain };
}

/** The admin API as the reviewer: a GET that must answer 200 (its JSON), a POST (its answer). */
const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: reviewer.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const post = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: { cookie: reviewer.cookie }, ...(payload ? { payload } : {}) });

let owner: TestUser;

beforeAll(async () => {
  owner = await signUp(t.app, 'Owner Olga');
  await addSystemAccount(t);
  const created = await createAdmin({ db: t.ctx.db }, { email: 'Rita@Provider.example', name: 'Rita Reviewer', password: PASSWORD });
  const cookie = await signInAdmin('rita@provider.example');
  reviewer = { cookie, id: created.id, name: created.name };
});

describe('the first admin from ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  it('is created at start-up, named after the e-mail, and signs in', async () => {
    const row = await t.ctx.db.selectFrom('admins').selectAll().where('email', '=', 'first.reviewer@provider.example').executeTakeFirstOrThrow();
    expect(row.name).toBe('first.reviewer');
    expect(row.password_hash).toMatch(/^scrypt\$/);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'FIRST.reviewer@provider.example', password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    expect(res.json().admin).toMatchObject({ name: 'first.reviewer', email: 'first.reviewer@provider.example' });
  });

  it('is never overwritten: a server started again with other settings changes no admin', async () => {
    const before = await t.ctx.db.selectFrom('admins').selectAll().orderBy('id').execute();
    const again = await buildApp(
      { ...t.config, adminEmail: 'first.reviewer@provider.example', adminPassword: 'a different secret' },
      { logger: false, migrate: false, db: { db: t.ctx.db, dialect: t.dialect, close: async () => {} } },
    );
    await again.app.ready();
    await again.app.close();
    const other = await buildApp(
      { ...t.config, adminEmail: 'someone.else@provider.example', adminPassword: 'a different secret' },
      { logger: false, migrate: false, db: { db: t.ctx.db, dialect: t.dialect, close: async () => {} } },
    );
    await other.app.ready();
    await other.app.close();
    expect(await t.ctx.db.selectFrom('admins').selectAll().orderBy('id').execute()).toEqual(before);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'first.reviewer@provider.example', password: 'a different secret' } })).statusCode).toBe(401);
  });

  it('a password the owners would not be allowed stops the start-up with the reason', async () => {
    // On a database without admins (a transaction that is rolled back by the refusal itself).
    for (const [password, why] of [
      ['password', COMMON_PASSWORD_MESSAGE],
      ['short', 'Password must be at least 8 characters'],
    ] as const)
      await expect(
        t.ctx.db.transaction().execute(async (trx) => {
          await trx.deleteFrom('admins').execute();
          await bootstrapAdmin({ ...t.ctx, db: trx, config: { ...t.config, adminEmail: 'weak@provider.example', adminPassword: password } });
        }),
      ).rejects.toThrow(`The first admin (ADMIN_EMAIL, ADMIN_PASSWORD) cannot be created: ${why}`);
    expect(await t.ctx.db.selectFrom('admins').select('id').where('email', '=', 'weak@provider.example').executeTakeFirst()).toBeUndefined();
    expect(await t.ctx.db.selectFrom('admins').select('id').where('email', '=', 'rita@provider.example').executeTakeFirst()).toBeDefined();
    // Without both settings nothing is made.
    expect(await bootstrapAdmin({ ...t.ctx, config: { ...t.config, adminEmail: null } })).toBe('not-configured');
  });
});

describe('admin sessions', () => {
  it('sign-in sets an HttpOnly sb_admin cookie for ADMIN_SESSION_HOURS and answers the account', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email: 'rita@provider.example', password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'sb_admin')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 8 * 3600 });
    expect(cookie.secure).toBeFalsy();
    const body = res.json();
    expect(body.admin).toEqual({ id: reviewer.id, name: 'Rita Reviewer', email: 'rita@provider.example' });
    const hours = (Date.parse(body.expires_at) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(7.9);
    expect(hours).toBeLessThanOrEqual(8);
    // The token is stored only as its hash.
    expect(await t.ctx.db.selectFrom('admin_sessions').select('id').where('id', '=', cookie.value).executeTakeFirst()).toBeUndefined();
  });

  it('wrong credentials: 401 with one message, whichever part was wrong', async () => {
    const wrongPassword = await t.app.inject({ method: 'POST', url: '/api/admin/login', remoteAddress: '10.1.0.1', payload: { email: 'rita@provider.example', password: 'not it at all' } });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/admin/login', remoteAddress: '10.1.0.1', payload: { email: 'nobody@provider.example', password: PASSWORD } });
    for (const res of [wrongPassword, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(ADMIN_MESSAGES.invalidCredentials);
      expect(res.cookies.find((c) => c.name === 'sb_admin')).toBeUndefined();
    }
    // An owner's account is not an admin account.
    const asOwner = await t.app.inject({ method: 'POST', url: '/api/admin/login', remoteAddress: '10.1.0.1', payload: { email: owner.email, password: 'correct horse' } });
    expect(asOwner.statusCode).toBe(401);
  });

  it('GET session answers the signed-in admin; logout deletes the session row (204) and the cookie stops working', async () => {
    const cookie = await signInAdmin('rita@provider.example');
    const session = await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie } });
    expect(session.statusCode).toBe(200);
    expect(session.json().admin.email).toBe('rita@provider.example');
    const count = async () => Number((await t.ctx.db.selectFrom('admin_sessions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const out = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'sb_admin')?.value).toBe('');
    expect(await count()).toBe(before - 1);
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(ADMIN_MESSAGES.signIn);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/session' })).statusCode).toBe(401);
  });

  it('a session past its expiry is refused, and purged with the owners\' ones', async () => {
    const cookie = await signInAdmin('rita@provider.example');
    const hash = (await import('../../http')).sha256(cookie.slice('sb_admin='.length));
    await t.ctx.db.updateTable('admin_sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', hash).execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/review-requests', headers: { cookie } })).statusCode).toBe(401);
    await purgeExpired(t.ctx);
    expect(await t.ctx.db.selectFrom('admin_sessions').select('id').where('id', '=', hash).executeTakeFirst()).toBeUndefined();
  });

  it('sign-in is rate-limited like the owners\': after the failures a pair may have, even the right password waits (429)', async () => {
    await createAdmin({ db: t.ctx.db }, { email: 'limited@provider.example', name: 'Limited', password: PASSWORD });
    const attempt = (password: string) => t.app.inject({ method: 'POST', url: '/api/admin/login', remoteAddress: '10.9.9.9', payload: { email: 'limited@provider.example', password } });
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect((await attempt(`wrong ${i}`)).statusCode).toBe(401);
    const refused = await attempt(PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().message).toMatch(/^Too many failed sign-in attempts\. Please wait \d+ minutes? and try again\.$/);
    // Another network is not held by this one's failures.
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/login', remoteAddress: '10.9.9.10', payload: { email: 'limited@provider.example', password: PASSWORD } })).statusCode).toBe(200);
  });
});

describe('the admin CLI', () => {
  const env = () =>
    ({
      ...(t.dialect === 'postgres' ? { DATABASE_URL: TEST_PG_URL, DATABASE_SCHEMA: t.config.pgSchema } : { DATA_DIR: t.config.dataDir }),
      LOG_LEVEL: 'silent',
    }) as NodeJS.ProcessEnv;
  const run = async (args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdminCli(args, env(), { log: (l) => out.push(l), error: (l) => err.push(l) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('create: makes an account that signs in; a taken e-mail, a weak or common password are refused (exit 1)', async () => {
    const email = uniqueEmail('cli');
    const created = await run(['create', '--email', email, '--name', 'Cleo CLI', '--password', 'a long passphrase']);
    expect(created).toMatchObject({ code: 0, err: '' });
    expect(created.out).toContain(`Created the admin Cleo CLI <${email}>`);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password: 'a long passphrase' } })).statusCode).toBe(200);
    expect(await run(['create', '--email', email, '--name', 'Again', '--password', 'a long passphrase'])).toMatchObject({ code: 1, err: `An admin with the e-mail ${email} already exists` });
    expect(await run(['create', '--email', uniqueEmail('cli'), '--name', 'Short', '--password', 'short'])).toMatchObject({ code: 1, err: 'Password must be at least 8 characters' });
    expect(await run(['create', '--email', uniqueEmail('cli'), '--name', 'Common', '--password', 'Password1'])).toMatchObject({ code: 1, err: COMMON_PASSWORD_MESSAGE });
    expect(await run(['create', '--email', 'not-an-address', '--name', 'Bad', '--password', 'a long passphrase'])).toMatchObject({ code: 1, err: 'Please enter a valid email address' });
  });

  it('reset-password: sets the new password, ends open sessions; an unknown e-mail is refused', async () => {
    const email = uniqueEmail('reset');
    await createAdmin({ db: t.ctx.db }, { email, name: 'Resa', password: PASSWORD });
    const cookie = await signInAdmin(email);
    const reset = await run(['reset-password', '--email', email, '--password', 'brand new passphrase']);
    expect(reset.code).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password: PASSWORD } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password: 'brand new passphrase' } })).statusCode).toBe(200);
    expect(await run(['reset-password', '--email', 'ghost@provider.example', '--password', 'brand new passphrase'])).toMatchObject({ code: 1, err: 'There is no admin with the e-mail ghost@provider.example' });
  });

  it('arguments it does not understand: exit 2 with the usage', async () => {
    for (const args of [[], ['delete'], ['create', '--email', 'x@example.com'], ['create', '--bogus', '1'], ['reset-password', '--email', 'x@example.com', '--password', 'abcdefghij', '--name', 'n']]) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err).toContain('npm run admin -- create --email');
    }
  });

  it('runs as its own process (npm run admin), on the database the environment names', async () => {
    const email = uniqueEmail('process');
    const root = path.resolve(import.meta.dirname, '../../../..');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/admin-cli.ts', 'create', '--email', email, '--name', 'Proc Ess', '--password', 'a long passphrase'], {
      cwd: root,
      env: { ...process.env, ...env() },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code, out).toBe(0);
    expect(out).toContain(`Created the admin Proc Ess <${email}>`);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password: 'a long passphrase' } })).statusCode).toBe(200);
  }, 30_000);
});

describe('the review queue', () => {
  it('pending first, oldest submitted first; then the decided ones, latest decision first; ?status= filters', async () => {
    const base = Date.parse('2026-01-01T00:00:00Z');
    const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();
    const newer = await submission(owner, { title: 'Queue newer', submittedAt: at(30) });
    const older = await submission(owner, { title: 'Queue older', submittedAt: at(10) });
    const decidedFirst = await submission(owner, { title: 'Queue decided first', submittedAt: at(1) });
    const decidedLast = await submission(owner, { title: 'Queue decided last', submittedAt: at(2) });
    expect((await post(`/api/admin/review-requests/${decidedFirst.requestId}/approve`)).statusCode).toBe(200);
    expect((await post(`/api/admin/review-requests/${decidedLast.requestId}/reject`, { reason: 'Needs a cover image' })).statusCode).toBe(200);
    const titles = (list: { title: string }[]) => list.map((r) => r.title).filter((x) => x.startsWith('Queue '));
    const all = await get('/api/admin/review-requests');
    expect(titles(all.requests)).toEqual(['Queue older', 'Queue newer', 'Queue decided last', 'Queue decided first']);
    expect(titles((await get('/api/admin/review-requests?status=pending')).requests)).toEqual(['Queue older', 'Queue newer']);
    expect(titles((await get('/api/admin/review-requests?status=published')).requests)).toEqual(['Queue decided first']);
    expect(titles((await get('/api/admin/review-requests?status=rejected')).requests)).toEqual(['Queue decided last']);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/review-requests?status=maybe', headers: { cookie: reviewer.cookie } })).statusCode).toBe(400);
    // One item as the reviewer reads it.
    const one = (await get(`/api/admin/review-requests/${older.requestId}`)).request;
    expect(one).toMatchObject({
      id: older.requestId,
      app_id: older.appId,
      status: 'pending',
      title: 'Queue older',
      tags: ['shop', 'orders'],
      price: 0,
      is_free: true,
      additional_images: ['/api/uploads/one'],
      is_public: true,
      version: 1,
      decisions: [],
      app_name: expect.stringMatching(/^Shop \d+$/),
      app_subdomain: older.subdomain,
      owner_name: 'Owner Olga',
      owner_email: owner.email,
      preview_url: `/${older.snapshotSubdomain}`,
      content_hash: 'a'.repeat(64),
    });
    expect(newer.requestId).not.toBe(older.requestId);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/review-requests/nosuchrequest', headers: { cookie: reviewer.cookie } })).statusCode).toBe(404);
  });

  it('approve: only a pending request; it publishes the version under review and keeps the decision', async () => {
    const s = await submission(owner, { title: 'Approve me' });
    const res = await post(`/api/admin/review-requests/${s.requestId}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().request).toMatchObject({ status: 'published', rejection_reason: null, decisions: [{ decision: 'approved', reason: null, reviewer_name: 'Rita Reviewer', version: 1 }] });
    const row = await t.ctx.db.selectFrom('review_requests').selectAll().where('id', '=', s.requestId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'published', published_version_id: s.versionId });
    const decisions = await t.ctx.db.selectFrom('review_decisions').selectAll().where('request_id', '=', s.requestId).execute();
    expect(decisions).toHaveLength(1);
    expect(decisions[0]).toMatchObject({ admin_id: reviewer.id, reviewer_name: 'Rita Reviewer', decision: 'approved', version_id: s.versionId, version_number: 1 });
    // Decided already: both decisions are refused, and nothing more is kept.
    for (const again of [await post(`/api/admin/review-requests/${s.requestId}/approve`), await post(`/api/admin/review-requests/${s.requestId}/reject`, { reason: 'Too late' })]) {
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(ADMIN_MESSAGES.notPending);
    }
    expect(await t.ctx.db.selectFrom('review_decisions').selectAll().where('request_id', '=', s.requestId).execute()).toHaveLength(1);
  });

  it('a pending request without a version to publish cannot be decided (409), and stays pending', async () => {
    const s = await submission(owner, { title: 'No version' });
    await t.ctx.db.updateTable('review_requests').set({ version_id: null }).where('id', '=', s.requestId).execute();
    for (const res of [await post(`/api/admin/review-requests/${s.requestId}/approve`), await post(`/api/admin/review-requests/${s.requestId}/reject`, { reason: 'Why' })]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(ADMIN_MESSAGES.noVersion);
    }
    expect((await t.ctx.db.selectFrom('review_requests').select('status').where('id', '=', s.requestId).executeTakeFirstOrThrow()).status).toBe('pending');
    const item = (await get(`/api/admin/review-requests/${s.requestId}`)).request;
    expect(item).toMatchObject({ version: 0, preview_url: '', content_hash: '' });
  });

  it('reject: only a pending request, with a reason (trimmed, at most 2000 characters) kept for the owner', async () => {
    const s = await submission(owner, { title: 'Reject me' });
    for (const payload of [{}, { reason: '' }, { reason: '   \n ' }, { reason: 42 }]) {
      const res = await post(`/api/admin/review-requests/${s.requestId}/reject`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(MARKETPLACE_MESSAGES.rejectionReasonRequired);
    }
    const long = await post(`/api/admin/review-requests/${s.requestId}/reject`, { reason: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(ADMIN_MESSAGES.reasonTooLong);
    expect((await t.ctx.db.selectFrom('review_requests').select('status').where('id', '=', s.requestId).executeTakeFirstOrThrow()).status).toBe('pending');
    const res = await post(`/api/admin/review-requests/${s.requestId}/reject`, { reason: '  Please add a thumbnail that shows the app.  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().request).toMatchObject({ status: 'rejected', rejection_reason: 'Please add a thumbnail that shows the app.' });
    const row = await t.ctx.db.selectFrom('review_requests').selectAll().where('id', '=', s.requestId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'rejected', rejection_reason: 'Please add a thumbnail that shows the app.', published_version_id: null });
    // A rejected one cannot be approved; a missing one is 404 for both decisions.
    expect((await post(`/api/admin/review-requests/${s.requestId}/approve`)).statusCode).toBe(409);
    const missing = [await post('/api/admin/review-requests/nosuchrequest/approve'), await post('/api/admin/review-requests/nosuchrequest/reject', { reason: 'Why not' })];
    for (const m of missing) {
      expect(m.statusCode).toBe(404);
      expect(m.json().message).toBe(ADMIN_MESSAGES.requestNotFound);
    }
  });

  it('two reviewers deciding at once: one decision wins, the other is 409', async () => {
    const s = await submission(owner, { title: 'Race me' });
    const other = await signInAdmin('first.reviewer@provider.example');
    const [a, b] = await Promise.all([
      post(`/api/admin/review-requests/${s.requestId}/approve`),
      t.app.inject({ method: 'POST', url: `/api/admin/review-requests/${s.requestId}/reject`, headers: { cookie: other }, payload: { reason: 'No' } }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await t.ctx.db.selectFrom('review_decisions').selectAll().where('request_id', '=', s.requestId).execute()).toHaveLength(1);
  });

  it('GET /api/admin/decisions lists every decision, newest first: who, when, what, which version', async () => {
    const a = await submission(owner, { title: 'History one' });
    const b = await submission(owner, { title: 'History two' });
    await post(`/api/admin/review-requests/${a.requestId}/reject`, { reason: 'Blurry images' });
    await post(`/api/admin/review-requests/${b.requestId}/approve`);
    const { decisions } = await get('/api/admin/decisions');
    expect(decisions.slice(0, 2)).toEqual([
      expect.objectContaining({ request_id: b.requestId, title: 'History two', decision: 'approved', reason: null, reviewer_name: 'Rita Reviewer', admin_id: reviewer.id, version: 1 }),
      expect.objectContaining({ request_id: a.requestId, title: 'History one', decision: 'rejected', reason: 'Blurry images', reviewer_name: 'Rita Reviewer', admin_id: reviewer.id, version: 1 }),
    ]);
    const times = decisions.map((d: { decided_at: string }) => d.decided_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(decisions[0].app_name).toMatch(/^Shop \d+$/);
  });
});

describe('the e-mail to the owner', () => {
  const mailTo = (to: string) => inbox.messages.filter((m) => m.to.includes(to)).at(-1);
  const htmlPart = (raw: string) => plainText(raw).split(/Content-Type: text\/html/i)[1] ?? '';
  const textPart = (raw: string) => plainText(raw).split(/Content-Type: text\/html/i)[0] ?? '';

  it('a rejection: the title, the decision, the reason and a link to the app\'s editor; HTML escaped', async () => {
    const maker = await signUp(t.app, 'Mail <b>Maker</b>');
    const s = await submission(maker, { title: 'Tom & Jerry <script>alert(1)</script>' });
    inbox.messages.length = 0;
    const reason = 'Please remove <img src=x onerror=alert(1)> & "quotes"';
    const res = await t.app.inject({ method: 'POST', url: `/api/admin/review-requests/${s.requestId}/reject`, headers: { cookie: reviewer.cookie }, payload: { reason } });
    expect(res.statusCode).toBe(200);
    const mail = mailTo(maker.email);
    expect(mail, 'a mail to the owner').toBeDefined();
    const text = textPart(mail!.raw);
    expect(text).toContain('Template: Tom & Jerry <script>alert(1)</script>');
    expect(text).toContain('Status: Changes Requested');
    expect(text).toContain(REVIEW_STATUS_DESCRIPTIONS.rejected);
    expect(text).toContain(reason);
    expect(text).toContain(`http://localhost:3000/${s.subdomain}`);
    const html = htmlPart(mail!.raw);
    expect(html).toContain('Please remove &#60;img src=x onerror=alert(1)&#62; &#38; &#34;quotes&#34;');
    expect(html).toContain('Tom &#38; Jerry &#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).toContain('Mail &#60;b&#62;Maker&#60;/b&#62;');
    expect(html).not.toMatch(/<script|<img|<b>/i);
    expect(html).toContain(`href="http://localhost:3000/${s.subdomain}"`);
    expect(text).not.toContain('See it live in the marketplace');
  });

  it('an approval: published, with the link; no reason', async () => {
    const s = await submission(owner, { title: 'Mail approve' });
    inbox.messages.length = 0;
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/review-requests/${s.requestId}/approve`, headers: { cookie: reviewer.cookie } })).statusCode).toBe(200);
    const text = textPart(mailTo(owner.email)!.raw);
    expect(text).toContain('Template: Mail approve');
    expect(text).toContain('Status: Published');
    expect(text).toContain(REVIEW_STATUS_DESCRIPTIONS.published);
    expect(text).toContain(`http://localhost:3000/${s.subdomain}`);
    expect(text).not.toContain('Feedback from the review');
    // The live listing, where buyers find it (issue 33).
    const { slug } = await t.ctx.db.selectFrom('marketplace_templates').select('slug').where('id', '=', s.requestId).executeTakeFirstOrThrow();
    expect(text).toContain(`See it live in the marketplace: http://localhost:3000/templates/${slug}`);
    expect(htmlPart(mailTo(owner.email)!.raw)).toContain(`href="http://localhost:3000/templates/${slug}"`);
  });

  it('a mail that cannot be sent does not undo the decision', async () => {
    const broken = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      await addSystemAccount(broken);
      const someone = await signUp(broken.app, 'Unlucky Uma');
      const s = await submission(someone, { title: 'Undeliverable' }, broken);
      await createAdmin({ db: broken.ctx.db }, { email: 'rita@provider.example', name: 'Rita Reviewer', password: PASSWORD });
      const cookie = await signInAdmin('rita@provider.example', PASSWORD, broken);
      const res = await broken.app.inject({ method: 'POST', url: `/api/admin/review-requests/${s.requestId}/reject`, headers: { cookie }, payload: { reason: 'Nope' } });
      expect(res.statusCode, res.body).toBe(200);
      const row = await broken.ctx.db.selectFrom('review_requests').select(['status', 'rejection_reason']).where('id', '=', s.requestId).executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'rejected', rejection_reason: 'Nope' });
      expect(await broken.ctx.db.selectFrom('review_decisions').select('id').where('request_id', '=', s.requestId).execute()).toHaveLength(1);
    } finally {
      await broken.close();
    }
  });
});

describe('XSS corpus: what owners typed reaches the queue as plain data', () => {
  it('titles, reasons, owner and app names come back exactly as typed, in JSON; the description is cleaned', async () => {
    for (const text of TYPED_TEXT_CORPUS) {
      const maker = await signUp(t.app, 'Corpus Carl');
      await t.ctx.db.updateTable('users').set({ name: text }).where('id', '=', maker.id).execute();
      const s = await submission(maker, { title: text.slice(0, 100), description: `<p>${text}</p><img src="data:image/png;base64,AAAA" onerror="alert(1)"><a href="javascript:alert(1)">link</a><script>alert(2)</script>` });
      await t.ctx.db.updateTable('apps').set({ name: text }).where('id', '=', s.appId).execute();
      const rejected = await t.app.inject({ method: 'POST', url: `/api/admin/review-requests/${s.requestId}/reject`, headers: { cookie: reviewer.cookie }, payload: { reason: text } });
      expect(rejected.statusCode, text).toBe(200);
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/review-requests/${s.requestId}`, headers: { cookie: reviewer.cookie } });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const item = res.json().request;
      expect(item).toMatchObject({ title: text.slice(0, 100), rejection_reason: text, owner_name: text, app_name: text, decisions: [{ reason: text }] });
      // No script, no event handler or script link inside any tag (the corpus may stay as text).
      expect(item.description).not.toMatch(/<script|<[^>]*\son\w+\s*=|<[^>]*javascript:/i);
      expect(item.description).toContain('<img src="data:image/png;base64,AAAA" />');
      const history = (await t.app.inject({ method: 'GET', url: '/api/admin/decisions', headers: { cookie: reviewer.cookie } })).json().decisions[0];
      expect(history).toMatchObject({ title: text.slice(0, 100), reason: text, app_name: text });
    }
  });
});

describe("the product's owners (GET /api/admin/users)", () => {
  const list = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/users${query}`, headers: { cookie: reviewer.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { users: { id: string; name: string; email: string; is_free_plan: boolean; apps: number; created_at: string }[]; total: number; page: number; page_size: number };
  };

  it('newest first, with the plan and number of apps; never the marketplace system account', async () => {
    const fresh = await signUp(t.app, 'Newest Nora');
    const all = await list('');
    expect(all.page).toBe(1);
    expect(all.page_size).toBe(50);
    expect(all.users[0]).toMatchObject({ id: fresh.id, name: 'Newest Nora', email: fresh.email, is_free_plan: true });
    // A new account's workspace holds its example board.
    const apps = Number((await t.ctx.db.selectFrom('apps').innerJoin('workspaces', 'workspaces.id', 'apps.workspace_id').select((eb) => eb.fn.countAll().as('n')).where('workspaces.owner_id', '=', fresh.id).executeTakeFirstOrThrow()).n);
    expect(all.users[0]!.apps).toBe(apps);
    expect(all.users.some((u) => u.email.endsWith('.invalid'))).toBe(false);
    const times = all.users.map((u) => u.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const olga = all.users.find((u) => u.id === owner.id)!;
    expect(olga.apps).toBeGreaterThan(5);
  });

  it('an owner of two workspaces is one person: listed and counted once, with the apps of both and a paid plan when either has one', async () => {
    const two = await signUp(t.app, 'Twice Tamsin');
    const made = await t.app.inject({ method: 'POST', url: '/api/workspaces', headers: { cookie: two.cookie }, payload: { name: 'Second shop' } });
    expect(made.statusCode, made.body).toBe(201);
    const second = made.json().workspace as { id: string };
    await t.ctx.db.updateTable('workspaces').set({ is_free_plan: 0 }).where('id', '=', second.id).execute();
    const found = await list(`?search=${encodeURIComponent(two.email)}`);
    expect(found.total).toBe(1);
    expect(found.users).toHaveLength(1);
    const apps = Number((await t.ctx.db.selectFrom('apps').innerJoin('workspaces', 'workspaces.id', 'apps.workspace_id').select((eb) => eb.fn.countAll().as('n')).where('workspaces.owner_id', '=', two.id).executeTakeFirstOrThrow()).n);
    expect(found.users[0]).toMatchObject({ id: two.id, is_free_plan: false, apps });
  });

  it('search by name or e-mail, case aside; % and _ match only themselves; 50 a page', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const pct = await signUp(t.app, `Percent 100% ${tag}`);
    await signUp(t.app, `Percent 1000 ${tag}`);
    const under = await signUp(t.app, `Under_score ${tag}`);
    await signUp(t.app, `Underxscore ${tag}`);
    expect((await list(`?search=${encodeURIComponent(`100% ${tag}`)}`)).users.map((u) => u.id)).toEqual([pct.id]);
    expect((await list(`?search=${encodeURIComponent('under_score ' + tag.toUpperCase())}`)).users.map((u) => u.id)).toEqual([under.id]);
    expect((await list(`?search=${encodeURIComponent(pct.email.toUpperCase())}`)).users.map((u) => u.id)).toEqual([pct.id]);
    expect((await list(`?search=${tag}`)).total).toBe(4);
    expect((await list('?search=sheetboard.invalid')).total).toBe(0);
    // Pages of 50.
    for (let i = 0; i < 51; i++)
      await t.ctx.db.insertInto('users').values({ id: `bulk${tag}${i}`, name: `Bulk ${tag} ${i}`, email: `bulk${i}-${tag}@example.com`, password_hash: null, created_at: new Date(Date.UTC(2020, 0, 1, 0, i)).toISOString() }).execute();
    const first = await list(`?search=bulk ${tag}`);
    const second = await list(`?search=bulk ${tag}&page=2`);
    expect(first.total).toBe(51);
    expect(first.users).toHaveLength(50);
    expect(first.users[0]).toMatchObject({ name: `Bulk ${tag} 50`, apps: 0, is_free_plan: true });
    expect(second.users.map((u) => u.name)).toEqual([`Bulk ${tag} 0`]);
    expect((await list(`?search=bulk ${tag} 4`)).total).toBe(11);
  });
});

// Last in the file: it fills the queue past one page, which the lists above do not expect.
describe('the review queue in pages', () => {
  it('pages of 20: every request once, in queue order, across the pending and the decided ones; the total counts them all', async () => {
    // Two dozen apps are more than the free plan holds (issue 18): this seller is on a paid plan.
    await onPaidPlan(t, owner);
    for (let i = 0; i < 22; i++) await submission(owner, { title: `Paged ${String(i).padStart(2, '0')}`, submittedAt: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString() });
    const decided = await submission(owner, { title: 'Paged decided' });
    expect((await post(`/api/admin/review-requests/${decided.requestId}/approve`)).statusCode).toBe(200);
    const first = await get('/api/admin/review-requests?status=all');
    expect(first).toMatchObject({ page: 1, page_size: 20 });
    expect(first.requests).toHaveLength(20);
    const pages = Math.ceil(first.total / 20);
    const seen: { id: string; status: string; title: string }[] = [...first.requests];
    for (let p = 2; p <= pages; p++) {
      const next = await get(`/api/admin/review-requests?status=all&page=${p}`);
      expect(next.total).toBe(first.total);
      expect(next.requests.length).toBeLessThanOrEqual(20);
      seen.push(...next.requests);
    }
    expect(seen).toHaveLength(first.total);
    expect(new Set(seen.map((r) => r.id)).size).toBe(first.total);
    // Every pending request comes before every decided one, the paged ones in submission order.
    const firstDecided = seen.findIndex((r) => r.status !== 'pending');
    expect(seen.slice(firstDecided).every((r) => r.status !== 'pending')).toBe(true);
    const paged = seen.map((r) => r.title).filter((x) => /^Paged \d\d$/.test(x));
    expect(paged).toEqual(Array.from({ length: 22 }, (_, i) => `Paged ${String(i).padStart(2, '0')}`));
    expect(seen.some((r) => r.title === 'Paged decided')).toBe(true);
    // Past the end: an empty page with the same total.
    const past = await get(`/api/admin/review-requests?status=all&page=${pages + 1}`);
    expect(past).toMatchObject({ requests: [], total: first.total });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/review-requests?page=0', headers: { cookie: reviewer.cookie } })).statusCode).toBe(400);
  });
});
