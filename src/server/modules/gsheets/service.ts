// Connecting a workspace's Google account (issue 16). The consent round trip: POST connect stores
// a random state (its hash) with the workspace, the user and the mode for 10 minutes, once; the
// callback checks it is the same signed-in user (someone else's consent link must not attach their
// Google account to your workspace, nor yours to theirs, nor use it up), then takes it back
// (whoever comes second finds nothing), exchanges the code and stores the connection. Tokens are encrypted at rest
// (secrets.ts) and never leave the server. A refresh Google refuses (`invalid_grant`) marks the
// connection "reconnect needed", pauses its spreadsheets' syncing and e-mails the workspace's owner
// (once: reconnect-mail.ts).
import { GOOGLE_MESSAGES as M, type GoogleConnection, type GoogleConnectionResponse } from '../../../shared/api/google';
import type { ServerContext } from '../../platform/context';
import type { GoogleConnectMode } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../errors';
import { newId, nowIso, randomToken, sha256 } from '../../http';
import { editsWorkspace } from '../../access/viewer';
import type { SessionUser } from '../../identity/owner-session';
import { connectionAuth, consentUrl, driveApi, exchangeCode, GOOGLE_SCOPES, invalidGrant, oauthConfigured, sheetsApi, type GoogleAuth } from '../../platform/google';
import { sendReconnectMail } from './reconnect-mail';
import { googleConnectionsRepo, googleStatesRepo, type GoogleConnectionRow } from '../../data/gsheets/repo';
import { decryptToken, encryptToken, tokenKey } from './secrets';
import { currentWorkspaceOrNull } from '../../identity/current-workspace';

/** How long a consent link stays usable. */
export const STATE_TTL_MS = 10 * 60_000;
/** Pending consent links kept per user (older ones stop working). */
export const STATES_PER_USER = 10;

export function redirectUri(ctx: ServerContext): string {
  // Not from the request: Google compares it with the one registered for the client, and the
  // code exchange must send the very same one.
  return `${ctx.config.publicScheme === 'https' ? 'https' : 'http'}://${ctx.config.baseHost}/api/google/callback`;
}

/** The workspace a request acts on: the one named (the caller must own or edit it), else the caller's current one. */
export async function workspaceFor(ctx: ServerContext, user: SessionUser, workspaceId: string | undefined): Promise<string> {
  if (workspaceId === undefined) {
    const own = await currentWorkspaceOrNull(ctx, user);
    if (!own) throw notFound(M.noWorkspace);
    return own.id;
  }
  // Someone else's workspace is answered as one that does not exist.
  if (!(await editsWorkspace(ctx, user, workspaceId))) throw notFound(M.noWorkspace);
  return workspaceId;
}

export async function startConnect(ctx: ServerContext, user: SessionUser, mode: GoogleConnectMode, workspaceId: string | undefined): Promise<{ url: string }> {
  if (!oauthConfigured(ctx.config)) throw badRequest(M.oauthOff);
  const ws = await workspaceFor(ctx, user, workspaceId);
  const state = randomToken();
  const now = Date.now();
  const states = googleStatesRepo(ctx.db);
  await states.prune(user.id, now, STATES_PER_USER - 1);
  await states.insert({ state_hash: sha256(state), workspace_id: ws, user_id: user.id, mode, expires_at: now + STATE_TTL_MS });
  return { url: await consentUrl(ctx.config, { mode, state, redirectUri: redirectUri(ctx) }) };
}

export type CallbackOutcome = { google: 'connected' | 'denied' | 'expired' | 'error'; message?: string };

/** Google's redirect back: always an outcome for the dashboard (never an error page). */
export async function finishConnect(ctx: ServerContext, user: SessionUser, query: { state?: string; code?: string; error?: string }): Promise<CallbackOutcome> {
  // Whose state it is is checked before it is spent: someone else's stays usable by its owner.
  const row = query.state ? await googleStatesRepo(ctx.db).take(sha256(query.state), user.id) : null;
  if (row === 'other') return { google: 'error', message: M.stateOtherUser };
  if (!row || row.expires_at < Date.now()) return { google: 'expired', message: M.stateExpired };
  if (query.error || !query.code) return { google: 'denied', message: M.denied };
  // The caller may have lost the workspace in the meantime (an editor removed).
  if (!(await editsWorkspace(ctx, user, row.workspace_id))) return { google: 'error', message: M.notEditor };
  if (!oauthConfigured(ctx.config)) return { google: 'error', message: M.oauthOff };
  let tokens;
  try {
    tokens = await exchangeCode(ctx.config, query.code, redirectUri(ctx), row.mode);
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message, workspaceId: row.workspace_id }, 'Google code exchange failed');
    return { google: 'error', message: M.exchangeFailed };
  }
  const key = tokenKey(ctx.config);
  const at = nowIso();
  const repo = googleConnectionsRepo(ctx.db);
  const stored = await repo.upsert({
    id: newId(),
    workspace_id: row.workspace_id,
    kind: 'oauth',
    google_email: tokens.email,
    scope: tokens.scope.slice(0, 1000),
    access_token: encryptToken(key, tokens.accessToken),
    refresh_token: tokens.refreshToken ? encryptToken(key, tokens.refreshToken) : null,
    expires_at: tokens.expiresAt,
    status: tokens.refreshToken ? 'ok' : 'reconnect_needed',
    status_reason: tokens.refreshToken ? null : M.reconnect,
    created_at: at,
    updated_at: at,
  });
  if (stored.status === 'ok') await repo.resumePaused(stored.id);
  return { google: 'connected' };
}

