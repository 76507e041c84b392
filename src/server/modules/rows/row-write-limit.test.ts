// A visitor's row writes through an app are budgeted per IP (ROW_WRITES_PER_IP): every row takes
// room in the database, so one address cannot write without end. Owners are not counted.
import { beforeAll, describe, expect, it } from 'vitest';
import { addBlock, boardWithSheets, signUp, type TestUser } from '../../testing/app';
import { testServer } from '../../testing/server';
import { tooManyRowWrites } from './routes';

const BUDGET = 3;
let owner: TestUser;
let spreadsheetId: string;
let appId: string;
let formId: string;

const t = testServer({ rowWritesPerIp: BUDGET });
beforeAll(async () => {
  owner = await signUp(t.app, 'Owner');
  ({ spreadsheetId, appId } = await boardWithSheets(t.app, owner, 'Club', [{ title: 'Members', columns: ['Name'] }]));
  formId = (await addBlock(t.app, owner, appId, { type: 'form', sheet_title: 'Members', axis: [{ column: 'Name', type: 'text', required: true }] })).id;
});

const submit = (values: Record<string, unknown>, from: { ip: string; cookie?: string }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/board/${spreadsheetId}/sheet/Members/rows`,
    remoteAddress: from.ip,
    headers: from.cookie ? { cookie: from.cookie } : {},
    payload: { board: appId, blockId: formId, values },
  });

async function rowCount(): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: `/api/board/${spreadsheetId}/sheet/Members?limit=1`, headers: { cookie: owner.cookie } });
  return res.json().total as number;
}

describe('row writes per IP', () => {
  it('refuses a visitor past the budget, counting refused answers too, and writes nothing more', async () => {
    const ip = '203.0.113.7';
    expect((await submit({ Name: '' }, { ip })).statusCode).toBe(400); // a bad submit still counts
    for (let i = 1; i < BUDGET; i++) expect((await submit({ Name: `Guest ${i}` }, { ip })).statusCode).toBe(201);
    const before = await rowCount();
    const refused = await submit({ Name: 'One too many' }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(tooManyRowWrites(refused.json().message.match(/wait (.+) and/)[1]));
    expect(refused.json().message).toMatch(/^Too many changes sent from your network\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rowCount()).toBe(before);
  });

  it('keeps other addresses and the owner writing', async () => {
    expect((await submit({ Name: 'Neighbour' }, { ip: '203.0.113.8' })).statusCode).toBe(201);
    for (let i = 0; i < BUDGET + 2; i++) expect((await submit({ Name: `Owner ${i}` }, { ip: '203.0.113.7', cookie: owner.cookie })).statusCode).toBe(201);
  });
});
