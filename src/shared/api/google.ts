// Connecting a Google account (issue 16): the owner (or an editor) of a workspace connects it once,
// by Google's consent page, and the workspace's spreadsheets then sync through that connection. A
// server with a service account configured also lets owners share sheets with its e-mail instead.
// Tokens never leave the server: no answer below carries one.
import { z } from 'zod';

export const GOOGLE_CONNECT_MODES = ['read', 'read-write', 'file'] as const;

/** Optional: the workspace the caller edits as an editor; without it, the caller's own. */
const WorkspaceRef = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'Unknown workspace');

/** POST /api/google/connect → { url } of Google's consent page (valid 10 minutes, once). */
export const GoogleConnectBody = z.object({
  mode: z.enum(GOOGLE_CONNECT_MODES, { message: "Choose how the app may use your sheets: 'read', 'read-write' or 'file'." }),
  workspace_id: WorkspaceRef.optional(),
});
export const GoogleConnectResponse = z.object({ url: z.string() });

/**
 * GET /api/google/callback: where Google sends the owner back (then on to /dashboard?google=…).
 * Loose: Google adds parameters of its own beside these (scope, authuser, prompt, hd, iss, ...),
 * which are read nowhere and must not make the round trip a 400.
 */
export const GoogleCallbackQuery = z.looseObject({
  state: z.string().max(200).optional(),
  code: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
});

/** GET and DELETE /api/google/connection. */
export const GoogleConnectionQuery = z.object({ workspace_id: WorkspaceRef.optional() });

export const GoogleConnection = z.object({
  kind: z.enum(['oauth', 'service_account']),
  /** The Google account connected (null when Google did not say). */
  google_email: z.string().nullable(),
  /** What the connection may do: read, read-write, or only the files opened with this app. */
  mode: z.enum(GOOGLE_CONNECT_MODES),
  /** 'reconnect_needed': Google refused the connection; syncing is paused until the owner connects again. */
  status: z.enum(['ok', 'reconnect_needed']),
  /** Why, in words (null when ok). */
  status_reason: z.string().nullable(),
  connected_at: z.string(),
});
export type GoogleConnection = z.infer<typeof GoogleConnection>;

export const GoogleConnectionResponse = z.object({
  /** Whether this server can connect Google accounts by consent (GOOGLE_CLIENT_ID/SECRET set). */
  oauth_available: z.boolean(),
  /** When the server has a service account: the e-mail to share sheets with (as an editor to write back). */
  service_account_email: z.string().nullable(),
  connection: GoogleConnection.nullable(),
});
export type GoogleConnectionResponse = z.infer<typeof GoogleConnectionResponse>;

/** The `google` parameter of /dashboard after the consent page. */
export const GOOGLE_CALLBACK_OUTCOMES = ['connected', 'denied', 'expired', 'error'] as const;

export const GOOGLE_MESSAGES = {
  oauthOff: 'Connecting a Google account is not set up on this server. Ask its administrator to set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.',
  noWorkspace: 'Workspace not found',
  notEditor: 'Only the owner and editors of this workspace can connect Google.',
  stateExpired: 'This Google sign-in link has expired or was already used. Start connecting Google again.',
  stateOtherUser: 'This Google sign-in was started from another account. Start connecting Google again while signed in to your own account.',
  denied: 'Google access was not granted, so no sheets were connected.',
  exchangeFailed: 'Google did not accept the sign-in. Please try connecting again.',
  reconnect: 'Google no longer accepts this connection (access was removed or has expired). Reconnect your Google account.',
  tooManyConnects: (wait: string) => `Too many attempts to connect Google. Please wait ${wait} and try again.`,
  tooManyPulls: (wait: string) => `Too many syncs asked for. Please wait ${wait} and try again.`,
} as const;

// ---- A Google spreadsheet connected by its link (pulled into our tables; blocks read it as any sheet) ----

