// POST /v3/getSpreadsheetData (spec §7): an app's spreadsheet data by sheet, in one answer. The
// sheets are those the app's blocks read (for a viewer: the blocks they may see), each read as the
// sheet routes read it (sheetData: a viewer gets only the columns those blocks use), and bounded:
// the first SPREADSHEET_DATA_LIMITS.rows rows of each sheet with its total, at most
// SPREADSHEET_DATA_LIMITS.sheets sheets (the titles past it in `more_sheets`). Anything further is
// read a page at a time through GET /api/board/… or /v3/api/page/sheet/….
import { SPREADSHEET_DATA_LIMITS, type SheetDataResponse, type SpreadsheetDataResponse } from '../../../shared/api';
import type { ServerContext } from '../../platform/context';
import { sheetsBlocksUse } from '../../access/columns';
import type { AppViewer, SheetAccess } from '../../access/viewer';
import type { AppView } from '../../data/apps/record';
import type { SessionUser } from '../../identity/owner-session';
import { spreadsheetsRepo } from '../../data/spreadsheets/repo';
import { sheetData } from './service';

export async function appSpreadsheetData(ctx: ServerContext, app: AppView, viewer: AppViewer, user: SessionUser | null): Promise<SpreadsheetDataResponse> {
  const empty: SpreadsheetDataResponse = { sheets: {}, more_sheets: [] };
  if (!app.spreadsheetId) return empty;
  const spreadsheet = await spreadsheetsRepo(ctx.db).findById(app.spreadsheetId);
  if (!spreadsheet) return empty;
  const titles = (await spreadsheetsRepo(ctx.db).sheetsOf([spreadsheet.id])).map((s) => s.title);
  const used = await sheetsBlocksUse(ctx, app, viewer, titles);
  // Whole sheets for the owner of the spreadsheet (as the sheet routes decide it); anyone else,
  // an owner of the app reading another workspace's spreadsheet included, reads as the app's viewer.
  const ownsSheets = viewer.owner && spreadsheet.workspace_id === app.workspaceId;
  const access: SheetAccess = { spreadsheet, user, reader: ownsSheets ? null : { app, viewer } };
  // No prototype: a sheet may be titled '__proto__'.
  const sheets = Object.create(null) as Record<string, SheetDataResponse>;
  // One sheet after another: a sheet's first read fills the cache, and twenty at once would too.
  for (const title of used.slice(0, SPREADSHEET_DATA_LIMITS.sheets)) sheets[title] = await sheetData(ctx, access, { sheetTitle: title, limit: SPREADSHEET_DATA_LIMITS.rows });
  return { sheets, more_sheets: used.slice(SPREADSHEET_DATA_LIMITS.sheets) };
}
