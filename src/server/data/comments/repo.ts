import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { CommentsTable } from '../../db/schema';

export type CommentRow = Selectable<CommentsTable>;

export function commentsRepo(db: Db) {
  return {
    /** The block with its page and app (who may read its comments depends on both). */
    async blockWithPage(blockId: string) {
      const row = await db
        .selectFrom('blocks')
        .innerJoin('pages', 'pages.id', 'blocks.page_id')
        .select(['blocks.id', 'blocks.type', 'pages.app_id', 'pages.is_public', 'pages.is_auth', 'pages.page_slug'])
        .where('blocks.id', '=', blockId)
        .executeTakeFirst();
      return row && { ...row, is_public: Number(row.is_public) === 1, is_auth: Number(row.is_auth) === 1 };
    },
    async insert(row: CommentRow) {
      await db.insertInto('comments').values(row).execute();
    },
    /** Newest first; equal times (never within one process) fall back to the id. */
    page(blockId: string, offset: number, limit: number) {
      return db
        .selectFrom('comments')
        .select(['id', 'author', 'body', 'created_at'])
        .where('block_id', '=', blockId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },
    async count(blockId: string): Promise<number> {
      const r = await db.selectFrom('comments').select((eb) => eb.fn.countAll().as('n')).where('block_id', '=', blockId).executeTakeFirst();
      return Number(r?.n ?? 0);
    },
    async remove(blockId: string, id: string): Promise<boolean> {
      const r = await db.deleteFrom('comments').where('block_id', '=', blockId).where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
  };
}
