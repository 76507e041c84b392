import type { Selectable } from 'kysely';
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
  };
}
