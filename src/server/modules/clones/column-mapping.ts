// The buyer's column mapping as it stands (issue 33 §2): the template's sheets and columns → the
// buyer's, kept on the clone's origin so that an update's blocks are read in the buyer's columns.
// Each mapping the buyer applies is composed onto the one before (template → first file → second
// file stays template → second file).
import type { MappingBody } from '../../../shared/api/templates';
import type { ColumnMap } from '../../../shared/settings/columns';
import type { Db } from '../../db';
import { parseJson } from '../../http';
import { updateRepo } from '../../data/clones/update-repo';

/** Template sheet title → the buyer's sheet and, per template column, the buyer's column. */
export type ColumnMapping = Record<string, { to: string; columns: Record<string, string> }>;

export const readMapping = (text: string | null | undefined): ColumnMapping => parseJson<ColumnMapping>(text, {});

/** The mapping as a ColumnMap (undefined: the name stays). */
export function columnMapOf(mapping: ColumnMapping): ColumnMap {
  return {
    sheet: (title) => (Object.hasOwn(mapping, title) ? mapping[title]!.to : undefined),
    column: (sheet, column) => {
      const m = Object.hasOwn(mapping, sheet) ? mapping[sheet]! : undefined;
      return m && Object.hasOwn(m.columns, column) ? m.columns[column] : undefined;
    },
  };
}

/** `before` followed by `body` (a column mapped to null stays what it was). */
export function composeMapping(before: ColumnMapping, body: Pick<MappingBody, 'sheets'>): ColumnMapping {
  const step = new Map(body.sheets.map((s) => [s.from, s]));
  const out: ColumnMapping = {};
  const apply = (templateSheet: string, currentSheet: string, columns: Record<string, string>) => {
    const next = step.get(currentSheet);
    if (!next) {
      out[templateSheet] = { to: currentSheet, columns };
      return;
    }
    const mapped: Record<string, string> = {};
    for (const [templateColumn, current] of Object.entries(columns)) mapped[templateColumn] = (Object.hasOwn(next.columns, current) ? next.columns[current] : null) ?? current;
    for (const [current, to] of Object.entries(next.columns))
      if (to !== null && !Object.values(columns).includes(current) && !Object.hasOwn(mapped, current)) mapped[current] = to;
    out[templateSheet] = { to: next.to, columns: mapped };
  };
  const reached = new Set<string>();
  for (const [templateSheet, m] of Object.entries(before)) {
    apply(templateSheet, m.to, m.columns);
    reached.add(m.to);
  }
  for (const s of body.sheets) if (!Object.hasOwn(before, s.from) && !reached.has(s.from)) apply(s.from, s.from, {});
  return out;
}

/** Records the mapping the buyer just applied on the app's origin (inside the mapping's transaction; no origin: nothing). */
export async function recordMapping(trx: Db, appId: string, body: Pick<MappingBody, 'sheets'>): Promise<void> {
  const repo = updateRepo(trx);
  const origin = await repo.origin(appId);
  if (!origin) return;
  await repo.setMapping(appId, JSON.stringify(composeMapping(readMapping(origin.column_mapping), body)));
}
