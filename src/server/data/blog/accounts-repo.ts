// Blog admin accounts, their sessions and invitations (issue 17): the only place the accounts'
// SQL lives. Posts and media are touched only where an account's removal moves or checks them.
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { BlogAdminsTable } from '../../db/schema';

export type BlogAdminRow = Selectable<BlogAdminsTable>;
export type BlogAdminListRow = BlogAdminRow & { post_count: number | string | bigint | null };

export function blogAccountsRepo(db: Db) {
  const withCounts = () =>
    db
      .selectFrom('blog_admins')
      .selectAll('blog_admins')
      .select((eb) =>
        eb
          .selectFrom('blog_posts')
          .select((e) => e.fn.countAll().as('n'))
          .whereRef('blog_posts.author_id', '=', 'blog_admins.id')
          .as('post_count'),
      );
  return {
    /** Sessions past their 24 hours and invitations past their time (the hourly purge). */
    async deleteExpired(now: string) {
      await db.deleteFrom('blog_admin_sessions').where('expires_at', '<=', now).execute();
      await db.deleteFrom('blog_invitations').where('expires_at', '<=', now).execute();
    },
    byEmail(email: string) {
      return db.selectFrom('blog_admins').selectAll().where('email', '=', email).executeTakeFirst();
    },
    async byId(id: string): Promise<BlogAdminListRow | undefined> {
      return withCounts().where('blog_admins.id', '=', id).executeTakeFirst();
    },
    async list(): Promise<BlogAdminListRow[]> {
      return withCounts().orderBy('blog_admins.created_at', 'desc').orderBy('blog_admins.id').execute();
    },
    async insert(row: { id: string; name: string; email: string; role: string; created_at: string }) {
      await db.insertInto('blog_admins').values({ ...row, password_hash: null, avatar_media_id: null, last_login_at: null }).execute();
    },
    async update(id: string, set: Partial<Pick<BlogAdminRow, 'name' | 'role' | 'bio' | 'avatar_media_id'>>) {
      if (Object.keys(set).length) await db.updateTable('blog_admins').set(set).where('id', '=', id).execute();
    },
    async countAdmins(): Promise<number> {
      const r = await db.selectFrom('blog_admins').select((eb) => eb.fn.countAll().as('n')).where('role', '=', 'admin').executeTakeFirst();
      return Number(r?.n ?? 0);
    },
    async mediaExists(id: string): Promise<boolean> {
      return !!(await db.selectFrom('blog_media').select('id').where('id', '=', id).executeTakeFirst());
    },
    /** Sets the first password of an invited account; false when it has one already (accepted twice at once). */
    async setFirstPassword(id: string, hash: string): Promise<boolean> {
      const r = await db.updateTable('blog_admins').set({ password_hash: hash }).where('id', '=', id).where('password_hash', 'is', null).executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    async touchLogin(id: string, at: string) {
      await db.updateTable('blog_admins').set({ last_login_at: at }).where('id', '=', id).execute();
    },
    async insertSession(s: { id: string; blog_admin_id: string; created_at: string; expires_at: string }) {
      await db.insertInto('blog_admin_sessions').values(s).execute();
    },
    async deleteSession(hash: string) {
      await db.deleteFrom('blog_admin_sessions').where('id', '=', hash).execute();
    },
    /** A new invitation for the account; older ones stop working. */
    async replaceInvitation(row: { id: string; blog_admin_id: string; expires_at: string; created_at: string }) {
      await db.deleteFrom('blog_invitations').where('blog_admin_id', '=', row.blog_admin_id).execute();
      await db.insertInto('blog_invitations').values(row).execute();
    },
    /** A live invitation and the account it is for. */
    invitation(hash: string, now: string) {
      return db
        .selectFrom('blog_invitations')
        .innerJoin('blog_admins', 'blog_admins.id', 'blog_invitations.blog_admin_id')
        .select(['blog_invitations.id as invitation_id', 'blog_admins.id', 'blog_admins.name', 'blog_admins.email', 'blog_admins.role', 'blog_admins.password_hash'])
        .where('blog_invitations.id', '=', hash)
        .where('blog_invitations.expires_at', '>', now)
        .executeTakeFirst();
    },
    /** Uses up an invitation; false when another request used it first. */
    async takeInvitation(hash: string): Promise<boolean> {
      const r = await db.deleteFrom('blog_invitations').where('id', '=', hash).executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },
    async movePosts(from: string, to: string) {
      await db.updateTable('blog_posts').set({ author_id: to }).where('author_id', '=', from).execute();
    },
    /** The account and everything that signs it in (sessions and invitations cascade too; said here so it never depends on it). */
    async delete(id: string) {
      await db.deleteFrom('blog_admin_sessions').where('blog_admin_id', '=', id).execute();
      await db.deleteFrom('blog_invitations').where('blog_admin_id', '=', id).execute();
      await db.deleteFrom('blog_admins').where('id', '=', id).execute();
    },
  };
}