/** The mode a connection's granted scopes amount to (the least of what was asked and granted). */
export function modeOf(row: Pick<GoogleConnectionRow, 'kind' | 'scope'>): GoogleConnectMode {
  if (row.kind === 'service_account') return 'read-write';
  const granted = new Set(row.scope.split(/\s+/));
  if (GOOGLE_SCOPES['read-write'].every((s) => granted.has(s))) return 'read-write';
  if (GOOGLE_SCOPES.read.every((s) => granted.has(s)) || GOOGLE_SCOPES['read-write'].some((s) => granted.has(s))) return 'read';
  return 'file';
}

function connectionOut(row: GoogleConnectionRow): GoogleConnection {
  return {
    kind: row.kind,
    google_email: row.google_email,
    mode: modeOf(row),
    status: row.status,
    status_reason: row.status_reason,
    connected_at: row.created_at,
  };
}

export async function connectionStatus(ctx: ServerContext, user: SessionUser, workspaceId: string | undefined): Promise<GoogleConnectionResponse> {
  const ws = await workspaceFor(ctx, user, workspaceId);
  const row = await googleConnectionsRepo(ctx.db).byWorkspace(ws);
  return {
    oauth_available: oauthConfigured(ctx.config),
    service_account_email: ctx.config.googleServiceAccount?.clientEmail ?? null,
    connection: row ? connectionOut(row) : null,
  };
}

/** Forgets the workspace's connection and its tokens (the owner revokes the app's access in their Google account). */
export async function disconnect(ctx: ServerContext, user: SessionUser, workspaceId: string | undefined): Promise<void> {
  const ws = await workspaceFor(ctx, user, workspaceId);
  if (!(await googleConnectionsRepo(ctx.db).deleteByWorkspace(ws))) throw notFound('No Google account is connected');
}

/** The service account as a workspace's connection (created on first use; the server's key, no tokens stored). */
export async function serviceAccountConnection(ctx: ServerContext, workspaceId: string): Promise<GoogleConnectionRow> {
  const account = ctx.config.googleServiceAccount;
  if (!account) throw badRequest('No service account is set up on this server.');
  const repo = googleConnectionsRepo(ctx.db);
  const existing = await repo.byWorkspace(workspaceId);
  if (existing) return existing;
  const at = nowIso();
  return repo.upsert({
    id: newId(),
    workspace_id: workspaceId,
    kind: 'service_account',
    google_email: account.clientEmail,
    scope: 'https://www.googleapis.com/auth/spreadsheets https://www.googleapis.com/auth/drive.metadata.readonly',
    access_token: null,
    refresh_token: null,
    expires_at: null,
    status: 'ok',
    status_reason: null,
    created_at: at,
    updated_at: at,
  });
}

/** A connection's Google clients (Sheets v4, Drive v3) and `run`, which every call to Google goes through. */
export interface GoogleSession {
  sheets: Awaited<ReturnType<typeof sheetsApi>>;
  drive: Awaited<ReturnType<typeof driveApi>>;
  /**
   * Runs calls to Google: stores every token Google hands out before returning, and on
   * `invalid_grant` marks the connection "reconnect needed" (sync pauses) and throws 409 in words.
   */
  run<T>(fn: () => Promise<T>): Promise<T>;
}

export async function googleSession(ctx: ServerContext, connectionId: string): Promise<GoogleSession> {
  const repo = googleConnectionsRepo(ctx.db);
  const row = await repo.byId(connectionId);
  if (!row) throw notFound('No Google account is connected');
  if (row.status === 'reconnect_needed') throw new HttpError(409, row.status_reason ?? M.reconnect, undefined, 'google_reconnect_needed');
  const key = tokenKey(ctx.config);
  const plain = (v: string | null) => (v === null ? null : decryptToken(key, v));
  const google: GoogleAuth = await connectionAuth(
    ctx.config,
    row.kind === 'service_account' ? { kind: 'service_account' } : { kind: 'oauth', accessToken: plain(row.access_token), refreshToken: plain(row.refresh_token), expiresAt: row.expires_at },
    {
      save: (t) =>
        repo.saveTokens(row.id, { access_token: encryptToken(key, t.accessToken), ...(t.refreshToken ? { refresh_token: encryptToken(key, t.refreshToken) } : {}), expires_at: t.expiresAt }, nowIso()),
    },
  );
  return {
    sheets: await sheetsApi(ctx.config, google.auth),
    drive: await driveApi(ctx.config, google.auth),
    async run(fn) {
      try {
        return await fn();
      } catch (e) {
        const refused = invalidGrant(e);
        if (!refused) throw e;
        // The owner is told once: by the call that moved the connection from 'ok'.
        if (await repo.markReconnectNeeded(row.id, refused.reason, nowIso())) await sendReconnectMail(ctx, row.id, refused.reason);
        throw new HttpError(409, M.reconnect, undefined, 'google_reconnect_needed');
      } finally {
        await google.settled();
      }
    },
  };
}
