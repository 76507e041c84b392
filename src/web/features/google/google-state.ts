// The pure decisions of connecting a Google Sheet from the dashboard (issue 16): which step the
// dialog shows for the workspace's connection, the access choices in plain words, the pasted
// link's check, a sync's status in words, when to ask again while a sync runs, and what the
// consent page's return (/dashboard?google=…) says. No React, no requests: tested in
// google-state.test.ts.
import type { GoogleConnectionResponse, GoogleSyncStatus } from '../../../shared/api/google';
import { GOOGLE_CALLBACK_OUTCOMES, GOOGLE_CONNECT_MODES } from '../../../shared/api/google';
import { googleSheetUrl, parseGoogleSheetLink } from '../../../shared/rules/google-sheets';

export type GoogleMode = (typeof GOOGLE_CONNECT_MODES)[number];

/** The access an owner may give, as the dialog offers it (read-write first: the default). */
export const MODE_CHOICES: { value: GoogleMode; label: string; description: string }[] = [
  {
    value: 'read-write',
    label: 'Read and write back',
    description: 'Your boards show your sheets, and rows added, changed or deleted in your boards are written back to them.',
  },
  {
    value: 'read',
    label: 'Read only',
    description: 'Your boards show your sheets, but nothing is ever written to them. Changes made in a board stay in the app.',
  },
  {
    value: 'file',
    label: 'Only sheets I pick',
    description: 'Google lets the app open only the spreadsheets you connect here (read and write back), nothing else in your Google Drive.',
  },
];

export const DEFAULT_MODE: GoogleMode = 'read-write';

export const GOOGLE_WORDS = {
  unavailable: 'Connecting Google Sheets is not set up on this server. Ask its administrator to set it up, or import your sheet as a file instead (in Google Sheets: File → Download → Microsoft Excel).',
  connectIntro: 'To keep a Google Sheet in sync with your boards, connect your Google account once. Google asks you to confirm, then brings you back here.',
  share: (email: string) => `Share your sheet with ${email} (as Editor to let the app write back), then paste its link below.`,
  reconnect: 'Google no longer accepts the connection of this workspace, so syncing is paused. Your boards keep showing the rows synced last.',
  connected: 'Google account connected',
  notConnected: 'Google account not connected',
  pausedFallback: 'Google no longer accepts the connection. Reconnect your Google account.',
  errorFallback: 'Syncing with Google failed. Try again in a moment.',
} as const;

/**
 * What the dialog shows for the workspace's connection:
 * - link: a working connection (or the server's service account alone): paste a link;
 * - connect: no connection; sign in with Google (and, when the server has a service account, the
 *   e-mail to share a sheet with instead);
 * - reconnect: Google refused the connection; sign in again;
 * - share: no consent possible, a service account is: share the sheet with its e-mail, paste a link;
 * - unavailable: neither is set up on this server.
 */
export type ConnectView =
  | { step: 'link'; account: string; shareWith: string | null }
  | { step: 'connect'; shareWith: string | null }
  | { step: 'reconnect'; reason: string; mode: GoogleMode; canConsent: boolean }
  | { step: 'share'; shareWith: string }
  | { step: 'unavailable' };

export function connectView(r: GoogleConnectionResponse): ConnectView {
  const c = r.connection;
  if (c && c.status === 'reconnect_needed') return { step: 'reconnect', reason: c.status_reason ?? GOOGLE_WORDS.reconnect, mode: c.mode, canConsent: r.oauth_available };
  if (c) {
    const account = c.kind === 'service_account' ? `the app's own Google account${r.service_account_email ? ` (${r.service_account_email})` : ''}` : (c.google_email ?? 'your Google account');
    return { step: 'link', account, shareWith: c.kind === 'service_account' ? r.service_account_email : null };
  }
  if (r.oauth_available) return { step: 'connect', shareWith: r.service_account_email };
  if (r.service_account_email) return { step: 'share', shareWith: r.service_account_email };
  return { step: 'unavailable' };
}

