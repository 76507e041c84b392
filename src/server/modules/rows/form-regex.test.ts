// Form regex_validation over HTTP: owner patterns run on a linear-time engine (RE2), so a form of
// 50 fields each `^(a+)+$` answers an anonymous submit at once and correctly; patterns RE2 cannot
// run are refused when the form is saved (POST and PUT /api/blocks), naming the field; and one
// request's pattern tests share a budget.
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/rows/validate';
import { boardWithSheets, signUp, type TestUser } from '../../testing/app';
import { testServer } from '../../testing/server';
import { REGEX_BUDGET } from './safe-regex';

const t = testServer();
let owner: TestUser;
let spreadsheetId: string;
let appId: string;
let pageId: string;

const FIELDS = Array.from({ length: 50 }, (_, i) => `F${i + 1}`);

beforeAll(async () => {
  owner = await signUp(t.app, 'Owner');
  ({ spreadsheetId, appId, pageId } = await boardWithSheets(t.app, owner, 'Survey', [{ title: 'Answers', columns: [...FIELDS, 'Essay', 'Other'] }]));
});

const saveForm = (axis: object[]) =>
  t.app.inject({ method: 'POST', url: '/api/blocks', headers: { cookie: owner.cookie }, payload: { pageId, type: 'form', sheet_title: 'Answers', axis } });
const submit = (blockId: string, values: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/board/${spreadsheetId}/sheet/Answers/rows`, payload: { board: appId, blockId, values } });

describe('a form of 50 fields, each ^(a+)+$', () => {
  let formId: string;
  beforeAll(async () => {
    // A nested repeat is harmless on RE2, so the owner may save it.
    const res = await saveForm(FIELDS.map((column) => ({ column, type: 'text', regex_validation: '^(a+)+$' })));
    expect(res.statusCode).toBe(201);
    formId = res.json().block.id;
  });

  it("refuses an anonymous submit of 'aaaa…!' in every field with the format message (JavaScript's engine never finishes these)", async () => {
    const res = await submit(formId, Object.fromEntries(FIELDS.map((f) => [f, `${'a'.repeat(5000)}!`])));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual(FIELDS.map((f) => ({ path: `values.${f}`, message: MESSAGES.regex })));
  });

  it("adds the row when every field matches", async () => {
    const res = await submit(formId, Object.fromEntries(FIELDS.map((f) => [f, 'a'.repeat(5000)])));
    expect(res.statusCode).toBe(201);
    expect(res.json().row.F50).toBe('a'.repeat(5000));
  });
});

describe('saving a form with a pattern RE2 cannot run', () => {
  it('POST /api/blocks answers 400 naming the field and what to do', async () => {
    const res = await saveForm([
      { column: 'F1', regex_validation: '^[a-z]+$' },
      { column: 'F2', regex_validation: '^([0-9])\\1$' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "Allowed pattern of 'F2' refers back to an earlier group (\\1), which is not supported: write the pattern without it",
    );
  });

  it('PUT /api/blocks/{id} answers 400 too, and the stored form keeps its pattern', async () => {
    const { block } = (await saveForm([{ column: 'F1', regex_validation: '^[0-9]{4}$' }])).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/blocks/${block.id}`,
      headers: { cookie: owner.cookie },
      payload: { axis: [{ column: 'F1', regex_validation: '^(?=.*[0-9]).{8,}$' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'axis.0.regex_validation', message: "Allowed pattern of 'F1' looks ahead or behind ((?=, (?!, (?<=, (?<!), which is not supported: write the pattern without it" },
    ]);
    const stored = (await t.app.inject({ method: 'GET', url: `/api/blocks/${block.id}`, headers: { cookie: owner.cookie } })).json().block;
    expect(stored.axis[0].regex_validation).toBe('^[0-9]{4}$');
  });

  it.each([
    ['a repeat over 1000', 'x{2000}', "Allowed pattern of 'F1' repeats too many times ({2000}): at most 1000, counting repeats inside repeats multiplied"],
    ['a pattern too big to test quickly', '(\\w+\\s*){400}', "Allowed pattern of 'F1' is too complex to check quickly: use fewer or smaller repeats"],
    ['an invalid pattern', '([a-z]', "Allowed pattern of 'F1' is not a valid pattern (missing closing ) ([a-z]): check its brackets and backslashes"],
  ])('%s is refused', async (_, pattern, message) => {
    const res = await saveForm([{ column: 'F1', regex_validation: pattern }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([{ path: 'axis.0.regex_validation', message }]);
  });
});

describe('one budget for the pattern tests of a request', () => {
  let formId: string;
  // 1802 RE2 instructions: among the largest patterns allowed.
  const BIG = '(\\w+\\s*){300}';
  beforeAll(async () => {
    const res = await saveForm([
      { column: 'Essay', type: 'textarea', regex_validation: BIG },
      { column: 'Other', type: 'text', regex_validation: '^[a-z]+$' },
    ]);
    expect(res.statusCode).toBe(201);
    formId = res.json().block.id;
  });

  it('a value whose test would overdraw the budget is refused, saying why; the others are still checked', async () => {
    const essay = 'word '.repeat(Math.ceil(REGEX_BUDGET / 1802 / 5));
    const res = await submit(formId, { Essay: essay, Other: 'A1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: 'values.Essay', message: MESSAGES.regexBudget },
      { path: 'values.Other', message: MESSAGES.regex },
    ]);
  });

  it('within the budget the same pattern is tested', async () => {
    const res = await submit(formId, { Essay: 'word '.repeat(400), Other: 'fine' });
    expect(res.statusCode).toBe(201);
  });
});
