// Block actions over HTTP on the test database: API calls against a real local HTTP server,
// Compose Email through a real SMTP peer, row actions through the rows service, who may run
// what, and the secrets viewers never receive.
import { beforeAll, describe, expect, it } from 'vitest';
import { RunActionResponse } from '../../../shared/api';
import { loadConfig } from '../../config';
import { boardWithSheets, signUp, type TestApp, type TestUser } from '../../testing/app';
import { httpTarget } from '../../testing/http-target';
import { testInbox, testServer } from '../../testing/server';
import { mailSettings, plainText, type ReceivedMail } from '../../testing/smtp';
import { ACTION_MESSAGES } from './service';

const smtp = testInbox();
// One server where self-hosted targets are allowed (the tests' local target); one with the default rule below.
const t = testServer(() => ({ allowPrivateActionTargets: true, actionTimeoutMs: 300, ...mailSettings(smtp) }));
const target = httpTarget((url, res) => {
  if (url.pathname === '/fail') {
    res.statusCode = 500;
    return res.end('{"error":"boom"}');
  }
  if (url.pathname === '/redirect') {
    res.statusCode = 307;
    res.setHeader('location', url.searchParams.get('to')!);
    return res.end();
  }
  if (url.pathname === '/hang') return; // never answers (the test server closes it)
  if (url.pathname === '/big') {
    for (let i = 0; i < 20; i++) res.write(Buffer.alloc(100 * 1024, 120));
    return res.end();
  }
  res.setHeader('content-type', 'application/json');
  res.end('{"received":true}');
});
let owner: TestUser;
let stranger: TestUser;
let inbox: ReceivedMail[] = [];
let spreadsheetId: string;
let appId: string;
let pageId: string;

const COLUMNS = ['Name', 'Email', 'Qty', 'Status'];
const ROWS = [
  { Name: 'Ada', Email: 'ada@example.com', Qty: 3, Status: 'open' },
  { Name: 'Bob', Email: 'not an address', Qty: 1, Status: 'closed' },
  { Name: 'Cy', Email: 'cy@example.com, boss@example.com', Qty: 2, Status: 'open' },
];

beforeAll(async () => {
  inbox = smtp.messages;
  owner = await signUp(t.app, 'Owner');
  stranger = await signUp(t.app, 'Stranger');
  ({ spreadsheetId, appId, pageId } = await boardWithSheets(t.app, owner, 'People Board', [{ title: 'People', columns: COLUMNS, rows: ROWS }]));
});

