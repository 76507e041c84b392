import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db';
import type { UploadsTable } from '../../db/schema';

export type UploadRow = Selectable<UploadsTable>;

export function uploadsRepo(db: Db) {
  return {
    async insert(row: UploadRow) {
      await db.insertInto('uploads').values(row).execute();
    },
    findById(id: string) {
      return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Bytes of every file the workspace stores. */
    async bytesOf(workspaceId: string): Promise<number> {
      const r = await db
        .selectFrom('uploads')
        .select(sql<string | number | null>`sum(size)`.as('bytes'))
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst();
      return Number(r?.bytes ?? 0);
    },
    /**
     * Marks the files of `ids` that belong to the spreadsheet's workspace as named by a saved row
     * (the first time only: `attached_at` keeps the first attachment).
     */
    async markAttached(ids: string[], spreadsheetId: string, at: string) {
      if (ids.length === 0) return;
      await db
        .updateTable('uploads')
        .set({ attached_at: at })
        .where('id', 'in', ids)
        .where('attached_at', 'is', null)
        .where('workspace_id', '=', (eb) => eb.selectFrom('spreadsheets').select('workspace_id').where('id', '=', spreadsheetId))
        .execute();
    },
    /** Visitors' files no saved row named, uploaded before `before` (oldest first). */
    unattachedBefore(before: string, limit: number) {
      return db
        .selectFrom('uploads')
        .select('id')
        .where('from_visitor', '=', 1)
        .where('attached_at', 'is', null)
        .where('created_at', '<', before)
        .orderBy('created_at')
        .limit(limit)
        .execute();
    },
    /** Deletes the record if it is still unattached (a row may have named it since); true when deleted. */
    async deleteUnattached(id: string): Promise<boolean> {
      const r = await db.deleteFrom('uploads').where('id', '=', id).where('attached_at', 'is', null).executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },
  };
}
