// The SQL of owner accounts (issue 18): the account row, its e-mailed one-time links and its sessions.
import type { Db } from '../../db';
import type { AccountTokensTable } from '../../db/schema';
import { spendToken } from '../one-use-tokens';

export type TokenPurpose = AccountTokensTable['purpose'];

export function accountRepo(db: Db) {
  return {
    user(id: string) {
      return db.selectFrom('users').select(['id', 'name', 'email', 'password_hash', 'email_verified_at', 'created_at']).where('id', '=', id).executeTakeFirst();
    },
    userByEmail(email: string) {
      return db.selectFrom('users').select(['id', 'name', 'email', 'email_verified_at']).where('email', '=', email).executeTakeFirst();
    },
    /** Whether the account that owns the workspace has proved its address (false for an unknown workspace). */
    async workspaceOwnerVerified(workspaceId: string): Promise<{ ownerId: string; verified: boolean } | undefined> {
      const row = await db
        .selectFrom('workspaces')
        .innerJoin('users', 'users.id', 'workspaces.owner_id')
        .select(['users.id', 'users.email_verified_at'])
        .where('workspaces.id', '=', workspaceId)
        .executeTakeFirst();
      return row && { ownerId: row.id, verified: row.email_verified_at != null };
    },
    async setName(id: string, name: string) {
      await db.updateTable('users').set({ name }).where('id', '=', id).execute();
    },
    /** The account keeps no password: it signs in by e-mailed link until one is chosen ("Forgot password?"). */
    async clearPassword(id: string) {
      await db.updateTable('users').set({ password_hash: null }).where('id', '=', id).execute();
    },
    async setPassword(id: string, hash: string) {
      await db.updateTable('users').set({ password_hash: hash }).where('id', '=', id).execute();
    },
    /** Marks the address verified if it is still the account's address (a link to an old one proves nothing now). */
    async markVerified(id: string, email: string, at: string): Promise<boolean> {
      const r = await db.updateTable('users').set({ email_verified_at: at }).where('id', '=', id).where('email', '=', email).where('email_verified_at', 'is', null).executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    async setEmail(id: string, email: string, at: string) {
      await db.updateTable('users').set({ email, email_verified_at: at }).where('id', '=', id).execute();
    },

    async insertToken(t: { id: string; user_id: string; purpose: TokenPurpose; email: string; expires_at: string; created_at: string }) {
      await db.insertInto('account_tokens').values({ ...t, used_at: null }).execute();
    },
    async recentTokens(userId: string, purpose: TokenPurpose, since: string): Promise<number> {
      const r = await db
        .selectFrom('account_tokens')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('created_at', '>', since)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
    /** Whether the token is one of `purposes`, unused and unexpired at `now` (nothing is spent). */
    async tokenWorks(hash: string, purposes: TokenPurpose[], now: string): Promise<boolean> {
      const row = await db
        .selectFrom('account_tokens')
        .select('id')
        .where('id', '=', hash)
        .where('purpose', 'in', purposes)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return !!row;
    },
    /** Marks an unused, unexpired link of `purposes` used and answers it, atomically: a link works once even under races. */
    async consumeToken(hash: string, purposes: TokenPurpose[], now: string) {
      if (!(await spendToken(db, 'account_tokens', hash, now, purposes))) return undefined;
      return db.selectFrom('account_tokens').select(['user_id', 'purpose', 'email']).where('id', '=', hash).executeTakeFirst();
    },
    /** Spends every open e-mailed link of the account: reset, verification, address-change and sign-in links; answers how many. */
    async spendAllLinks(userId: string, now: string): Promise<number> {
      const a = await db.updateTable('account_tokens').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).where('expires_at', '>', now).executeTakeFirst();
      const l = await db.updateTable('login_tokens').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).where('expires_at', '>', now).executeTakeFirst();
      return Number(a.numUpdatedRows) + Number(l.numUpdatedRows);
    },
    /** The newest open address-change link's address, or null. */
    async pendingEmail(userId: string, now: string): Promise<string | null> {
      const row = await db
        .selectFrom('account_tokens')
        .select('email')
        .where('user_id', '=', userId)
        .where('purpose', '=', 'email')
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      return row?.email ?? null;
    },
    async deleteExpiredTokens(now: string) {
      await db.deleteFrom('account_tokens').where('expires_at', '<=', now).execute();
    },

    sessions(userId: string, now: string) {
      return db
        .selectFrom('sessions')
        .select(['id', 'user_agent', 'created_at', 'last_seen_at'])
        .where('user_id', '=', userId)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .execute();
    },
    /** Ends the account's sessions but `keep` (a session id hash, or null for all); answers how many ended. */
    async endSessions(userId: string, keep: string | null): Promise<number> {
      let q = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (keep) q = q.where('id', '!=', keep);
      const r = await q.executeTakeFirst();
      return Number(r.numDeletedRows);
    },
    async endSession(userId: string, id: string): Promise<boolean> {
      const r = await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    /** Every workspace the account owns (one today; the query does not assume it). */
    workspacesOwnedBy(userId: string) {
      return db.selectFrom('workspaces').select('id').where('owner_id', '=', userId).execute();
    },
    appsOf(workspaceIds: string[]) {
      if (workspaceIds.length === 0) return Promise.resolve([] as { id: string }[]);
      return db.selectFrom('apps').select('id').where('workspace_id', 'in', workspaceIds).execute();
    },
    uploadsOf(workspaceIds: string[]) {
      if (workspaceIds.length === 0) return Promise.resolve([] as { id: string }[]);
      return db.selectFrom('uploads').select('id').where('workspace_id', 'in', workspaceIds).execute();
    },
    sheetsOf(workspaceIds: string[]) {
      if (workspaceIds.length === 0) return Promise.resolve([] as { id: string }[]);
      return db
        .selectFrom('sheets')
        .innerJoin('spreadsheets', 'spreadsheets.id', 'sheets.spreadsheet_id')
        .select('sheets.id')
        .where('spreadsheets.workspace_id', 'in', workspaceIds)
        .execute();
    },
    /**
     * The workspaces (apps first: an app's spreadsheet is not a cascade of it, then the rest
     * cascades: spreadsheets, sheets, rows, uploads' records, editors, requests, listings,
     * Google links) and then the account (sessions, links, editor memberships elsewhere).
     */
    async deleteAccount(userId: string, workspaceIds: string[]) {
      if (workspaceIds.length) {
        await db.deleteFrom('apps').where('workspace_id', 'in', workspaceIds).execute();
        await db.deleteFrom('workspaces').where('id', 'in', workspaceIds).execute();
      }
      await db.deleteFrom('users').where('id', '=', userId).execute();
    },
  };
}