/** The pasted link, checked before it is sent (the server checks it again): its words when refused. */
export function checkSheetLink(input: string): { ok: true; url: string } | { ok: false; message: string } {
  const link = parseGoogleSheetLink(input);
  return link.ok ? { ok: true, url: input.trim() } : { ok: false, message: link.message };
}

/**
 * The address "Open in Google Sheets" goes to: rebuilt from the spreadsheet id (and tab) the stored
 * link names, so it is always a docs.google.com page (never a script link, never relative for a
 * bare id). Null when the link names no spreadsheet.
 */
export function sheetOpenUrl(url: string): string | null {
  const link = parseGoogleSheetLink(url);
  return link.ok ? googleSheetUrl(link.spreadsheetId, link.gid) : null;
}

/** "1 sheet" / "3 sheets". */
export function sheetsCount(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'sheet' : 'sheets'}`;
}

/** The success line of a first sync: "Orders: 3 sheets ready". */
export function readyMessage(title: string, sync: GoogleSyncStatus): string {
  return `${title}: ${sheetsCount(sync.tabs.length)} ready`;
}

/** A first sync's progress, 0-100, or null when Google has not said how many rows there are. */
export function progressPercent(sync: GoogleSyncStatus): number | null {
  if (sync.progress_total === null || sync.progress_total <= 0) return null;
  return Math.max(0, Math.min(100, Math.round((sync.progress_rows / sync.progress_total) * 100)));
}

/** "1,200 of 5,000 rows read" / "1,200 rows read". */
export function progressWords(sync: GoogleSyncStatus): string {
  const rows = sync.progress_rows.toLocaleString('en-US');
  if (sync.progress_total === null) return sync.progress_rows > 0 ? `${rows} rows read` : 'Reading your sheet…';
  return `${rows} of ${sync.progress_total.toLocaleString('en-US')} rows read`;
}

/** Milliseconds until the status is asked for again: every second while a sync runs, else never. */
export function pollDelay(sync: GoogleSyncStatus | undefined, everyMs = 1000): number | false {
  return sync?.status === 'syncing' ? everyMs : false;
}

/** Whether a status answer ends a sync that was running (the list of spreadsheets then refreshes). */
export function syncFinished(previous: GoogleSyncStatus['status'] | undefined, next: GoogleSyncStatus['status']): boolean {
  return previous === 'syncing' && next !== 'syncing';
}

/** "just now", "5 minutes ago", "3 hours ago", "yesterday", else the date. */
export function syncedAgo(iso: string, now: number): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return 'at an unknown time';
  const minutes = Math.floor((now - t) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
  if (hours < 48) return 'yesterday';
  return `on ${new Date(t).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' })}`;
}

export type SyncTone = 'teal' | 'blue' | 'red' | 'orange' | 'gray';

/** A sync's status in words (`short`: the list's badge, when it differs from `label`), with its badge's colour. */
export function syncWords(sync: GoogleSyncStatus, now: number): { label: string; detail: string; tone: SyncTone; short?: string } {
  switch (sync.status) {
    case 'syncing':
      return { label: 'Syncing', detail: sync.last_pull_at === null ? progressWords(sync) : 'Reading the changes made in Google…', tone: 'blue' };
    case 'paused':
      return { label: 'Sync paused', detail: sync.error ?? GOOGLE_WORDS.pausedFallback, tone: 'orange' };
    case 'error':
      return { label: 'Sync failed', detail: sync.error ?? GOOGLE_WORDS.errorFallback, tone: 'red' };
    case 'ok':
      return sync.last_pull_at === null
        ? { label: 'Not synced yet', detail: 'Use Sync now to read the sheet from Google.', tone: 'gray' }
        : { label: 'Synced', detail: `Last synced ${syncedAgo(sync.last_pull_at, now)}`, tone: 'teal', short: `Synced ${syncedAgo(sync.last_pull_at, now)}` };
  }
}

/**
 * One column renamed or deleted in Google that blocks still read, with what the owner can do
 * about it in one click: `line` says it in words ("Orders: 'Status' was renamed 'Stage' in Google;
 * still used by Orders table (Columns)."), `to` is a renamed column's new name (a button uses it),
 * `choices` the tab's current columns (a deleted column is replaced by one of them).
 */
