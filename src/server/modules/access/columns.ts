// A viewer of an app receives only the sheet columns its blocks use (issue 5): the owner reads
// whole sheets; everyone else gets, per sheet, the columns that the blocks of the pages they may
// see read (shared/settings/columns.ts, from each block's schema) and the columns the app's board
// filters name. Search, sort, filters and fields of a sheet request are held to the same columns,
// so a hidden column cannot be read back through them either.
import { needsOf, schemaOf } from '../../../blocks/schemas';
import { filtersForSheet } from '../../../shared/filters/conditions';
import { isAuthPage } from '../../../shared/rules/auth-pages';
import { columnsReadFrom } from '../../../shared/settings/columns';
import type { ServerContext } from '../../context';
import type { BoardSettings } from '../../../shared/api';
import { blocksOfPages } from '../blocks/record';
import { coordinateColumns } from '../geocode/places';
import { pagesRepo } from '../pages/repo';
import type { AppViewer } from './viewer';

export async function viewerColumns(
  ctx: ServerContext,
  app: { id: string; settings: BoardSettings },
  viewer: Pick<AppViewer, 'owner' | 'canView'>,
  sheetTitle: string,
  sheetColumns: readonly string[] = [],
): Promise<Set<string>> {
  const out = new Set<string>();
  const pages = (await pagesRepo(ctx.db).listByApp(app.id)).filter(
    (p) => viewer.owner || (p.is_public && (viewer.canView || isAuthPage(p))),
  );
  const blocks = await blocksOfPages(
    ctx,
    pages.map((p) => p.id),
  );
  for (const list of blocks.values())
    for (const block of list) {
      const schema = schemaOf(block.type);
      const read = schema ? columnsReadFrom(schema, block, sheetTitle) : [];
      for (const c of read === 'all' ? sheetColumns : read) out.add(c);
      // A geocoding block whose latitude/longitude settings are empty finds those columns by their
      // names in the sheet (geocode/places.ts), so it reads them too.
      const geo = needsOf(block.type).geocodes;
      if (geo && block.sheet_title === sheetTitle)
        for (const a of block.axis ?? []) {
          const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
          const coords = coordinateColumns([...sheetColumns], text(a[geo.latitude]), text(a[geo.longitude]));
          if (coords) out.add(coords.lat).add(coords.lng);
        }
    }
  const filters = Array.isArray(app.settings.filters) ? app.settings.filters : [];
  for (const f of filtersForSheet(filters, sheetTitle)) out.add(f.sheet_column.column);
  return out;
}
