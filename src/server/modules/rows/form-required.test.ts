// A form's required fields are enforced by the server too (the form block checks them first).
import { beforeAll, describe, expect, it } from 'vitest';
import { boardWithSheets, signUp, storeBlock } from '../../testing/app';
import { testServer } from '../../testing/server';

const t = testServer();
let spreadsheetId: string;
let appId: string;
let formId: string;

beforeAll(async () => {
  const owner = await signUp(t.app, 'Owner');
  const board = await boardWithSheets(t.app, owner, 'Club', [{ title: 'Members', columns: ['Name', 'Email', 'Joined'] }]);
  ({ spreadsheetId, appId } = board);
  const { pageId } = board;
  formId = await storeBlock(t, pageId, 'form', {
    sheet_title: 'Members',
    axis: [
      { column: 'Name', type: 'text', required: true },
      { column: 'Email', type: 'email', required: false },
      // Hidden fields carry their default; a required flag on them is not enforced.
      { column: 'Joined', type: 'date', required: true, hide: true },
    ],
  });
});

const submit = (values: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/board/${spreadsheetId}/sheet/Members/rows`, payload: { board: appId, blockId: formId, values } });

describe('form required fields on the server', () => {
  it.each<[string, Record<string, unknown>, number]>([
    ['missing', { Email: 'a@b.co' }, 400],
    ['empty', { Name: '', Email: 'a@b.co' }, 400],
    ['blank', { Name: '   ' }, 400],
    ['given (hidden required field left empty)', { Name: 'Ada' }, 201],
  ])('%s → %i', async (_, values, status) => {
    const res = await submit(values);
    expect(res.statusCode).toBe(status);
    if (status === 400) expect(res.json().issues).toEqual([{ path: 'values.Name', message: 'This field is required' }]);
  });
});