/** Where a connected spreadsheet's sync stands (GET …/:spreadsheetId, and after connect / pull). */
export const GoogleSyncStatus = z.object({
  spreadsheet_id: z.string(),
  /** The link it was connected by (opens the sheet in Google). */
  url: z.string(),
  /** 'syncing': a pull is running (first sync: progress below); 'paused': the connection needs reconnecting. */
  status: z.enum(['syncing', 'ok', 'error', 'paused']),
  /** Why it failed or paused, in words (null when fine). */
  error: z.string().nullable(),
  progress_rows: z.number(),
  /** Rows to read in all, when known. */
  progress_total: z.number().nullable(),
  last_pull_at: z.string().nullable(),
  /** The tabs as sheets, with their row counts and current columns (what a broken column may be remapped to). */
  tabs: z.array(z.object({ title: z.string(), rows: z.number(), columns: z.array(z.string()) })),
  /**
   * Columns renamed or deleted in Google that blocks still name (the data-contract guard): which
   * tab, block and settings, and the new name of a renamed column (null: deleted). Empty once the
   * blocks are remapped or the column comes back.
   */
  broken_columns: z.array(
    z.object({
      tab: z.string(),
      block_id: z.string(),
      type: z.string(),
      /** The block as the owner knows it: its title, else its kind's name ('Table'). */
      block_name: z.string(),
      column: z.string(),
      change: z.enum(['renamed', 'deleted']),
      to: z.string().nullable(),
      settings: z.array(z.object({ path: z.string(), label: z.string() })),
    }),
  ),
  /** The app's edits not written to Google yet (they wait while the connection is paused or Google fails). */
  pending_edits: z.number(),
  /** Why the last try to write them failed, in words (null when fine). */
  push_error: z.string().nullable(),
  /**
   * What could not be written as the app meant it (newest first, at most 50 of conflict_count):
   * 'cell' changed in both (the sheet's value stands), 'row-deleted' edited in the app but deleted
   * in Google, 'row-changed' deleted in the app but changed in Google (kept), 'column-gone' the
   * column was renamed or deleted in Google.
   */
  conflicts: z.array(
    z.object({
      id: z.string(),
      tab: z.string(),
      row: z.string(),
      kind: z.enum(['cell', 'row-deleted', 'row-changed', 'column-gone']),
      column: z.string().nullable(),
      /** What the app saw, what the sheet holds, what the app sent (as text; null: empty). */
      base: z.string().nullable(),
      sheet: z.string().nullable(),
      app: z.string().nullable(),
      winner: z.enum(['sheet', 'app']),
      at: z.string(),
    }),
  ),
  conflict_count: z.number(),
});
export type GoogleSyncStatus = z.infer<typeof GoogleSyncStatus>;
export type GoogleConflict = GoogleSyncStatus['conflicts'][number];
export const GoogleSyncResponse = z.object({ sync: GoogleSyncStatus });

/**
 * POST /api/google/spreadsheets { url, workspace_id? } → 202 { spreadsheet: { id, title }, sync }:
 * a new spreadsheet of the workspace fed by the Google file the link names, read through the
 * workspace's Google connection (or the server's service account); the first pull runs in the
 * background (poll GET /api/google/spreadsheets/:spreadsheetId).
 */
export const GoogleSpreadsheetBody = z.object({ url: z.string().max(4000), workspace_id: WorkspaceRef.optional() });
export const GoogleSpreadsheetResponse = z.object({ spreadsheet: z.object({ id: z.string(), title: z.string() }), sync: GoogleSyncStatus });
export const GoogleSpreadsheetParams = z.object({ spreadsheetId: z.string().min(1).max(64) });
/** POST /api/google/spreadsheets/:spreadsheetId/pull → 202 { sync }: read Google's changes now. */

/**
 * POST /api/google/spreadsheets/:spreadsheetId/remap { tab, column, to } → { sync }: the one-click
 * remap of the data-contract guard. Every block of the workspace's apps over the spreadsheet that
 * names `column` of the sheet `tab` names `to` instead (a renamed column's new name, or another
 * column in place of a deleted one); `to` must be a current column of that sheet.
 */
export const GoogleRemapBody = z.object({
  tab: z.string({ message: 'Name the sheet whose column to replace.' }).min(1, 'Name the sheet whose column to replace.').max(200),
  column: z.string({ message: 'Name the column to replace.' }).min(1, 'Name the column to replace.').max(500),
  to: z.string({ message: 'Pick the column to use instead.' }).min(1, 'Pick the column to use instead.').max(500),
});
export type GoogleRemapBody = z.infer<typeof GoogleRemapBody>;

export const GOOGLE_REMAP_MESSAGES = {
  noTab: (tab: string) => `This spreadsheet has no sheet '${tab}' synced from Google. Sync now, then try again.`,
  noColumn: (tab: string, column: string) => `The sheet '${tab}' has no column '${column}'. Pick one of its columns.`,
  same: (column: string) => `Blocks already use '${column}'. Pick another column.`,
} as const;
