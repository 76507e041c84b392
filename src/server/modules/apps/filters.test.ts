// Board filters saved with the board state: the owner's list is checked as a whole and a refusal
// names the filter (POST /api/board/update-metadata and PUT /api/apps/{id} share the rule).
import { beforeAll, describe, expect, it } from 'vitest';
import { BoardMetadataResponse } from '../../../shared/api';
import { signUp, type TestUser } from '../../testing/app';
import { testServer } from '../../testing/server';

const t = testServer();
let owner: TestUser;
let stranger: TestUser;
let boardId: string;

const as = (u: TestUser | null) => (u ? { cookie: u.cookie } : {});

const status = { name: 'Status', active: true, condition: '=', sheet_column: { sheet: 'Orders', column: 'Status' }, value: 'Open' };
const recent = { name: 'Recent', active: false, condition: 'past_days', sheet_column: { sheet: 'Orders', column: 'Date' }, value: '7' };

function meta(payload: unknown, user: TestUser | null = owner) {
  return t.app.inject({ method: 'POST', url: `/api/board/update-metadata?board=${boardId}`, headers: as(user), payload: payload as object });
}

beforeAll(async () => {
  owner = await signUp(t.app, 'Owner');
  stranger = await signUp(t.app, 'Stranger');
  const spreadsheetId = (await t.app.inject({ method: 'GET', url: '/api/spreadsheets', headers: as(owner) })).json().spreadsheets[0].id;
  boardId = (await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(owner), payload: { public: true, name: 'Filtered', kind: 'board', spreadsheetId } })).json().app.id;
});

describe('board filters in the board state', () => {
  it('a new board has no filters and hides the filter bar (spec default)', async () => {
    const res = (await meta({}, null)).json();
    expect(res.filters).toEqual([]);
    expect(res.hide_filters).toBe(true);
    expect(BoardMetadataResponse.safeParse(res).error).toBeUndefined();
  });

  it('the owner saves filters and the bar; guests read them back; unknown keys are dropped', async () => {
    const saved = await meta({ filters: [{ ...status, extra: 'dropped' }, recent, { ...recent, name: 'Today', condition: 'today', value: null }], hide_filters: false });
    expect(saved.statusCode).toBe(200);
    const guest = (await meta({}, null)).json();
    expect(guest.hide_filters).toBe(false);
    expect(guest.filters).toEqual([status, recent, { ...recent, name: 'Today', condition: 'today', value: null }]);
    expect(BoardMetadataResponse.safeParse(guest).error).toBeUndefined();
  });

  it.each([
    ['an unknown condition', [{ ...status, condition: 'is' }], 'filters.0.condition', "Filter 'Status': condition:"],
    ['past days that are not a number', [status, { ...recent, value: 'seven' }], 'filters.1.value', "Filter 'Recent': The number of days must be a whole number (0 or more)"],
    ['a date range end that is not a date', [{ ...status, condition: 'date', value: '2024-03-01..soon' }], 'filters.0.value', "Filter 'Status': 'soon' is not a date"],
    ['a date range backwards', [{ ...status, condition: 'date', value: '2024-03-31..2024-03-01' }], 'filters.0.value', "Filter 'Status': The start date must not be after the end date"],
    ['two filters of the same name', [status, { ...recent, name: ' status ' }], 'filters.1.name', "Filter 'status': Another filter has the same name"],
    ['a name with a comma', [{ ...status, name: 'A,B' }], 'filters.0.name', "Filter 'A,B': The name may not contain a comma"],
    ['no name', [{ ...status, name: ' ' }], 'filters.0.name', 'Filter #1: A name is required'],
    ['no column', [status, { ...recent, sheet_column: { sheet: 'Orders', column: '' } }], 'filters.1.sheet_column.column', "Filter 'Recent': Choose a column"],
    ['no sheet_column at all', [{ name: 'Loose', active: true, condition: '=', value: 'x' }], 'filters.0.sheet_column', "Filter 'Loose': sheet_column:"],
    ['active that is not a boolean', [{ ...status, active: 'yes' }], 'filters.0.active', "Filter 'Status': active:"],
    ['too many filters', Array.from({ length: 51 }, (_, i) => ({ ...status, name: `F${i}` })), 'filters.50', 'A board may have at most 50 filters'],
  ])('refuses %s with a 400 naming the filter, and keeps the saved ones', async (_what, filters, path, message) => {
    const before = (await meta({}, null)).json().filters;
    const res = await meta({ filters, title: 'Not saved either' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.issues[0].path).toBe(path);
    expect(body.issues[0].message).toContain(message);
    expect(body.message).toContain(message);
    const after = (await meta({}, null)).json();
    expect(after.filters).toEqual(before);
    expect(after.title).not.toBe('Not saved either');
  });

  it('filters that are not a list are refused', async () => {
    const res = await meta({ filters: { name: 'Status' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe('filters');
  });

  it('accepts empty values (the filter then shows every row) and every condition of the spec', async () => {
    const conditions = ['=', '>', '<', 'starts_with', 'not_starts_with', 'ends_with', 'not_ends_with', 'includes', 'not_includes', 'past_days', 'today', 'tomorrow', 'current_week', 'next_week', 'date', 'any_of'];
    const filters = conditions.map((condition, i) => ({ ...status, name: `C${i}`, condition, value: i % 2 ? '' : null }));
    filters.push({ ...status, name: 'Mine', condition: 'any_of', value: 'current user||Paris' });
    filters.push({ ...status, name: 'Range', condition: 'date', value: '01/03/2024..' });
    const res = await meta({ filters });
    expect(res.statusCode).toBe(200);
    expect(res.json().filters).toHaveLength(conditions.length + 2);
  });

  it('only the owner may save filters; PUT /api/apps checks them the same way', async () => {
    expect((await meta({ filters: [status] }, stranger)).statusCode).toBe(403);
    expect((await meta({ filters: [status] }, null)).statusCode).toBe(401);
    const put = await t.app.inject({ method: 'PUT', url: `/api/apps/${boardId}`, headers: as(owner), payload: { filters: [{ ...recent, value: '-1' }] } });
    expect(put.statusCode).toBe(400);
    expect(put.json().issues[0]).toEqual({ path: 'filters.0.value', message: "Filter 'Recent': The number of days must be a whole number (0 or more)" });
    const ok = await t.app.inject({ method: 'PUT', url: `/api/apps/${boardId}`, headers: as(owner), payload: { filters: [recent] } });
    expect(ok.statusCode).toBe(200);
    expect((await meta({}, null)).json().filters).toEqual([recent]);
  });
});
