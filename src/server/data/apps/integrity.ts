// The integrity check of an app against its data (shared/settings/integrity.ts) on the stored app:
// its blocks on every page and the columns of its spreadsheet's sheets. Read by the editor (broken
// blocks marked in words), Push to Live and a marketplace submission (a warning naming them).
import { schemaOf } from '../../../blocks/schemas';
import { brokenBlocksInWords, checkApp, type BrokenBlock } from '../../../shared/settings/integrity';
import type { Db } from '../../db';
import { parseJson } from '../../http';
import { blockRecord } from '../blocks/record';
import { clonesRepo } from '../clones/repo';
import type { AppView } from './record';

/** The app's broken blocks, in page order (board filters last, blockId ''). */
export async function appIntegrity(db: Db, app: Pick<AppView, 'id' | 'spreadsheetId' | 'settings'>): Promise<BrokenBlock[]> {
  const repo = clonesRepo(db);
  const blocks = (await repo.appBlocks(app.id)).map(blockRecord);
  const sheets = app.spreadsheetId ? (await repo.sheets(app.spreadsheetId)).map((s) => ({ title: s.title, columns: parseJson<string[]>(s.columns, []) })) : [];
  const filters = Array.isArray(app.settings.filters) ? app.settings.filters : [];
  return checkApp(blocks, sheets, schemaOf, filters);
}

/** The warning publishing answers with when blocks are broken (null: none). */
export async function publishWarnings(db: Db, app: Pick<AppView, 'id' | 'spreadsheetId' | 'settings'>): Promise<string[]> {
  const words = brokenBlocksInWords(await appIntegrity(db, app));
  return words ? [words] : [];
}
