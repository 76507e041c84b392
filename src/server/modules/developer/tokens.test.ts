// Personal API tokens (issue 18) over real HTTP on both databases: shown once and stored as a
// hash, a bearer token acting as its owner within its scope, revoked and unknown tokens refused,
// last use recorded at most once a minute, tokens never managing tokens, the per-owner limit,
// and the cross-site check still holding for cookies while bearer requests need none.
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_TOKENS_PER_OWNER, TOKEN_MESSAGES } from '../../../shared/api/developer';
import { sha256 } from '../../http';
import { CROSS_ORIGIN_MESSAGE } from '../../platform/net/csrf';
import { boardWithSheets, signUp, type TestUser } from '../../testing/app';
import { testServer } from '../../testing/server';

const t = testServer();
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  owner = await signUp(t.app, 'Ada Owner');
  other = await signUp(t.app, 'Bob Other');
});

async function create(user: TestUser, name: string, scope: 'read' | 'read-write') {
  const res = await t.app.inject({ method: 'POST', url: '/api/developer/tokens', headers: { cookie: user.cookie }, payload: { name, scope } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { token: { id: string; prefix: string; scope: string; last_used_at: string | null }; secret: string };
}

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
const tokenRow = (id: string) => t.ctx.db.selectFrom('api_tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('creating and listing tokens', () => {
  it('shows the token once and stores only its hash', async () => {
    const { token, secret } = await create(owner, 'Nightly export', 'read');
    expect(secret).toMatch(/^sbt_[A-Za-z0-9_-]{43}$/);
    expect(token).toMatchObject({ scope: 'read', last_used_at: null, prefix: secret.slice(0, 8) });

    const row = await tokenRow(token.id);
    expect(row.token_hash).toBe(sha256(secret));
    expect(Object.values(row)).not.toContain(secret);

    const list = await t.app.inject({ method: 'GET', url: '/api/developer/tokens', headers: { cookie: owner.cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    expect(list.json()).toMatchObject({ max: MAX_TOKENS_PER_OWNER, tokens: [{ id: token.id, name: 'Nightly export', scope: 'read' }] });
    // Another owner sees none of them.
    const theirs = await t.app.inject({ method: 'GET', url: '/api/developer/tokens', headers: { cookie: other.cookie } });
    expect(theirs.json().tokens).toEqual([]);
  });

  it.each([
    [{ name: '  ', scope: 'read' }, TOKEN_MESSAGES.nameRequired],
    [{ name: 'x'.repeat(101), scope: 'read' }, TOKEN_MESSAGES.nameTooLong],
    [{ name: 'ok', scope: 'admin' }, TOKEN_MESSAGES.scope],
    [{ name: 'ok' }, TOKEN_MESSAGES.scope],
  ])('refuses %j with a sentence', async (payload, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/developer/tokens', headers: { cookie: owner.cookie }, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('needs a session: 401 without one', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/developer/tokens', payload: { name: 'x', scope: 'read' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('a bearer token acts as its owner within its scope', () => {
  it('reads with a read token, and refuses its changes with 403', async () => {
    const { secret } = await create(owner, 'Reader', 'read');
    const { appId } = await boardWithSheets(t.app, owner, 'Scoped', [{ title: 'S', columns: ['A'] }], { public: false });
    const list = await t.app.inject({ method: 'GET', url: '/api/apps', headers: bearer(secret) });
    expect(list.statusCode).toBe(200);
    expect(list.json().apps.map((a: { id: string }) => a.id)).toContain(appId);
    const one = await t.app.inject({ method: 'GET', url: `/api/apps/${appId}`, headers: bearer(secret) });
    expect(one.statusCode).toBe(200);

    for (const [method, url, payload] of [
      ['POST', '/api/apps', { name: 'No' }],
      ['PUT', `/api/apps/${appId}`, { name: 'Renamed' }],
      ['DELETE', `/api/apps/${appId}`, undefined],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(secret), ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ message: TOKEN_MESSAGES.readOnly, code: 'token_read_only' });
    }
    const still = await t.app.inject({ method: 'GET', url: `/api/apps/${appId}`, headers: { cookie: owner.cookie } });
    expect(still.json().app.name).toBe('Scoped');
  });

  it('changes things with a read-write token, as its owner and no one else', async () => {
    const { secret } = await create(owner, 'Writer', 'read-write');
    const created = await t.app.inject({ method: 'POST', url: '/api/apps', headers: bearer(secret), payload: { name: 'Made by a script' } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().app.id as string;
    const mine = await t.app.inject({ method: 'GET', url: `/api/apps/${id}`, headers: { cookie: owner.cookie } });
    expect(mine.statusCode).toBe(200);

    // The rule still decides: another owner's private app is refused to this token as to its owner.
    const { appId: theirs } = await boardWithSheets(t.app, other, 'Private', [{ title: 'S', columns: ['A'] }], { public: false });
    const refused = await t.app.inject({ method: 'PUT', url: `/api/apps/${theirs}`, headers: bearer(secret), payload: { name: 'Taken' } });
    expect(refused.statusCode).toBe(403);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/apps/${id}`, headers: bearer(secret) });
    expect(deleted.statusCode).toBe(204);
  });

  it('writes rows of its owner’s sheets', async () => {
    const { secret } = await create(owner, 'Rows', 'read-write');
    const { spreadsheetId } = await boardWithSheets(t.app, owner, 'Rows', [{ title: 'People', columns: ['Name'] }]);
    const url = `/api/board/${spreadsheetId}/sheet/People/rows`;
    const added = await t.app.inject({ method: 'POST', url, headers: bearer(secret), payload: { values: { Name: 'Grace' } } });
    expect(added.statusCode, added.body).toBe(201);
    const read = await t.app.inject({ method: 'GET', url: `/api/board/${spreadsheetId}/sheet/People`, headers: bearer(secret) });
    expect(read.json()).toMatchObject({ total: 1, rows: [{ Name: 'Grace' }] });
  });
});

describe('refusals', () => {
  it('refuses a revoked token, an unknown one and a malformed header with 401', async () => {
    const { token, secret } = await create(owner, 'Short-lived', 'read');
    expect((await t.app.inject({ method: 'GET', url: '/api/apps', headers: bearer(secret) })).statusCode).toBe(200);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/developer/tokens/${token.id}`, headers: { cookie: owner.cookie } });
    expect(revoked.statusCode).toBe(204);
    expect(await t.ctx.db.selectFrom('api_tokens').select('id').where('id', '=', token.id).executeTakeFirst()).toBeUndefined();

    for (const authorization of [`Bearer ${secret}`, 'Bearer sbt_unknownunknownunknownunknownunknownunknown1', 'Bearer', 'bearer <script>']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/apps', headers: { authorization } });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toEqual({ message: TOKEN_MESSAGES.invalid, code: 'invalid_token' });
    }
    // Revoking twice, or someone else's token: 404.
    const again = await t.app.inject({ method: 'DELETE', url: `/api/developer/tokens/${token.id}`, headers: { cookie: owner.cookie } });
    expect(again.statusCode).toBe(404);
    const { token: mine } = await create(owner, 'Mine', 'read');
    const byOther = await t.app.inject({ method: 'DELETE', url: `/api/developer/tokens/${mine.id}`, headers: { cookie: other.cookie } });
    expect(byOther.statusCode).toBe(404);
  });

  it('cannot list, make or revoke tokens with a token (even one with its owner’s cookie beside it)', async () => {
    const { token, secret } = await create(owner, 'Powerful', 'read-write');
    for (const [method, url, payload] of [
      ['GET', '/api/developer/tokens', undefined],
      ['POST', '/api/developer/tokens', { name: 'Minted', scope: 'read-write' }],
      ['DELETE', `/api/developer/tokens/${token.id}`, undefined],
    ] as const) {
      for (const headers of [bearer(secret), { ...bearer(secret), cookie: owner.cookie }]) {
        const res = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ message: TOKEN_MESSAGES.notForTokens, code: 'token_not_allowed' });
      }
    }
    expect((await tokenRow(token.id)).name).toBe('Powerful');
  });

  it('reaches only the documented API: account and sign-in routes refuse tokens', async () => {
    const { secret } = await create(owner, 'Limited', 'read-write');
    for (const [method, url] of [
      ['GET', '/api/auth'],
      ['POST', '/api/auth/logout'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: bearer(secret) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('token_not_allowed');
    }
  });

  it(`allows ${MAX_TOKENS_PER_OWNER} tokens per owner`, async () => {
    const user = await signUp(t.app, 'Many Tokens');
    await Promise.all(Array.from({ length: MAX_TOKENS_PER_OWNER }, (_, i) => create(user, `Token ${i + 1}`, 'read')));
    const over = await t.app.inject({ method: 'POST', url: '/api/developer/tokens', headers: { cookie: user.cookie }, payload: { name: 'One more', scope: 'read' } });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ message: TOKEN_MESSAGES.tooMany, code: 'token_limit' });
    const list = await t.app.inject({ method: 'GET', url: '/api/developer/tokens', headers: { cookie: user.cookie } });
    expect(list.json().tokens).toHaveLength(MAX_TOKENS_PER_OWNER);
    // Revoking one makes room again.
    await t.app.inject({ method: 'DELETE', url: `/api/developer/tokens/${list.json().tokens[0].id}`, headers: { cookie: user.cookie } });
    await create(user, 'Room again', 'read');
  });
});

describe('last use', () => {
  it('is recorded on use, at most once a minute', async () => {
    const { token, secret } = await create(owner, 'Used', 'read');
    expect((await tokenRow(token.id)).last_used_at).toBeNull();
    await t.app.inject({ method: 'GET', url: '/api/apps', headers: bearer(secret) });
    const first = (await tokenRow(token.id)).last_used_at;
    expect(first).not.toBeNull();
    // A second use within the minute writes nothing.
    await t.app.inject({ method: 'GET', url: '/api/apps', headers: bearer(secret) });
    expect((await tokenRow(token.id)).last_used_at).toBe(first);
    // After a minute, the next use is recorded.
    const earlier = new Date(Date.now() - 5 * 60_000).toISOString();
    await t.ctx.db.updateTable('api_tokens').set({ last_used_at: earlier }).where('id', '=', token.id).execute();
    await t.app.inject({ method: 'GET', url: '/api/apps', headers: bearer(secret) });
    const later = (await tokenRow(token.id)).last_used_at!;
    expect(later > earlier).toBe(true);
    const listed = await t.app.inject({ method: 'GET', url: '/api/developer/tokens', headers: { cookie: owner.cookie } });
    expect(listed.json().tokens.find((x: { id: string }) => x.id === token.id).last_used_at).toBe(later);
  });
});

describe('cross-site requests', () => {
  const evil = { origin: 'https://evil.example' };

  it('still refuses a cookie request from another site', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/apps', headers: { ...evil, cookie: owner.cookie }, payload: { name: 'Forged' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: CROSS_ORIGIN_MESSAGE, code: 'cross_origin' });
  });

  it('lets a bearer request through (nothing a browser adds by itself), acting as the token only', async () => {
    const { secret } = await create(owner, 'Script', 'read-write');
    const ok = await t.app.inject({ method: 'POST', url: '/api/apps', headers: { ...evil, ...bearer(secret) }, payload: { name: 'From a script' } });
    expect(ok.statusCode, ok.body).toBe(201);

    // With a bearer header, cookies count for nothing: a bad token beside a good cookie is 401,
    // and a read-only token beside the owner's cookie still cannot write.
    const bad = await t.app.inject({ method: 'POST', url: '/api/apps', headers: { ...evil, cookie: owner.cookie, authorization: 'Bearer nope' }, payload: { name: 'Forged' } });
    expect(bad.statusCode).toBe(401);
    const { secret: reader } = await create(owner, 'Reader 2', 'read');
    const ro = await t.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: owner.cookie, ...bearer(reader) }, payload: { name: 'Nope' } });
    expect(ro.statusCode).toBe(403);
    expect(ro.json().code).toBe('token_read_only');
  });
});
