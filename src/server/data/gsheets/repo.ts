// SQL of Google connections and the consent round trips (migration 0016). Tokens are stored as
// given (the service encrypts them); nothing here decides who may see what.
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { GoogleConnectionsTable, GoogleOauthStatesTable } from '../../db/schema';

export type GoogleConnectionRow = Omit<Selectable<GoogleConnectionsTable>, 'expires_at'> & { expires_at: number | null };
export type GoogleOauthStateRow = Omit<Selectable<GoogleOauthStatesTable>, 'expires_at'> & { expires_at: number };

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

export function googleConnectionsRepo(db: Db) {
  return {
    async byWorkspace(workspaceId: string): Promise<GoogleConnectionRow | undefined> {
      const row = await db.selectFrom('google_connections').selectAll().where('workspace_id', '=', workspaceId).executeTakeFirst();
      return row && { ...row, expires_at: num(row.expires_at) };
    },
    async byId(id: string): Promise<GoogleConnectionRow | undefined> {
      const row = await db.selectFrom('google_connections').selectAll().where('id', '=', id).executeTakeFirst();
      return row && { ...row, expires_at: num(row.expires_at) };
    },
    /** One connection per workspace: a reconnect replaces the old one in place (its sources keep pointing at it). */
    async upsert(row: GoogleConnectionRow): Promise<GoogleConnectionRow> {
      return db.transaction().execute(async (trx) => {
        const existing = await trx.selectFrom('google_connections').select(['id', 'created_at']).where('workspace_id', '=', row.workspace_id).executeTakeFirst();
        if (existing) {
          const { id: _id, workspace_id: _ws, created_at: _c, ...changes } = row;
          await trx.updateTable('google_connections').set(changes).where('id', '=', existing.id).execute();
          return { ...row, id: existing.id, created_at: existing.created_at };
        }
        await trx.insertInto('google_connections').values(row).execute();
        return row;
      });
    },
    /** A refreshed access token; the refresh token only when Google sent a new one. */
    async saveTokens(id: string, tokens: { access_token: string; refresh_token?: string; expires_at: number | null }, at: string): Promise<void> {
      await db
        .updateTable('google_connections')
        .set({ access_token: tokens.access_token, expires_at: tokens.expires_at, updated_at: at, ...(tokens.refresh_token ? { refresh_token: tokens.refresh_token } : {}) })
        .where('id', '=', id)
        .execute();
    },
    /**
     * Google refused the connection. True only for the call that moved it from 'ok' (one UPDATE
     * guarded by the status: of two requests failing at once, exactly one sees a change, so the
     * owner is told once).
     */
    async markReconnectNeeded(id: string, reason: string, at: string): Promise<boolean> {
      const res = await db
        .updateTable('google_connections')
        .set({ status: 'reconnect_needed', status_reason: reason, access_token: null, expires_at: null, updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'ok')
        .executeTakeFirst();
      // Sync pauses for every spreadsheet of the connection; the board keeps the last synced rows.
      await db.updateTable('google_sources').set({ status: 'paused', error: reason }).where('connection_id', '=', id).where('status', '!=', 'paused').execute();
      return Number(res.numUpdatedRows) > 0;
    },
    /** Who owns the workspace of a connection (the one told when it needs reconnecting). */
    ownerOf(id: string): Promise<{ name: string; email: string; kind: GoogleConnectionRow['kind']; google_email: string | null } | undefined> {
      return db
        .selectFrom('google_connections')
        .innerJoin('workspaces', 'workspaces.id', 'google_connections.workspace_id')
        .innerJoin('users', 'users.id', 'workspaces.owner_id')
        .select(['users.name', 'users.email', 'google_connections.kind', 'google_connections.google_email'])
        .where('google_connections.id', '=', id)
        .executeTakeFirst();
    },
    /** Titles of the spreadsheets synced through a connection, in title order. */
    async spreadsheetTitles(id: string): Promise<string[]> {
      const rows = await db
        .selectFrom('google_sources')
        .innerJoin('spreadsheets', 'spreadsheets.id', 'google_sources.spreadsheet_id')
        .select('spreadsheets.title')
        .where('google_sources.connection_id', '=', id)
        .orderBy('spreadsheets.title')
        .execute();
      return rows.map((r) => r.title);
    },
    /**
     * After a reconnect: spreadsheets paused because Google refused the connection (they carry its
     * reason) sync again; one paused for another reason (no reason recorded) stays paused.
     */
    async resumePaused(id: string): Promise<void> {
      await db.updateTable('google_sources').set({ status: 'ok', error: null }).where('connection_id', '=', id).where('status', '=', 'paused').where('error', 'is not', null).execute();
    },
    async deleteByWorkspace(workspaceId: string): Promise<boolean> {
      const res = await db.deleteFrom('google_connections').where('workspace_id', '=', workspaceId).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },
  };
}

export function googleStatesRepo(db: Db) {
  return {
    async insert(row: GoogleOauthStateRow): Promise<void> {
      await db.insertInto('google_oauth_states').values(row).execute();
    },
    /** Expired states, and a user's oldest pending ones beyond `keep` (a client asking again and again stores no more). */
    async prune(userId: string, now: number, keep: number): Promise<void> {
      await db.deleteFrom('google_oauth_states').where('expires_at', '<', now).execute();
      const old = await db.selectFrom('google_oauth_states').select('state_hash').where('user_id', '=', userId).orderBy('expires_at', 'desc').offset(keep).limit(1000).execute();
      if (old.length > 0)
        await db
          .deleteFrom('google_oauth_states')
          .where('state_hash', 'in', old.map((o) => o.state_hash))
          .execute();
    },
    /**
     * Takes the state (single use) for the user who started it: the row is deleted only when it is
     * theirs, and answered only to the first of two racing. `other` when it exists but is someone
     * else's (left as it is, so its owner can still finish).
     */
    async take(stateHash: string, userId: string): Promise<GoogleOauthStateRow | 'other' | null> {
      const row = await db.selectFrom('google_oauth_states').selectAll().where('state_hash', '=', stateHash).executeTakeFirst();
      if (!row) return null;
      if (row.user_id !== userId) return 'other';
      const res = await db.deleteFrom('google_oauth_states').where('state_hash', '=', stateHash).where('user_id', '=', userId).executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) return null;
      return { ...row, expires_at: Number(row.expires_at) };
    },
    /** Drops the user's pending consent links (the account's ownership was proved again); answers how many. */
    async dropOf(userId: string): Promise<number> {
      const res = await db.deleteFrom('google_oauth_states').where('user_id', '=', userId).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}
