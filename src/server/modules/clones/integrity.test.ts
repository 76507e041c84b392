// The integrity check of a stored app (data/apps/integrity.ts, issue 33) through the real routes,
// on both databases: GET /api/apps/:appId/integrity names broken blocks in words, and going live
// (Push to Live) is answered with a warning naming them, not refused.
import { beforeAll, describe, expect, it } from 'vitest';
import { addBlock, boardWithSheets, signUp, type TestUser } from '../../testing/app';
import { testServer } from '../../testing/server';

const t = testServer();
let owner: TestUser;
let appId: string;

beforeAll(async () => {
  owner = await signUp(t.app, 'Owner Olga');
  const ids = await boardWithSheets(t.app, owner, 'Weather board', [{ title: 'Weather', columns: ['date', 'temp_max', 'weather'], rows: [{ date: '2012-01-01', temp_max: 12.8, weather: 'rain' }] }], { public: false });
  appId = ids.appId;
  await addBlock(t.app, owner, appId, { type: 'chart', title: 'Temperatures', sheet_title: 'Weather', x_axis: 'date', axis: [{ column: 'temp_max' }, { column: 'temp_min' }] });
  await addBlock(t.app, owner, appId, { type: 'form', sheet_title: 'Weather', axis: [{ column: 'weather' }, { column: 'precipitation' }] });
  await addBlock(t.app, owner, appId, { type: 'table', sheet_title: 'Weather', axis: [{ column: 'date' }] });
});

describe('GET /api/apps/:appId/integrity', () => {
  it('names each broken block and what it misses, in words; a sound block is not listed', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/apps/${appId}/integrity`, headers: { cookie: owner.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.broken.map((b: { block: string }) => b.block)).toEqual(['Temperatures', 'Form']);
    expect(body.broken[0].problems).toEqual(['The chart “Temperatures” uses the column “temp_min”, which is not in the sheet “Weather”.']);
    expect(body.broken[1].problems).toEqual(['The form uses the column “precipitation”, which is not in the sheet “Weather”.']);
    expect(body.warning).toContain('2 blocks name a sheet or column that is not in the data: “Temperatures”, “Form”.');
    expect(res.body).not.toMatch(/axis|Unknown column/);
  });

  it('Push to Live is not refused, and its answer names the broken blocks', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/apps/${appId}`, headers: { cookie: owner.cookie }, payload: { public: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().app.public).toBe(true);
    expect(res.json().warnings).toEqual([expect.stringContaining('“Temperatures”, “Form”')]);
    // Another change of a live app does not repeat it; a private app's changes never carry it.
    const rename = await t.app.inject({ method: 'PUT', url: `/api/apps/${appId}`, headers: { cookie: owner.cookie }, payload: { name: 'Weather board 2' } });
    expect(rename.json().warnings).toBeUndefined();
  });

  it('an app whose blocks all find their columns has nothing to report', async () => {
    const other = await boardWithSheets(t.app, owner, 'Sound board', [{ title: 'S', columns: ['a'], rows: [] }], { public: false });
    await addBlock(t.app, owner, other.appId, { type: 'table', sheet_title: 'S', axis: [{ column: 'a' }] });
    const res = await t.app.inject({ method: 'GET', url: `/api/apps/${other.appId}/integrity`, headers: { cookie: owner.cookie } });
    expect(res.json()).toEqual({ broken: [], warning: null });
    const live = await t.app.inject({ method: 'PUT', url: `/api/apps/${other.appId}`, headers: { cookie: owner.cookie }, payload: { public: true } });
    expect(live.json().warnings).toBeUndefined();
  });
});
