// Workspace editors (issue 5) on the test database with a real local SMTP server: the owner
// invites by e-mail, the invited account follows the one-time link signed in, then edits every app
// of the workspace (private ones included) like the owner, except deleting apps and managing
// editors; removing the editor ends that at once.
import { beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_MESSAGES } from '../../../shared/api/workspace';
import { multipart, signUp, uniqueEmail, type TestUser } from '../../testing/app';
import { testInbox, testServer } from '../../testing/server';
import { linkInLastMail, mailSettings } from '../../testing/smtp';
import { PRIVATE_APP_MESSAGE } from '../../access/viewer';

const smtp = testInbox();
const t = testServer(() => mailSettings(smtp));
let owner: TestUser;
let erin: TestUser;
let stranger: TestUser;
let appId: string;
let pageId: string;
let spreadsheetId: string;

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

function api(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: TestUser | null, payload?: unknown) {
  return t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** The token of the last invitation mailed to `to` (quoted-printable soft breaks undone). */
function tokenMailedTo(to: string): string {
  return decodeURIComponent(linkInLastMail(smtp, to, /http:\/\/localhost:3000\/join-workspace\?token=([A-Za-z0-9_%-]+)/)[1]!);
}

beforeAll(async () => {
  owner = await signUp(t.app, 'Olga Owner');
  erin = await signUp(t.app, 'Erin Editor');
  stranger = await signUp(t.app, 'Sam Stranger');
  const s = await api('POST', '/api/spreadsheets', owner, { title: 'Shop', sheets: [{ title: 'Orders', columns: ['City', 'Amount', 'Secret'], rows: [{ City: 'Paris', Amount: 3, Secret: 'x' }] }] });
  spreadsheetId = s.json().spreadsheet.id;
  const a = await api('POST', '/api/apps', owner, { name: 'Private Shop', kind: 'multipage', spreadsheetId });
  appId = a.json().app.id;
  await api('PUT', `/api/apps/${appId}`, owner, { public: false });
  pageId = (await api('GET', `/api/pages/${appId}`, owner)).json().pages[0].page_id;
  await api('POST', '/api/blocks', owner, { pageId, type: 'table', sheet_title: 'Orders', axis: [{ column: 'City' }] });
});

describe('inviting editors', () => {
  it('the owner adds an editor by e-mail: 201, listed as invited, and a one-time link is mailed', async () => {
    const res = await api('POST', '/api/workspace/editors', owner, { email: `  ${erin.email.toUpperCase()} ` });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ editor: { email: erin.email, name: null, status: 'invited' }, invitation_sent: true });
    // Mailed: the link went to Erin only, not back to the owner.
    expect(res.json()).not.toHaveProperty('invitation_link');
    const mail = smtp.messages.filter((m) => m.to.includes(erin.email)).at(-1)!;
    expect(mail.raw).toMatch(/Subject: Olga Owner invited you to edit their Sheetboard apps/);
    expect(tokenMailedTo(erin.email).length).toBeGreaterThan(40);
    const list = await api('GET', '/api/workspace/editors', owner);
    expect(list.json().editors).toEqual([{ id: res.json().editor.id, email: erin.email, name: null, status: 'invited', created_at: expect.any(Number) }]);
  });

  it.each<[string, () => string, number, string]>([
    ['not an address', () => 'erin', 400, EDITOR_MESSAGES.invalidEmail],
    ['the owner', () => owner.email, 400, EDITOR_MESSAGES.yourself],
    ['someone invited already', () => erin.email, 409, EDITOR_MESSAGES.duplicate],
  ])('refuses %s, adding nothing', async (_name, email, status, message) => {
    const before = (await api('GET', '/api/workspace/editors', owner)).json().editors.length;
    const res = await api('POST', '/api/workspace/editors', owner, { email: email() });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect((await api('GET', '/api/workspace/editors', owner)).json().editors).toHaveLength(before);
  });

  it('needs a session; each owner sees only their own editors', async () => {
    expect((await api('GET', '/api/workspace/editors', null)).statusCode).toBe(401);
    expect((await api('POST', '/api/workspace/editors', null, { email: 'x@example.com' })).statusCode).toBe(401);
    expect((await api('GET', '/api/workspace/editors', stranger)).json().editors).toEqual([]);
    const id = (await api('GET', '/api/workspace/editors', owner)).json().editors[0].id;
    expect((await api('DELETE', `/api/workspace/editors/${id}`, stranger)).statusCode).toBe(404);
  });
});