/** A table block made through the API, as the editor saves it. */
async function table(actions: Record<string, unknown>[], settings: Record<string, unknown> = {}, on: TestApp = t, page = pageId, cookie = owner.cookie) {
  const res = await on.app.inject({
    method: 'POST',
    url: '/api/blocks',
    headers: { cookie },
    payload: { pageId: page, type: 'table', title: 'People table', sheet_title: 'People', action_button_visibility: 'Everyone', actions, ...settings },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().block.id as string;
}

function run(blockId: string, index: number, rowId: string | number, cookie?: string, query = '', on: TestApp = t) {
  return on.app.inject({ method: 'POST', url: `/api/blocks/${blockId}/actions/${index}/run${query}`, payload: { rowId }, headers: cookie ? { cookie } : {} });
}

async function rows(on: TestApp = t) {
  const res = await on.app.inject({ method: 'GET', url: `/api/board/${spreadsheetId}/sheet/People?limit=100`, headers: { cookie: owner.cookie } });
  return res.json().rows as Record<string, unknown>[];
}

function api(extra: Record<string, unknown>) {
  return { title: 'Send', type: 'API call', api_endpoint: `${target.base}/hook`, http_method: 'POST', ...extra };
}

describe('API call', () => {
  it('POSTs a JSON body from the field mapping with a bearer token; a guest may run it', async () => {
    const id = await table([
      api({
        body_type: 'JSON',
        authorization_method: 'Bearer Token',
        token: 's3cret-token',
        field_mapping: [
          { key: 'name', value: 'Name' },
          { key: 'count', value: 'Qty' },
          { key: 'list', value: 'newsletter-42' },
          { key: '', value: 'Status' },
        ],
        success_message: 'Sent to the CRM',
      }),
    ]);
    target.seen.length = 0;
    const res = await run(id, 0, '0', undefined, `?board=${appId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(RunActionResponse.parse(res.json())).toEqual({ ok: true, message: 'Sent to the CRM' });
    expect(target.seen).toHaveLength(1);
    expect(target.seen[0]).toMatchObject({ method: 'POST', url: '/hook', headers: { authorization: 'Bearer s3cret-token', 'content-type': 'application/json' } });
    // Columns are looked up; 'newsletter-42' is not a column, so it is sent as written; the empty key is skipped.
    expect(JSON.parse(target.seen[0]!.body)).toEqual({ name: 'Ada', count: 3, list: 'newsletter-42' });
  });

  it('sends form-data with a custom header (Name: value, or the name with the token as value)', async () => {
    const id = await table([
      api({ body_type: 'Form-data', authorization_method: 'Custom Header', custom_header: 'X-Api-Key: k-123', field_mapping: [{ key: 'who', value: 'Name' }, { key: 'mail', value: 'Email' }] }),
      api({ body_type: 'Form-data', authorization_method: 'Custom Header', custom_header: 'X-Other-Key', token: 'tok-9', field_mapping: [{ key: 'who', value: 'Name' }] }),
    ]);
    target.seen.length = 0;
    const res = await run(id, 0, '2', stranger.cookie);
    expect(res.json()).toEqual({ ok: true, message: ACTION_MESSAGES.apiOk });
    expect(target.seen[0]!.headers['x-api-key']).toBe('k-123');
    expect(target.seen[0]!.headers.authorization).toBeUndefined();
    expect(target.seen[0]!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(target.seen[0]!.body).toContain('Content-Disposition: form-data; name="who"\r\n\r\nCy\r\n');
    expect(target.seen[0]!.body).toContain('Content-Disposition: form-data; name="mail"\r\n\r\ncy@example.com, boss@example.com\r\n');

    target.seen.length = 0;
    expect((await run(id, 1, '1')).json().ok).toBe(true);
    expect(target.seen[0]!.headers['x-other-key']).toBe('tok-9');
  });

  it('sends the whole row when there is no mapping', async () => {
    const id = await table([api({})]);
    target.seen.length = 0;
    expect((await run(id, 0, '1')).json().ok).toBe(true);
    expect(JSON.parse(target.seen[0]!.body)).toEqual(ROWS[1]);
  });

  it.each([
    ['a header name with a space', { authorization_method: 'Custom Header', custom_header: 'Bad Name: x' }, "The request failed: 'Bad Name' is not a valid header name"],
    ['a reserved header', { authorization_method: 'Custom Header', custom_header: 'Host: evil.example' }, "The request failed: the header 'Host' cannot be set by an action"],
    ['an empty bearer token', { authorization_method: 'Bearer Token', token: '' }, 'The request failed: the bearer token is not set'],
    ['no endpoint', { api_endpoint: '' }, 'The request failed: this action has no API endpoint'],
  ])('refuses %s without sending anything', async (_name, extra, message) => {
    const id = await table([api(extra)]);
    target.seen.length = 0;
    expect((await run(id, 0, '0')).json()).toEqual({ ok: false, message });
    expect(target.seen).toHaveLength(0);
  });

  it('a non-2xx answer is a failure: the error message, else a default naming the status', async () => {
    const id = await table([api({ api_endpoint: `${target.base}/fail` }), api({ api_endpoint: `${target.base}/fail`, error_message: 'The CRM is down' })]);
    expect((await run(id, 0, '0')).json()).toEqual({ ok: false, message: 'The request failed: the server answered 500' });
    expect((await run(id, 1, '0')).json()).toEqual({ ok: false, message: 'The CRM is down' });
  });

  it('follows redirects (307 keeps the POST body)', async () => {
    const id = await table([api({ api_endpoint: `${target.base}/redirect?to=/hook2`, field_mapping: [{ key: 'n', value: 'Name' }] })]);
    target.seen.length = 0;
    expect((await run(id, 0, '0')).json().ok).toBe(true);
    expect(target.seen.map((s) => [s.method, s.url, s.body])).toEqual([
      ['POST', '/redirect?to=/hook2', '{"n":"Ada"}'],
      ['POST', '/hook2', '{"n":"Ada"}'],
    ]);
  });

  it('times out (deadline shortened for the test) and refuses answers over 1 MB', async () => {
    const id = await table([api({ api_endpoint: `${target.base}/hang` }), api({ api_endpoint: `${target.base}/big` })]);
    expect((await run(id, 0, '0')).json()).toEqual({ ok: false, message: 'The request failed: the request timed out after 300 ms' });
    expect((await run(id, 1, '0')).json()).toEqual({ ok: false, message: 'The request failed: the answer is larger than 1 MB; it was not read' });
  });

  it('an unknown row is a failure of the action', async () => {
    const id = await table([api({})]);
    const res = await run(id, 0, '999');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: false, message: expect.stringMatching(/^The request failed: row not found/) });
  });
});

describe('API call without ALLOW_PRIVATE_ACTION_TARGETS', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['1', false],
    ['true', true],
  ])('ALLOW_PRIVATE_ACTION_TARGETS=%s → %s', (value, allowed) => {
    expect(loadConfig({ ALLOW_PRIVATE_ACTION_TARGETS: value } as NodeJS.ProcessEnv).allowPrivateActionTargets).toBe(allowed);
  });

  const strict = testServer({ actionTimeoutMs: 300 });
  let strictPage: string;
  let ownerOfStrict: TestUser;
  beforeAll(async () => {
    expect(strict.config.allowPrivateActionTargets).toBe(false);
    ownerOfStrict = await signUp(strict.app, 'Strict');
    ({ pageId: strictPage } = await boardWithSheets(strict.app, ownerOfStrict, 'Strict', [{ title: 'People', columns: COLUMNS, rows: ROWS }]));
  });

  it.each([
    ['127.0.0.1', () => `http://127.0.0.1:${target.port}/hook`],
    ['localhost (a name resolving to loopback)', () => `http://localhost:${target.port}/hook`],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data/'],
    ['an IPv4-mapped IPv6 loopback literal', () => `http://[::ffff:7f00:1]:${target.port}/redirect?to=/hook`],
  ])('refuses %s', async (_name, url) => {
    const id = await table([api({ api_endpoint: url() })], {}, strict, strictPage, ownerOfStrict.cookie);
    target.seen.length = 0;
    const res = await run(id, 0, '0', undefined, '', strict);
    expect(res.statusCode).toBe(200);
    expect(res.json().ok).toBe(false);
    expect(res.json().message).toMatch(/^The request failed: the address is not allowed: requests to (loopback|metadata) network addresses are refused$/);
    expect(target.seen).toHaveLength(0);
  });
});

describe('row actions', () => {
  it('Duplicate row appends a copy; Delete row removes the row (guests, through the rows service)', async () => {
    const id = await table([
      { title: 'Copy', type: 'Duplicate row', success_message: 'Copied!' },
      { title: 'Remove', type: 'Delete row' },
    ]);
    const before = await rows();
    const dup = await run(id, 0, '0');
    expect(dup.json()).toEqual({ ok: true, message: 'Copied!' });
    const after = await rows();
    expect(after).toHaveLength(before.length + 1);
    const copy = after[after.length - 1]!;
    expect({ Name: copy.Name, Email: copy.Email, Qty: copy.Qty, Status: copy.Status }).toEqual(ROWS[0]);

    const del = await run(id, 1, copy._id as string, stranger.cookie);
    expect(del.json()).toEqual({ ok: true, message: ACTION_MESSAGES.deleted });
    expect(await rows()).toHaveLength(before.length);
    const again = await run(id, 1, copy._id as string);
    expect(again.json()).toEqual({ ok: false, message: expect.stringMatching(/^The row could not be deleted: row not found/) });
  });
});

describe('Compose Email', () => {
  it('mails the address of the row: subject the action title, body every column', async () => {
    const id = await table([{ title: 'Mail them', type: 'Compose Email', source_column: 'Email' }]);
    inbox.length = 0;
    const res = await run(id, 0, '0');
    expect(res.json()).toEqual({ ok: true, message: 'E-mail sent to ada@example.com' });
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.to).toEqual(['ada@example.com']);
    expect(inbox[0]!.raw).toMatch(/Subject: Mail them/);
    const text = plainText(inbox[0]!.raw);
    expect(text).toContain('Name: Ada\r\nEmail: ada@example.com\r\nQty: 3\r\nStatus: open');
    expect(text).toContain("Sent from the board 'People Board' on Sheetboard.");
  });

  it('fills the {{Column}} template; the block title is the subject when the action has none', async () => {
    const id = await table([{ title: '', type: 'Compose Email', source_column: 'Email', pdf_template: 'Hello {{Name}}, you ordered {{ Qty }} ({{Unknown}}).' }]);
    inbox.length = 0;
    expect((await run(id, 0, '0')).json().ok).toBe(true);
    expect(inbox[0]!.raw).toMatch(/Subject: People table/);
    expect(inbox[0]!.raw).toContain('Hello Ada, you ordered 3 ({{Unknown}}).');
  });

  it.each([
    ['1', "The e-mail could not be sent: 'not an address' in the column 'Email' is not an e-mail address"],
    ['2', "The e-mail could not be sent: 'cy@example.com, boss@example.com' in the column 'Email' is not an e-mail address"],
  ])('refuses row %s (not one plain address)', async (rowId, message) => {
    const id = await table([{ title: 'Mail', type: 'Compose Email', source_column: 'Email' }]);
    inbox.length = 0;
    expect((await run(id, 0, rowId)).json()).toEqual({ ok: false, message });
    expect(inbox).toHaveLength(0);
  });

  it('allows 20 e-mails per block and IP per hour, then 429 with Retry-After', async () => {
    const id = await table([{ title: 'Mail', type: 'Compose Email', source_column: 'Email' }]);
    inbox.length = 0;
    for (let i = 0; i < 20; i++) expect((await run(id, 0, '0')).json().ok).toBe(true);
    const res = await run(id, 0, '0');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Too many e-mails from this block. Please try again in 60 minutes.');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
    expect(inbox).toHaveLength(20);
    // Another block has its own budget.
    const other = await table([{ title: 'Mail', type: 'Compose Email', source_column: 'Email' }]);
    expect((await run(other, 0, '0')).json().ok).toBe(true);
  });
});

describe('who may run what', () => {
  it.each([['Open link'], ['Copy to clipboard'], ['Download pdf'], ['Edit row']])('%s runs in the browser: 400', async (type) => {
    const id = await table([{ title: 'X', type, source_column: 'Name' }]);
    const res = await run(id, 0, '0');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This action runs in the browser');
  });

  it('an action without a type, an unknown index, block or bad row id', async () => {
    const id = await table([{ title: 'X' }]);
    expect((await run(id, 0, '0')).json().message).toBe(ACTION_MESSAGES.noType);
    const missing = await run(id, 1, '0');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Action not found');
    expect((await run('nope', 0, '0')).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'POST', url: `/api/blocks/${id}/actions/0/run`, payload: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The row id is not valid');
  });

  it('action_button_visibility: Admins → guests 401/403, the owner may; None → nobody', async () => {
    const admins = await table([{ title: 'Copy', type: 'Duplicate row' }], { action_button_visibility: 'Admins' });
    const anon = await run(admins, 0, '0');
    expect(anon.statusCode).toBe(401);
    expect(anon.json().message).toBe(ACTION_MESSAGES.signIn);
    const other = await run(admins, 0, '0', stranger.cookie);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(ACTION_MESSAGES.notAllowed);
    target.seen.length = 0;
    expect((await run(admins, 0, '0', owner.cookie)).json().ok).toBe(true);

    const none = await table([api({})], { action_button_visibility: 'None' });
    expect((await run(none, 0, '0', owner.cookie)).statusCode).toBe(403);
    expect((await run(none, 0, '0')).statusCode).toBe(403);
    expect(target.seen).toHaveLength(0);
  });

  it('a private app: only its owner may run its actions; a board param naming another app is refused', async () => {
    const id = await table([api({})]);
    const other = await t.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: owner.cookie }, payload: { public: true, name: 'Another', kind: 'board', spreadsheetId } });
    const wrongBoard = await run(id, 0, '0', undefined, `?board=${other.json().app.id}`);
    expect(wrongBoard.statusCode).toBe(403);
    expect(wrongBoard.json().message).toBe('This block is not part of this board');

    await t.app.inject({ method: 'PUT', url: `/api/apps/${appId}`, headers: { cookie: owner.cookie }, payload: { public: false } });
    try {
      target.seen.length = 0;
      // 'Access Denied' (shell §2.3) for everyone but the owner.
      expect((await run(id, 0, '0')).statusCode).toBe(403);
      const denied = await run(id, 0, '0', stranger.cookie);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().message).toBe('This application is private and you do not have permission to access it.');
      expect(target.seen).toHaveLength(0);
      expect((await run(id, 0, '0', owner.cookie)).json().ok).toBe(true);
    } finally {
      await t.app.inject({ method: 'PUT', url: `/api/apps/${appId}`, headers: { cookie: owner.cookie }, payload: { public: true } });
    }
  });
});

