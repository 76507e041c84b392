// The only SQL of app users: the users of an app, their sessions and one-time tokens.
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { AppUsersTable } from '../../db/schema';
import { spendToken } from '../one-use-tokens';

export type AppUserRow = Selectable<AppUsersTable>;
export type TokenPurpose = 'invite' | 'reset';

/** PostgreSQL returns bigint columns as strings: created_at is a number on both databases. */
const row = (r: AppUserRow): AppUserRow => ({ ...r, created_at: Number(r.created_at) });

export function appUsersRepo(db: Db) {
  return {
    async listByApp(appId: string): Promise<AppUserRow[]> {
      const rows = await db.selectFrom('app_users').selectAll().where('app_id', '=', appId).orderBy('created_at').orderBy('id').execute();
      return rows.map(row);
    },
    async findById(appId: string, id: string): Promise<AppUserRow | undefined> {
      const r = await db.selectFrom('app_users').selectAll().where('app_id', '=', appId).where('id', '=', id).executeTakeFirst();
      return r && row(r);
    },
    async findByEmail(appId: string, email: string): Promise<AppUserRow | undefined> {
      const r = await db.selectFrom('app_users').selectAll().where('app_id', '=', appId).where('email', '=', email).executeTakeFirst();
      return r && row(r);
    },
    async insert(u: AppUserRow) {
      await db.insertInto('app_users').values(u).execute();
    },
    async update(appId: string, id: string, patch: Partial<Pick<AppUserRow, 'name' | 'email' | 'permissions' | 'password_hash' | 'groups' | 'updated_at'>>) {
      await db.updateTable('app_users').set(patch).where('app_id', '=', appId).where('id', '=', id).execute();
    },
    /** Deletes the user (their sessions and tokens go with them: foreign keys cascade). True when one was deleted. */
    async delete(appId: string, id: string): Promise<boolean> {
      const res = await db.deleteFrom('app_users').where('app_id', '=', appId).where('id', '=', id).executeTakeFirst();
      return Number(res.numDeletedRows) === 1;
    },

    /** Whether any page of the app holds a register block (the owner's way of opening sign-up). */
    async hasBlockOfType(appId: string, type: string): Promise<boolean> {
      const r = await db
        .selectFrom('blocks')
        .innerJoin('pages', 'pages.id', 'blocks.page_id')
        .select('blocks.id')
        .where('pages.app_id', '=', appId)
        .where('blocks.type', '=', type)
        .limit(1)
        .executeTakeFirst();
      return !!r;
    },

    async insertSession(s: { id: string; app_user_id: string; app_id: string; expires_at: string; created_at: string }) {
      await db.insertInto('app_user_sessions').values(s).execute();
    },
    async deleteSession(hash: string, appId: string) {
      await db.deleteFrom('app_user_sessions').where('id', '=', hash).where('app_id', '=', appId).execute();
    },
    async deleteSessionsOf(appUserId: string) {
      await db.deleteFrom('app_user_sessions').where('app_user_id', '=', appUserId).execute();
    },

    async insertToken(t: { id: string; app_user_id: string; purpose: TokenPurpose; expires_at: string; created_at: string }) {
      await db.insertInto('app_user_tokens').values({ ...t, used_at: null }).execute();
    },
    /** The user of an unused, unexpired token of this purpose that belongs to a user of `appId`. */
    async findUsableToken(hash: string, purpose: TokenPurpose, appId: string, now: string): Promise<string | null> {
      const r = await db
        .selectFrom('app_user_tokens')
        .innerJoin('app_users', 'app_users.id', 'app_user_tokens.app_user_id')
        .select('app_user_tokens.app_user_id')
        .where('app_user_tokens.id', '=', hash)
        .where('app_user_tokens.purpose', '=', purpose)
        .where('app_user_tokens.used_at', 'is', null)
        .where('app_user_tokens.expires_at', '>', now)
        .where('app_users.app_id', '=', appId)
        .executeTakeFirst();
      return r?.app_user_id ?? null;
    },
    /** Marks the token used, atomically: of several requests holding it, exactly one gets true. */
    consumeToken(hash: string, now: string): Promise<boolean> {
      return spendToken(db, 'app_user_tokens', hash, now);
    },
    /** Drops the user's unused links (after their e-mail changes, or once a password is set). */
    async deleteUnusedTokens(appUserId: string) {
      await db.deleteFrom('app_user_tokens').where('app_user_id', '=', appUserId).where('used_at', 'is', null).execute();
    },

    async deleteExpired(now: string) {
      await db.deleteFrom('app_user_sessions').where('expires_at', '<=', now).execute();
      await db.deleteFrom('app_user_tokens').where('expires_at', '<=', now).execute();
    },
  };
}
