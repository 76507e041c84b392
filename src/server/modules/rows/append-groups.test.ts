// Group commit of appends (service.ts AppendGroups) on the test database (SQLite or PostgreSQL):
// concurrent appends to one sheet share transactions, each still gets its own row index in
// arrival order, and a row the database refuses fails alone.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSpreadsheet, signUp, type TestUser } from '../../testing/app';
import { testServer } from '../../testing/server';
import { appendRow, authorizeWrite, type WriteTarget } from './service';

const t = testServer();
let owner: TestUser;
let spreadsheetId: string;
let workspaceId: string;

beforeAll(async () => {
  owner = await signUp(t.app, 'Owner');
  spreadsheetId = await createSpreadsheet(t.app, owner, 'Signups', [{ title: 'People', columns: ['Name', 'Seq'], rows: [{ Name: 'Existing', Seq: -1 }] }]);
  workspaceId = (await t.ctx.db.selectFrom('spreadsheets').select('workspace_id').where('id', '=', spreadsheetId).executeTakeFirstOrThrow()).workspace_id;
  // A row the database itself refuses (a trigger): the one write of a group that fails.
  if (t.ctx.dialect === 'sqlite') {
    await sql.raw(`CREATE TRIGGER poison_rows BEFORE INSERT ON sheet_rows WHEN NEW.data LIKE '%POISON%' BEGIN SELECT RAISE(ABORT, 'poisoned row'); END`).execute(t.ctx.db);
  } else {
    await sql.raw(`CREATE FUNCTION poison_rows() RETURNS trigger AS $$ BEGIN IF NEW.data LIKE '%POISON%' THEN RAISE EXCEPTION 'poisoned row'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`).execute(t.ctx.db);
    await sql.raw(`CREATE TRIGGER poison_rows BEFORE INSERT ON sheet_rows FOR EACH ROW EXECUTE FUNCTION poison_rows()`).execute(t.ctx.db);
  }
});

async function target(): Promise<WriteTarget> {
  return authorizeWrite(t.ctx, { spreadsheet: { id: spreadsheetId, workspace_id: workspaceId }, user: null, reader: null }, { sheetTitle: 'People' }, 'add');
}

async function sheetState() {
  const sheet = await t.ctx.db.selectFrom('sheets').select(['id', 'version', 'row_count', 'next_row_index']).where('spreadsheet_id', '=', spreadsheetId).executeTakeFirstOrThrow();
  const rows = await t.ctx.db.selectFrom('sheet_rows').select(['row_index', 'data']).where('sheet_id', '=', sheet.id).orderBy('row_index').execute();
  return { version: Number(sheet.version), rowCount: Number(sheet.row_count), next: Number(sheet.next_row_index), rows: rows.map((r) => ({ index: Number(r.row_index), data: JSON.parse(r.data) as Record<string, unknown> })) };
}

/** Counts the transactions the service opens while `run` runs. */
async function countTransactions<T>(run: () => Promise<T>): Promise<{ result: T; transactions: number }> {
  const db = t.ctx.db;
  const original = db.transaction.bind(db);
  let transactions = 0;
  db.transaction = (() => {
    transactions++;
    return original();
  }) as typeof db.transaction;
  try {
    return { result: await run(), transactions };
  } finally {
    db.transaction = original;
  }
}

describe('appends to one sheet are committed in groups', () => {
  it('30 appends at once: fewer transactions, ids in arrival order, one version each, counters right', async () => {
    const before = await sheetState();
    const to = await target();
    const { result, transactions } = await countTransactions(() =>
      Promise.all(Array.from({ length: 30 }, (_, i) => appendRow(t.ctx, to, { Name: `Person ${i}`, Seq: i }, { skipValidation: true }))),
    );
    // The first append starts a transaction at once; the 29 that queue behind it share the next.
    expect(transactions).toBe(2);
    expect(result.map((r) => Number(r._id))).toEqual(Array.from({ length: 30 }, (_, i) => before.next + i));
    const after = await sheetState();
    expect(after.version).toBe(before.version + 30);
    expect(after.rowCount).toBe(before.rowCount + 30);
    expect(after.next).toBe(before.next + 30);
    const added = after.rows.filter((r) => r.index >= before.next);
    expect(added.map((r) => [r.index, r.data.Seq])).toEqual(Array.from({ length: 30 }, (_, i) => [before.next + i, i]));
  });

  it('one row the database refuses fails alone: the others of its group are stored once each', async () => {
    const before = await sheetState();
    const to = await target();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => appendRow(t.ctx, to, { Name: i === 5 ? 'POISON' : `Guest ${i}`, Seq: 100 + i }, { skipValidation: true })),
    );
    expect(outcomes.map((o) => o.status)).toEqual(Array.from({ length: 12 }, (_, i) => (i === 5 ? 'rejected' : 'fulfilled')));
    const after = await sheetState();
    const added = after.rows.filter((r) => r.index >= before.next);
    expect(added.map((r) => r.data.Seq).sort()).toEqual([100, 101, 102, 103, 104, 106, 107, 108, 109, 110, 111]);
    // Each answer names its own stored row.
    for (const o of outcomes) if (o.status === 'fulfilled') expect(added.find((r) => r.index === Number(o.value._id))?.data.Name).toBe(o.value.Name);
    expect(after.rowCount).toBe(before.rowCount + 11);
    expect(new Set(added.map((r) => r.index)).size).toBe(11);
  });

  it('200 concurrent submits over HTTP: every 201 is stored once, and the cache equals the database', async () => {
    const before = await sheetState();
    const base = `/api/board/${spreadsheetId}/sheet/People`;
    // Read once so the cache holds the sheet and the appends patch it.
    await t.app.inject({ method: 'GET', url: `${base}?limit=1`, headers: { cookie: owner.cookie } });
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => t.app.inject({ method: 'POST', url: `${base}/rows`, headers: { cookie: owner.cookie }, payload: { values: { Name: `Web ${i}`, Seq: 1000 + i } } })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
    const after = await sheetState();
    const added = after.rows.filter((r) => r.index >= before.next);
    expect(added).toHaveLength(200);
    expect(new Set(added.map((r) => r.data.Seq)).size).toBe(200);
    expect(after.rowCount).toBe(before.rowCount + 200);
    const cached = (await t.app.inject({ method: 'GET', url: `${base}?limit=1000&sort=Seq`, headers: { cookie: owner.cookie } })).json();
    expect(cached.total).toBe(after.rows.length);
    expect(cached.rows.map((r: { _id: string }) => Number(r._id)).sort((a: number, b: number) => a - b)).toEqual(after.rows.map((r) => r.index));
  });
});
