// Comments over HTTP on the test database: posting (signed in and anonymous), paging newest
// first, the name and text rules, who may read/post/delete, the per-IP limit, and that HTML stays
// text.
import { beforeAll, describe, expect, it } from 'vitest';
import { CommentsResponse } from '../../../shared/api/comments';
import { COMMENT_MESSAGES } from '../../../shared/rules/comments';
import { signUp, type TestUser } from '../../testing/app';
import { testServer } from '../../testing/server';
import { COMMENT_ERRORS, COMMENTS_PER_BLOCK_AND_IP } from './service';

const t = testServer();
let owner: TestUser;
let stranger: TestUser;
let publicApp: string;
let privateApp: string;
let publicPage: string;
let privatePage: string;

async function app(name: string, isPublic: boolean) {
  const res = await t.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: owner.cookie }, payload: { name, kind: 'board' } });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().app.id as string;
  const put = await t.app.inject({ method: 'PUT', url: `/api/apps/${id}`, headers: { cookie: owner.cookie }, payload: { public: isPublic } });
  expect(put.statusCode, put.body).toBe(200);
  const page = (await t.app.inject({ method: 'GET', url: `/api/pages/${id}`, headers: { cookie: owner.cookie } })).json().pages[0].page_id as string;
  return { id, page };
}

