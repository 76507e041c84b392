// The blog's media library (issue 17): the only place its SQL lives.
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db';
import type { BlogMediaTable } from '../../db/schema';
import { likeLiteral } from '../admin/repo';

export type BlogMediaRow = Selectable<BlogMediaTable> & { uploader_name: string | null };

export function blogMediaRepo(db: Db) {
  const withUploader = () =>
    db.selectFrom('blog_media').leftJoin('blog_admins', 'blog_admins.id', 'blog_media.uploaded_by').selectAll('blog_media').select('blog_admins.name as uploader_name');
  const search = (term: string | null) => {
    let q = db.selectFrom('blog_media');
    if (term) {
      const pattern = `%${likeLiteral(term.toLowerCase())}%`;
      q = q.where(sql<boolean>`(lower(blog_media.name) like ${pattern} escape '\\' or lower(blog_media.alt) like ${pattern} escape '\\')`);
    }
    return q;
  };
  return {
    byId(id: string): Promise<BlogMediaRow | undefined> {
      return withUploader().where('blog_media.id', '=', id).executeTakeFirst();
    },
    async page(term: string | null, offset: number, limit: number): Promise<BlogMediaRow[]> {
      const ids = await search(term).select('blog_media.id').orderBy('blog_media.created_at', 'desc').orderBy('blog_media.id', 'desc').offset(offset).limit(limit).execute();
      if (!ids.length) return [];
      const rows = await withUploader().where('blog_media.id', 'in', ids.map((r) => r.id)).execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((r) => byId.get(r.id)).filter((r): r is BlogMediaRow => !!r);
    },
    async total(term: string | null): Promise<number> {
      const r = await search(term).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
      return Number(r?.n ?? 0);
    },
    async insert(row: Omit<Selectable<BlogMediaTable>, never>) {
      await db.insertInto('blog_media').values(row).execute();
    },
    /** Removes the image; avatars showing it go back to none. */
    async delete(id: string) {
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('blog_admins').set({ avatar_media_id: null }).where('avatar_media_id', '=', id).execute();
        await trx.deleteFrom('blog_media').where('id', '=', id).execute();
      });
    },
  };
}
