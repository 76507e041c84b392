// The one-click remap of the data-contract guard (issue 16): a column renamed or deleted in Google
// that blocks still name is pointed, in every block of the workspace's apps over the spreadsheet,
// at a current column of the same tab (the new name of a renamed column, or another column in
// place of a deleted one). The pull uses the same storing for tabs renamed in Google
// (pull.ts followTabRenames), so blocks are rewritten in one place.
//
// A deleted column with no replacement is left as it is: the status keeps naming the blocks that
// still use it, and the owner either picks another column here or edits those blocks (remove the
// column from a table, choose another axis...). Removing settings automatically would change what
// a board shows without the owner choosing it.
import { GOOGLE_REMAP_MESSAGES as R, type GoogleRemapBody } from '../../../shared/api/google';
import type { ColumnMap } from '../../../shared/settings/columns';
import type { ServerContext } from '../../platform/context';
import type { Db } from '../../db';
import { badRequest, HttpError } from '../../errors';
import { nowIso, parseJson } from '../../http';
import { blockRecord } from '../../data/blocks/record';
import { dataRepo } from '../../data/spreadsheets/data-repo';
import { columnMap, remapBlocks } from './headers';
import { googleSourcesRepo } from '../../data/gsheets/sources-repo';

/**
 * Rewrites the blocks of the workspace's apps over the spreadsheet that `map` changes, stored as
 * the block service stores a record (everything but id and type; the block service keeps no cache
 * of blocks on the server: readers load them from the database each time). Answers how many
 * blocks changed.
 */
export async function storeRemappedBlocks(db: Db, dialect: 'sqlite' | 'postgres', spreadsheetId: string, workspaceId: string, map: ColumnMap): Promise<number> {
  const repo = dataRepo(db, dialect);
  const blocks = (await repo.blocksOver(spreadsheetId, workspaceId)).map((b) => blockRecord(b));
  const now = nowIso();
  const changed = remapBlocks(blocks, map);
  for (const block of changed) {
    const { id, type: _type, temp_block: _temp, ...config } = block;
    await repo.updateBlock(id, JSON.stringify(config), now);
  }
  return changed.length;
}

/**
 * POST …/:spreadsheetId/remap: every block of the workspace's apps over the spreadsheet that names
 * `column` of the synced sheet `tab` names `to` instead. `to` must be a current column of that
 * sheet (words otherwise). Answers how many blocks changed (0 when none named it any more).
 */
export async function remapColumn(ctx: ServerContext, spreadsheet: { id: string; workspace_id: string }, body: GoogleRemapBody): Promise<number> {
  const sources = googleSourcesRepo(ctx.db);
  if (!(await sources.sourceOf(spreadsheet.id))) throw new HttpError(404, 'This spreadsheet is not connected to Google', undefined, 'not_found');
  const synced = new Set((await sources.tabsOf(spreadsheet.id)).map((t) => t.sheet_id));
  const sheet = (await sources.sheetsOf(spreadsheet.id)).find((s) => synced.has(s.id) && s.title === body.tab);
  if (!sheet) throw badRequest(R.noTab(body.tab), [{ path: 'tab', message: R.noTab(body.tab) }]);
  const columns = parseJson<string[]>(sheet.columns, []);
  if (!columns.includes(body.to)) throw badRequest(R.noColumn(body.tab, body.to), [{ path: 'to', message: R.noColumn(body.tab, body.to) }]);
  if (body.to === body.column) throw badRequest(R.same(body.to), [{ path: 'to', message: R.same(body.to) }]);
  return ctx.db
    .transaction()
    .execute((trx) => storeRemappedBlocks(trx, ctx.dialect, spreadsheet.id, spreadsheet.workspace_id, columnMap({ columns: [[body.tab, [[body.column, body.to]]]] })));
}
