import type { Db } from '../../db';
import { spendToken } from '../one-use-tokens';

export interface UserRow {
  id: string;
  name: string;
  email: string;
  password_hash: string | null;
}

export function authRepo(db: Db) {
  return {
    findUserByEmail(email: string) {
      return db.selectFrom('users').select(['id', 'name', 'email', 'password_hash']).where('email', '=', email).executeTakeFirst();
    },
    findUserById(id: string) {
      return db.selectFrom('users').select(['id', 'name', 'email', 'password_hash']).where('id', '=', id).executeTakeFirst();
    },
    async insertUser(u: UserRow & { created_at: string; email_verified_at?: string | null }) {
      await db.insertInto('users').values(u).execute();
    },
    async insertSession(s: { id: string; user_id: string; expires_at: string; created_at: string; user_agent?: string | null }) {
      await db.insertInto('sessions').values(s).execute();
    },
    userBySession(hash: string, now: string) {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['users.id', 'users.name', 'users.email', 'sessions.last_seen_at'])
        .where('sessions.id', '=', hash)
        .where('sessions.expires_at', '>', now)
        .executeTakeFirst();
    },
    /** The sessions list's "last seen" (account page). */
    async touchSession(hash: string, at: string) {
      await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', hash).execute();
    },
    /** Proves the address (a sign-in link reached it); whether it was unproved until now. */
    async markVerified(userId: string, email: string, at: string): Promise<boolean> {
      const r = await db.updateTable('users').set({ email_verified_at: at }).where('id', '=', userId).where('email', '=', email).where('email_verified_at', 'is', null).executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async deleteSession(hash: string) {
      await db.deleteFrom('sessions').where('id', '=', hash).execute();
    },
    async deleteExpired(now: string) {
      await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
      await db.deleteFrom('login_tokens').where('expires_at', '<=', now).execute();
      await db.deleteFrom('account_tokens').where('expires_at', '<=', now).execute();
    },
    async recentLoginTokens(userId: string, since: string) {
      const r = await db
        .selectFrom('login_tokens')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .where('created_at', '>', since)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
    async insertLoginToken(t: { id: string; user_id: string; expires_at: string; created_at: string }) {
      await db.insertInto('login_tokens').values({ ...t, used_at: null }).execute();
    },
    /** Marks the token used and returns its user, atomically: a token works once even under races. */
    async consumeLoginToken(hash: string, now: string): Promise<string | null> {
      if (!(await spendToken(db, 'login_tokens', hash, now))) return null;
      const row = await db.selectFrom('login_tokens').select('user_id').where('id', '=', hash).executeTakeFirst();
      return row?.user_id ?? null;
    },
  };
}