describe('an editor', () => {
  it('is nobody before following the link: the private app is Access Denied', async () => {
    const res = await api('GET', `/api/pages/${appId}`, erin);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(PRIVATE_APP_MESSAGE);
  });

  it('follows the link signed in: joins once; the link then stops working', async () => {
    const token = tokenMailedTo(erin.email);
    expect((await api('POST', '/api/workspace/join', null, { token })).statusCode).toBe(401);
    // The owner's own link would make nothing of them.
    const own = await api('POST', '/api/workspace/join', owner, { token });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(EDITOR_MESSAGES.ownWorkspace);
    const res = await api('POST', '/api/workspace/join', erin, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().workspace).toMatchObject({ owner_name: 'Olga Owner' });
    const again = await api('POST', '/api/workspace/join', stranger, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'invalid_token', message: EDITOR_MESSAGES.invalidToken });
    expect((await api('GET', '/api/workspace/editors', owner)).json().editors[0]).toMatchObject({ email: erin.email, name: 'Erin Editor', status: 'active' });
  });

  it('views and edits every app of the workspace like the owner, private ones included', async () => {
    expect((await api('GET', `/api/pages/${appId}`, erin)).statusCode).toBe(200);
    const apps = (await api('GET', '/api/apps', erin)).json().apps as { id: string; shared?: boolean; owner_name?: string }[];
    expect(apps.find((a) => a.id === appId)).toMatchObject({ shared: true, owner_name: 'Olga Owner' });
    expect((await api('GET', '/api/apps', owner)).json().apps.find((a: { id: string }) => a.id === appId).shared).toBeUndefined();
    const state = await api('POST', `/api/board/update-metadata?board=${appId}`, erin, {});
    expect(state.json()).toMatchObject({ can_edit: true });
    expect((await api('PUT', `/api/apps/${appId}`, erin, { name: 'Shop by Erin' })).statusCode).toBe(200);
    expect((await api('POST', '/api/blocks', erin, { pageId, type: 'markdown' })).statusCode).toBe(201);
    expect((await api('POST', '/api/pages', erin, { appId, page_name: 'About' })).statusCode).toBe(201);
    expect((await api('GET', `/api/spreadsheets/${spreadsheetId}`, erin)).statusCode).toBe(200);
    // Whole sheets, as the owner reads them (not only the columns the blocks use).
    const rows = await api('GET', `/api/board/${spreadsheetId}/sheet/Orders?board=${appId}`, erin);
    expect(rows.json().rows[0]).toMatchObject({ City: 'Paris', Secret: 'x' });
    expect((await api('POST', `/api/board/${spreadsheetId}/sheet/Orders/rows?board=${appId}`, erin, { values: { City: 'Lyon', Secret: 'y' } })).statusCode).toBe(201);
    const m = multipart('hero.png', PNG);
    const up = await t.app.inject({ method: 'POST', url: `/api/uploads?board=${appId}&purpose=block-setting`, payload: m.payload, headers: { ...m.headers, cookie: erin.cookie } });
    expect(up.statusCode, up.body).toBe(201);
    expect((await api('GET', up.json().upload.url, erin)).statusCode).toBe(200);
    expect((await api('GET', up.json().upload.url, stranger)).statusCode).toBe(403);
  });

  it('does not delete apps or manage editors, and does not see the owner\'s own spreadsheet list', async () => {
    const del = await api('DELETE', `/api/apps/${appId}`, erin);
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe('Only the owner of this workspace can delete its apps');
    expect((await api('GET', '/api/workspace/editors', erin)).json().editors).toEqual([]);
    expect((await api('GET', '/api/spreadsheets', erin)).json().spreadsheets.some((s: { id: string }) => s.id === spreadsheetId)).toBe(false);
  });

  it('loses access at once when the owner removes them', async () => {
    const id = (await api('GET', '/api/workspace/editors', owner)).json().editors[0].id;
    expect((await api('DELETE', `/api/workspace/editors/${id}`, owner)).statusCode).toBe(204);
    expect((await api('GET', `/api/pages/${appId}`, erin)).statusCode).toBe(403);
    expect((await api('PUT', `/api/apps/${appId}`, erin, { name: 'Mine' })).statusCode).toBe(403);
    expect((await api('GET', '/api/apps', erin)).json().apps.some((a: { id: string }) => a.id === appId)).toBe(false);
    expect((await api('DELETE', `/api/workspace/editors/${id}`, owner)).statusCode).toBe(404);
  });

  it('a second invitation to someone who already edits the workspace just goes away when followed', async () => {
    const ann = await signUp(t.app, 'Ann Again');
    await api('POST', '/api/workspace/editors', owner, { email: ann.email });
    expect((await api('POST', '/api/workspace/join', ann, { token: tokenMailedTo(ann.email) })).statusCode).toBe(200);
    const other = uniqueEmail('ann-work');
    await api('POST', '/api/workspace/editors', owner, { email: other });
    expect((await api('POST', '/api/workspace/join', ann, { token: tokenMailedTo(other) })).statusCode).toBe(200);
    const editors = (await api('GET', '/api/workspace/editors', owner)).json().editors as { email: string }[];
    expect(editors.map((e) => e.email)).toEqual([ann.email]);
  });
});
