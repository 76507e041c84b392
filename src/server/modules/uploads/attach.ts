// Which uploads a saved row names. A file field or an 'Upload Image' column stores the address
// the upload route answered (/api/uploads/{id}); a row written through the rows service marks the
// files it names as attached, so that the sweep (service.ts sweepUploads) keeps them. Only files
// of the sheet's own workspace are marked: a row cannot keep another workspace's files alive.
import type { Db } from '../../db';
import { nowIso } from '../../http';
import { uploadsRepo } from '../../data/uploads/repo';

/** `/uploads/{id}` (after /api, or inside a full address), the id not running on. */
const UPLOAD_REF = /\/uploads\/([A-Za-z0-9_-]{1,32})(?![A-Za-z0-9_-])/g;
/** Ids one write may mark (a cell can hold text, not thousands of files). */
const MAX_REFS = 200;

/** The upload ids named by the values of a row (in text cells; numbers name none). */
export function uploadIdsIn(values: Record<string, unknown>): string[] {
  const ids = new Set<string>();
  for (const value of Object.values(values)) {
    if (typeof value !== 'string' || !value.includes('/uploads/')) continue;
    for (const m of value.matchAll(UPLOAD_REF)) {
      ids.add(m[1]!);
      if (ids.size >= MAX_REFS) return [...ids];
    }
  }
  return [...ids];
}

/** Marks the uploads a row of the spreadsheet names as attached (inside the row's transaction). */
export async function attachUploads(db: Db, spreadsheetId: string, values: Record<string, unknown>): Promise<void> {
  const ids = uploadIdsIn(values);
  if (ids.length > 0) await uploadsRepo(db).markAttached(ids, spreadsheetId, nowIso());
}