async function block(pageId: string, type = 'comments') {
  const res = await t.app.inject({ method: 'POST', url: '/api/blocks', headers: { cookie: owner.cookie }, payload: { pageId, type, title: 'Guestbook' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().block.id as string;
}

let ipCounter = 0;
/** Every post from its own address unless given, so the limiter only bites where tested. */
function post(blockId: string, payload: Record<string, unknown>, opts: { cookie?: string; ip?: string; query?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/blocks/${blockId}/comments${opts.query ?? ''}`,
    remoteAddress: opts.ip ?? `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`,
    headers: opts.cookie ? { cookie: opts.cookie } : {},
    payload,
  });
}

function list(blockId: string, query = '', cookie?: string) {
  return t.app.inject({ method: 'GET', url: `/api/blocks/${blockId}/comments${query}`, headers: cookie ? { cookie } : {} });
}

beforeAll(async () => {
  owner = await signUp(t.app, 'Owner Olga');
  stranger = await signUp(t.app, 'Stranger Sam');
  ({ id: publicApp, page: publicPage } = await app('Public Board', true));
  ({ id: privateApp, page: privatePage } = await app('Private Board', false));
});

describe('comments', () => {
  it('signed-in users post under their account name; anonymous visitors under the name they give', async () => {
    const id = await block(publicPage);
    const mine = await post(id, { body: '  First!  ', author: 'Someone Else' }, { cookie: stranger.cookie });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json().comment).toMatchObject({ author: 'Stranger Sam', body: 'First!' });
    const anon = await post(id, { body: 'Hello', author: '  Ann   Lee ' });
    expect(anon.statusCode, anon.body).toBe(201);
    expect(anon.json().comment).toMatchObject({ author: 'Ann Lee', body: 'Hello' });
    expect(anon.json().comment.id).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Date.parse(anon.json().comment.created_at)).toBeGreaterThan(0);
  });

  it('lists newest first with offset/limit paging and the total', async () => {
    const id = await block(publicPage);
    for (let i = 1; i <= 12; i++) expect((await post(id, { body: `Comment ${i}`, author: 'Pat' })).statusCode).toBe(201);
    const first = await list(id, '?offset=0&limit=5');
    expect(first.statusCode).toBe(200);
    const body = CommentsResponse.parse(first.json());
    expect(body.total).toBe(12);
    expect(body.comments.map((c) => c.body)).toEqual(['Comment 12', 'Comment 11', 'Comment 10', 'Comment 9', 'Comment 8']);
    const last = CommentsResponse.parse((await list(id, '?offset=10&limit=5')).json());
    expect(last.comments.map((c) => c.body)).toEqual(['Comment 2', 'Comment 1']);
    expect(Object.keys(last.comments[0]!).sort()).toEqual(['author', 'body', 'created_at', 'id']);
    // Default page size is the spec's 10; more than 50 per page is refused.
    expect(CommentsResponse.parse((await list(id)).json()).comments).toHaveLength(10);
    expect((await list(id, '?limit=51')).statusCode).toBe(400);
  });

  it.each<[Record<string, unknown>, boolean, string, string]>([
    [{ body: 'Hi' }, false, 'author', COMMENT_MESSAGES.noName],
    [{ body: 'Hi', author: '   ' }, false, 'author', COMMENT_MESSAGES.noName],
    [{ body: 'Hi', author: 'x'.repeat(81) }, false, 'author', COMMENT_MESSAGES.nameTooLong],
    [{ body: '   ', author: 'Ann' }, false, 'body', COMMENT_MESSAGES.empty],
    [{ body: 'x'.repeat(2001), author: 'Ann' }, false, 'body', COMMENT_MESSAGES.tooLong],
    [{ body: 'x'.repeat(2001) }, true, 'body', COMMENT_MESSAGES.tooLong],
    [{ body: 'buy https://a.example https://b.example https://c.example', author: 'Spam' }, false, 'body', COMMENT_MESSAGES.tooManyLinks],
  ])('refuses %j (signed in %s): 400 at %s', async (payload, signedIn, path, message) => {
    const id = await block(publicPage);
    const res = await post(id, payload, signedIn ? { cookie: stranger.cookie } : {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, issues: expect.arrayContaining([{ path, message }]) });
    expect(CommentsResponse.parse((await list(id)).json()).total).toBe(0);
  });

  it('keeps exactly 80-character names and 2000-character comments', async () => {
    const id = await block(publicPage);
    const res = await post(id, { body: 'y'.repeat(2000), author: 'n'.repeat(80) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().comment.author).toHaveLength(80);
  });

  it('HTML stays text: stored and returned exactly as typed', async () => {
    const id = await block(publicPage);
    const evil = '<img src=x onerror=alert(1)><script>alert(2)</script> **bold**';
    const res = await post(id, { body: evil, author: '<b>Mallory</b>' });
    expect(res.statusCode).toBe(201);
    const got = CommentsResponse.parse((await list(id)).json()).comments[0]!;
    expect(got).toMatchObject({ body: evil, author: '<b>Mallory</b>' });
  });

  it("a private app's comments are refused to strangers and anonymous visitors, not to its owner", async () => {
    const id = await block(privatePage);
    expect((await list(id)).statusCode).toBe(403);
    expect((await list(id, '', stranger.cookie)).statusCode).toBe(403);
    expect((await post(id, { body: 'Hi', author: 'Ann' })).statusCode).toBe(403);
    expect((await post(id, { body: 'Hi' }, { cookie: stranger.cookie })).statusCode).toBe(403);
    const mine = await post(id, { body: 'Note to self' }, { cookie: owner.cookie });
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.json().comment.author).toBe('Owner Olga');
    expect(CommentsResponse.parse((await list(id, '', owner.cookie)).json()).total).toBe(1);
  });

  it('a page that is not public keeps its comments from everyone but the owner', async () => {
    const { page } = await app('Half Public', true);
    const id = await block(page);
    await t.ctx.db.updateTable('pages').set({ is_public: 0 }).where('id', '=', page).execute();
    expect((await list(id)).statusCode).toBe(404);
    expect((await post(id, { body: 'Hi', author: 'Ann' })).statusCode).toBe(404);
    expect((await list(id, '', owner.cookie)).statusCode).toBe(200);
  });

  it('only comments blocks take comments; unknown blocks are 404; another board is 403', async () => {
    const iframe = await block(publicPage, 'iframe');
    expect((await post(iframe, { body: 'Hi', author: 'Ann' })).json()).toMatchObject({ message: COMMENT_ERRORS.notComments });
    expect((await list('nope')).statusCode).toBe(404);
    const id = await block(publicPage);
    const other = await post(id, { body: 'Hi', author: 'Ann' }, { query: `?board=${privateApp}` });
    // The named board is private and not this block's: refused either way.
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(COMMENT_ERRORS.otherBoard);
    expect((await post(id, { body: 'Hi', author: 'Ann' }, { query: `?board=${publicApp}` })).statusCode).toBe(201);
  });

  it(`rate limit: ${COMMENTS_PER_BLOCK_AND_IP} comments per block and IP per window, then 429 with Retry-After`, async () => {
    const id = await block(publicPage);
    for (let i = 0; i < COMMENTS_PER_BLOCK_AND_IP; i++) expect((await post(id, { body: `c${i}`, author: 'Flood' }, { ip: '203.0.113.7' })).statusCode).toBe(201);
    const res = await post(id, { body: 'one more', author: 'Flood' }, { ip: '203.0.113.7' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many comments\. Please try again in \d+ minutes?\.$/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another address still posts; refused posts were not stored.
    expect((await post(id, { body: 'hello', author: 'Other' }, { ip: '203.0.113.8' })).statusCode).toBe(201);
    expect(CommentsResponse.parse((await list(id)).json()).total).toBe(COMMENTS_PER_BLOCK_AND_IP + 1);
  });

  it('the owner deletes comments; others cannot', async () => {
    const id = await block(publicPage);
    const c = (await post(id, { body: 'Delete me', author: 'Ann' })).json().comment.id as string;
    const url = `/api/blocks/${id}/comments/${c}`;
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    const strangerTry = await t.app.inject({ method: 'DELETE', url, headers: { cookie: stranger.cookie } });
    expect(strangerTry.statusCode).toBe(403);
    expect(strangerTry.json().message).toBe(COMMENT_ERRORS.ownerOnly);
    expect((await t.app.inject({ method: 'DELETE', url, headers: { cookie: owner.cookie } })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'DELETE', url, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
    expect(CommentsResponse.parse((await list(id)).json()).total).toBe(0);
  });

  it('deleting the block deletes its comments', async () => {
    const id = await block(publicPage);
    await post(id, { body: 'Bye', author: 'Ann' });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/blocks/${id}`, headers: { cookie: owner.cookie } });
    expect(del.statusCode).toBeLessThan(300);
    const left = await t.ctx.db.selectFrom('comments').select('id').where('block_id', '=', id).execute();
    expect(left).toEqual([]);
  });
});
