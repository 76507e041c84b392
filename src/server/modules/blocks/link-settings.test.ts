// Links in block settings are checked by the server when a block is saved, not only by the
// editor (issue 12): a form's file field default is the file's address, shown to visitors as a
// link, so javascript:, data: and vbscript: (any case, behind spaces or control characters) are
// refused with a 400 naming the field. Other link settings share the same rule.
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, type TestUser } from '../../testing/app';
import { testServer } from '../../testing/server';

const t = testServer();
let owner: TestUser;
let pageId: string;

beforeAll(async () => {
  owner = await signUp(t.app, 'Owner');
  const sheet = (await t.app.inject({ method: 'GET', url: '/api/spreadsheets', headers: { cookie: owner.cookie } })).json().spreadsheets[0];
  const appId = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: { cookie: owner.cookie }, payload: { public: true, name: 'Links Board', kind: 'board', spreadsheetId: sheet.id } })).json().app.id;
  pageId = (await t.app.inject({ method: 'GET', url: `/api/pages/${appId}` })).json().pages[0].page_id;
});

const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/blocks', headers: { cookie: owner.cookie }, payload: { pageId, ...payload } });
const form = (fileDefault: string, type = 'file') => ({ type: 'form', sheet_title: 'Orders', axis: [{ column: 'City' }, { column: 'Receipt', type, default: fileDefault }] });

const BAD = [
  'javascript:alert(document.cookie)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  '\tjavascript:alert(1)',
  '\u0000javascript:alert(1)',
  '\u001fjavascript:alert(1)',
  'java\nscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
];

describe("a form's file field default", () => {
  it.each(BAD)('%j is refused when the block is created, naming the field', async (value) => {
    const res = await post(form(value));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Default value must start with http:// or https://");
    expect(res.json().issues).toEqual([{ path: 'axis.1.default', message: 'Default value must start with http:// or https://' }]);
  });

  it('is refused when a saved block is changed too', async () => {
    const created = await post(form(''));
    expect(created.statusCode).toBe(201);
    const { block } = created.json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/blocks/${block.id}`,
      headers: { cookie: owner.cookie },
      payload: { axis: [block.axis[0], { ...block.axis[1], default: 'javascript:alert(1)' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe('axis.1.default');
    const kept = await t.app.inject({ method: 'GET', url: `/api/blocks/${block.id}`, headers: { cookie: owner.cookie } });
    expect(kept.json().block.axis[1].default).toBe('');
  });

  it.each(['', 'https://files.example.com/receipt.pdf', 'http://example.com/a.png', '/api/uploads/abc123'])('%j is kept', async (value) => {
    const res = await post(form(value));
    expect(res.statusCode).toBe(201);
    expect(res.json().block.axis[1].default).toBe(value);
  });

  it('a text field may still default to any text (the rule holds for file fields only)', async () => {
    const res = await post(form('javascript: the language', 'text'));
    expect(res.statusCode).toBe(201);
  });
});

describe('other link settings share the rule', () => {
  it.each(BAD.slice(0, 4))('an event registration link %j is refused', async (value) => {
    const res = await post({ type: 'event', registration_link: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'registration_link', message: 'Registration link must start with http:// or https://' }]);
  });
});