export interface BrokenColumnFix {
  key: string;
  tab: string;
  column: string;
  change: 'renamed' | 'deleted';
  to: string | null;
  line: string;
  choices: string[];
}

/**
 * The broken columns of a status grouped by column (several blocks naming one column make one
 * fix), in the status's order. `blockIds`: only the uses of these blocks (the editor shows its own
 * app's); a column no listed block uses is left out.
 */
export function brokenColumnFixes(sync: GoogleSyncStatus, blockIds?: ReadonlySet<string>): BrokenColumnFix[] {
  const fixes = new Map<string, { fix: Omit<BrokenColumnFix, 'line'>; head: string; uses: Set<string> }>();
  for (const b of sync.broken_columns) {
    if (blockIds && !blockIds.has(b.block_id)) continue;
    const key = `${b.tab}\u0000${b.column}\u0000${b.change}\u0000${b.to ?? ''}`;
    let entry = fixes.get(key);
    if (!entry) {
      const head = b.change === 'renamed' && b.to ? `${b.tab}: '${b.column}' was renamed '${b.to}' in Google` : `${b.tab}: '${b.column}' was deleted in Google`;
      const columns = sync.tabs.find((t) => t.title === b.tab)?.columns ?? [];
      entry = { fix: { key, tab: b.tab, column: b.column, change: b.change, to: b.to, choices: columns.filter((c) => c !== b.column) }, head, uses: new Set() };
      fixes.set(key, entry);
    }
    const settings = b.settings.map((x) => x.label).join(', ');
    entry.uses.add(settings ? `${b.block_name} (${settings})` : b.block_name);
  }
  return [...fixes.values()].map((e) => ({ ...e.fix, line: `${e.head}; still used by ${[...e.uses].join(', ')}.` }));
}

/**
 * The columns renamed or deleted in Google that blocks still read, one line each, in words:
 * "Orders: 'Status' was renamed 'Stage' (used by a Table block: Column)". Several blocks naming
 * the same column make one line.
 */
export function brokenColumnWords(sync: GoogleSyncStatus): string[] {
  return brokenColumnFixes(sync).map((f) => f.line);
}

/** The toast after a remap: "Blocks now use 'Stage' in place of 'Status' (Orders)." */
export function remapDoneWords(fix: Pick<BrokenColumnFix, 'tab' | 'column'>, to: string): string {
  return `Blocks now use '${to}' in place of '${fix.column}' (${fix.tab}).`;
}

export type GoogleOutcome = (typeof GOOGLE_CALLBACK_OUTCOMES)[number];

/** Longest text of a `message` parameter shown (it is an address anyone can type). */
export const CALLBACK_MESSAGE_CHARS = 300;

const FALLBACK: Record<Exclude<GoogleOutcome, 'connected'>, string> = {
  denied: 'Google access was not granted, so no sheets were connected.',
  expired: 'This Google sign-in link has expired. Start connecting Google again.',
  error: 'Google did not accept the sign-in. Please try connecting again.',
};

/**
 * The return from Google's consent page: what to say (one toast, as text), whether the dialog
 * opens at the link step, and the address without the `google` and `message` parameters.
 * Null when the address is not such a return (or names an outcome we do not know).
 */
export function googleReturn(search: URLSearchParams): { kind: 'success' | 'error'; title: string; message: string; openDialog: boolean; rest: URLSearchParams } | null {
  const outcome = search.get('google');
  if (outcome === null || !(GOOGLE_CALLBACK_OUTCOMES as readonly string[]).includes(outcome)) return null;
  const rest = new URLSearchParams(search);
  rest.delete('google');
  rest.delete('message');
  if (outcome === 'connected') return { kind: 'success', title: GOOGLE_WORDS.connected, message: 'Now paste the link of the Google Sheet to connect.', openDialog: true, rest };
  const given = (search.get('message') ?? '').trim().slice(0, CALLBACK_MESSAGE_CHARS);
  return { kind: 'error', title: GOOGLE_WORDS.notConnected, message: given || FALLBACK[outcome as Exclude<GoogleOutcome, 'connected'>], openDialog: false, rest };
}