describe('secrets', () => {
  it('guests never receive tokens, headers or endpoints (metadata, page, block); the owner does', async () => {
    const id = await table([
      api({ authorization_method: 'Bearer Token', token: 'tok-SECRET-1', field_mapping: [{ key: 'k', value: 'literal-SECRET-2' }] }),
      api({ authorization_method: 'Custom Header', custom_header: 'X-Key: hdr-SECRET-3', api_endpoint: `${target.base}/hook?key=url-SECRET-4` }),
    ]);
    const guestAnswers = [
      await t.app.inject({ method: 'POST', url: `/api/board/update-metadata?board=${appId}` }),
      await t.app.inject({ method: 'POST', url: `/api/board/update-metadata?board=${appId}`, headers: { cookie: stranger.cookie } }),
      await t.app.inject({ method: 'POST', url: `/api/page/update-metadata?board=${appId}` }),
      await t.app.inject({ method: 'GET', url: `/api/blocks/${id}` }),
      await t.app.inject({ method: 'GET', url: `/api/pages/${appId}` }),
    ];
    for (const res of guestAnswers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toMatch(/SECRET/);
    }
    const meta = guestAnswers[0]!.json();
    const block = meta.blocks.find((b: { id: string }) => b.id === id);
    expect(block.actions[0]).toMatchObject({ type: 'API call', title: 'Send', token: '', has_token: true, field_mapping: [], has_field_mapping: true, api_endpoint: '', has_api_endpoint: true });
    expect(block.actions[1]).toMatchObject({ custom_header: '', has_custom_header: true, has_token: false });

    const ownerMeta = await t.app.inject({ method: 'POST', url: `/api/board/update-metadata?board=${appId}`, headers: { cookie: owner.cookie } });
    const ownBlock = ownerMeta.json().blocks.find((b: { id: string }) => b.id === id);
    expect(ownBlock.actions[0].token).toBe('tok-SECRET-1');
    expect(ownBlock.actions[1].custom_header).toBe('X-Key: hdr-SECRET-3');
    const ownGet = await t.app.inject({ method: 'GET', url: `/api/blocks/${id}`, headers: { cookie: owner.cookie } });
    expect(ownGet.json().block.actions[0].token).toBe('tok-SECRET-1');

    // The server still has them: a guest's run sends the real token.
    target.seen.length = 0;
    expect((await run(id, 0, '0')).json().ok).toBe(true);
    expect(target.seen[0]!.headers.authorization).toBe('Bearer tok-SECRET-1');
  });
});
