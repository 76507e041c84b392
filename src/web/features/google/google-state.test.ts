import { describe, expect, it } from 'vitest';
import { GoogleConnectionResponse, GoogleSyncStatus, type GoogleConnection } from '../../../shared/api/google';
import { GOOGLE_SHEETS_MESSAGES } from '../../../shared/rules/google-sheets';
import {
  brokenColumnFixes,
  brokenColumnWords,
  CALLBACK_MESSAGE_CHARS,
  checkSheetLink,
  connectView,
  DEFAULT_MODE,
  googleReturn,
  GOOGLE_WORDS,
  MODE_CHOICES,
  pollDelay,
  progressPercent,
  progressWords,
  readyMessage,
  remapDoneWords,
  sheetOpenUrl,
  sheetsCount,
  syncedAgo,
  syncFinished,
  syncWords,
} from './google-state';

const ID = '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms';
const NOW = Date.parse('2026-03-10T12:00:00Z');

const connection = (over: Partial<GoogleConnection> = {}): GoogleConnection => ({
  kind: 'oauth',
  google_email: 'ann@example.com',
  mode: 'read-write',
  status: 'ok',
  status_reason: null,
  connected_at: '2026-03-01T10:00:00Z',
  ...over,
});

const sync = (over: Partial<GoogleSyncStatus> = {}): GoogleSyncStatus =>
  GoogleSyncStatus.parse({
    spreadsheet_id: 'sp1',
    url: `https://docs.google.com/spreadsheets/d/${ID}/edit#gid=0`,
    status: 'ok',
    error: null,
    progress_rows: 0,
    progress_total: null,
    last_pull_at: null,
    tabs: [],
    broken_columns: [],
    pending_edits: 0,
    push_error: null,
    conflicts: [],
    conflict_count: 0,
    ...over,
  });

const response = (over: Partial<GoogleConnectionResponse>) => GoogleConnectionResponse.parse({ oauth_available: true, service_account_email: null, connection: null, ...over });

describe('connectView: what the dialog shows for the workspace connection', () => {
  const SA = 'sheets@project.iam.gserviceaccount.com';
  it.each([
    ['a working OAuth connection: the link step, named by the account', response({ connection: connection() }), { step: 'link', account: 'ann@example.com', shareWith: null }],
    ['an account Google did not name', response({ connection: connection({ google_email: null }) }), { step: 'link', account: 'your Google account', shareWith: null }],
    [
      'a service account connection: the link step with the e-mail to share with',
      response({ oauth_available: false, service_account_email: SA, connection: connection({ kind: 'service_account', google_email: null }) }),
      { step: 'link', account: `the app's own Google account (${SA})`, shareWith: SA },
    ],
    ['no connection, consent possible', response({}), { step: 'connect', shareWith: null }],
    ['no connection, consent and a service account', response({ service_account_email: SA }), { step: 'connect', shareWith: SA }],
    ['no consent, a service account', response({ oauth_available: false, service_account_email: SA }), { step: 'share', shareWith: SA }],
    ['neither set up', response({ oauth_available: false }), { step: 'unavailable' }],
    [
      'Google refused the connection: reconnect with its reason and mode',
      response({ connection: connection({ status: 'reconnect_needed', status_reason: 'Token has been expired or revoked.', mode: 'read' }) }),
      { step: 'reconnect', reason: 'Token has been expired or revoked.', mode: 'read', canConsent: true },
    ],
    [
      'reconnect without a reason, on a server without consent',
      response({ oauth_available: false, connection: connection({ status: 'reconnect_needed' }) }),
      { step: 'reconnect', reason: GOOGLE_WORDS.reconnect, mode: 'read-write', canConsent: false },
    ],
  ])('%s', (_name, r, expected) => {
    expect(connectView(r)).toEqual(expected);
  });
});

describe('access choices', () => {
  it('offers the three modes the server takes, read and write back first and by default', () => {
    expect(MODE_CHOICES.map((c) => c.value)).toEqual(['read-write', 'read', 'file']);
    expect(DEFAULT_MODE).toBe('read-write');
    expect(MODE_CHOICES.map((c) => c.label)).toEqual(['Read and write back', 'Read only', 'Only sheets I pick']);
    for (const c of MODE_CHOICES) expect(c.description).not.toMatch(/scope|oauth|drive\.file|token/i);
  });
});

describe('checkSheetLink: the pasted link, in the rule words', () => {
  it.each([
    [`https://docs.google.com/spreadsheets/d/${ID}/edit#gid=0`, true],
    [`  docs.google.com/spreadsheets/u/1/d/${ID}/edit?gid=12  `, true],
    [ID, true],
    ['', GOOGLE_SHEETS_MESSAGES.empty],
    ['   ', GOOGLE_SHEETS_MESSAGES.empty],
    ['https://example.com/sheet', GOOGLE_SHEETS_MESSAGES.notGoogle],
    ['javascript:alert(1)', GOOGLE_SHEETS_MESSAGES.notGoogle],
    [`https://docs.google.com/document/d/${ID}/edit`, GOOGLE_SHEETS_MESSAGES.notSpreadsheet],
    ['https://docs.google.com/spreadsheets/d/e/2PACX-1vQabc/pubhtml', GOOGLE_SHEETS_MESSAGES.published],
    ['https://docs.google.com/spreadsheets/d/abc/edit', GOOGLE_SHEETS_MESSAGES.noId],
    [`https://docs.google.com/spreadsheets/d/${ID}/${'x'.repeat(2100)}`, GOOGLE_SHEETS_MESSAGES.tooLong],
  ])('%s', (input, expected) => {
    const r = checkSheetLink(input);
    if (expected === true) expect(r).toEqual({ ok: true, url: input.trim() });
    else expect(r).toEqual({ ok: false, message: expected });
  });
});

describe('sheetOpenUrl: Open in Google Sheets', () => {
  it('rebuilds a docs.google.com address from the stored link, keeping the tab', () => {
    expect(sheetOpenUrl(`https://docs.google.com/spreadsheets/u/0/d/${ID}/view?gid=7`)).toBe(`https://docs.google.com/spreadsheets/d/${ID}/edit#gid=7`);
    expect(sheetOpenUrl(ID)).toBe(`https://docs.google.com/spreadsheets/d/${ID}/edit`);
  });
  it('gives nothing to open for anything that is not a spreadsheet link', () => {
    expect(sheetOpenUrl('javascript:alert(1)')).toBeNull();
    expect(sheetOpenUrl('https://evil.example/spreadsheets/d/' + ID)).toBeNull();
  });
});

describe('progress of a first sync', () => {
  it('is a percentage of the rows to read when Google said how many', () => {
    expect(progressPercent(sync({ status: 'syncing', progress_rows: 250, progress_total: 1000 }))).toBe(25);
    expect(progressPercent(sync({ status: 'syncing', progress_rows: 1200, progress_total: 1000 }))).toBe(100);
    expect(progressPercent(sync({ status: 'syncing', progress_rows: 10, progress_total: null }))).toBeNull();
    expect(progressPercent(sync({ status: 'syncing', progress_rows: 0, progress_total: 0 }))).toBeNull();
  });
  it('says the rows read in words', () => {
    expect(progressWords(sync({ progress_rows: 1200, progress_total: 100000 }))).toBe('1,200 of 100,000 rows read');
    expect(progressWords(sync({ progress_rows: 1200, progress_total: null }))).toBe('1,200 rows read');
    expect(progressWords(sync({ progress_rows: 0, progress_total: null }))).toBe('Reading your sheet…');
  });
  it('names the sheets made ready', () => {
    expect(readyMessage('Orders', sync({ tabs: [{ title: 'A', rows: 1, columns: [] }, { title: 'B', rows: 2, columns: [] }] }))).toBe('Orders: 2 sheets ready');
    expect(readyMessage('Orders', sync({ tabs: [{ title: 'A', rows: 1, columns: [] }] }))).toBe('Orders: 1 sheet ready');
    expect(sheetsCount(1200)).toBe('1,200 sheets');
  });
});

describe('polling decisions', () => {
  it('asks again every second while a sync runs, and never otherwise', () => {
    expect(pollDelay(sync({ status: 'syncing' }))).toBe(1000);
    expect(pollDelay(sync({ status: 'syncing' }), 2000)).toBe(2000);
    for (const status of ['ok', 'error', 'paused'] as const) expect(pollDelay(sync({ status }))).toBe(false);
    expect(pollDelay(undefined)).toBe(false);
  });
  it('sees the end of a running sync only', () => {
    expect(syncFinished('syncing', 'ok')).toBe(true);
    expect(syncFinished('syncing', 'error')).toBe(true);
    expect(syncFinished('syncing', 'paused')).toBe(true);
    expect(syncFinished('syncing', 'syncing')).toBe(false);
    expect(syncFinished(undefined, 'ok')).toBe(false);
    expect(syncFinished('ok', 'ok')).toBe(false);
  });
});

describe('sync status in words', () => {
  it.each([
    ['2026-03-10T11:59:40Z', 'just now'],
    ['2026-03-10T11:59:00Z', '1 minute ago'],
    ['2026-03-10T11:15:00Z', '45 minutes ago'],
    ['2026-03-10T11:00:00Z', '1 hour ago'],
    ['2026-03-10T01:00:00Z', '11 hours ago'],
    ['2026-03-09T06:00:00Z', 'yesterday'],
    ['2026-02-01T12:00:00Z', 'on February 1, 2026'],
    ['not a date', 'at an unknown time'],
  ])('%s → %s', (iso, words) => {
    expect(syncedAgo(iso, NOW)).toBe(words);
  });

  it('says each status', () => {
    expect(syncWords(sync({ status: 'ok', last_pull_at: '2026-03-10T11:55:00Z' }), NOW)).toEqual({
      label: 'Synced',
      detail: 'Last synced 5 minutes ago',
      tone: 'teal',
      short: 'Synced 5 minutes ago',
    });
    expect(syncWords(sync({ status: 'ok' }), NOW)).toMatchObject({ label: 'Not synced yet', tone: 'gray' });
    expect(syncWords(sync({ status: 'syncing', progress_rows: 5, progress_total: 10 }), NOW)).toEqual({ label: 'Syncing', detail: '5 of 10 rows read', tone: 'blue' });
    expect(syncWords(sync({ status: 'syncing', last_pull_at: '2026-03-10T11:55:00Z' }), NOW)).toMatchObject({ label: 'Syncing', detail: 'Reading the changes made in Google…' });
    expect(syncWords(sync({ status: 'error', error: 'Google answered too slowly.' }), NOW)).toEqual({ label: 'Sync failed', detail: 'Google answered too slowly.', tone: 'red' });
    expect(syncWords(sync({ status: 'error' }), NOW).detail).toBe(GOOGLE_WORDS.errorFallback);
    expect(syncWords(sync({ status: 'paused' }), NOW)).toEqual({ label: 'Sync paused', detail: GOOGLE_WORDS.pausedFallback, tone: 'orange' });
  });
});

describe('googleReturn: back from the consent page', () => {
  const read = (q: string) => googleReturn(new URLSearchParams(q));

  it('connected: a success toast, the dialog opens at the link step, the parameters go', () => {
    const r = read('google=connected&tab=apps');
    expect(r).toMatchObject({ kind: 'success', title: 'Google account connected', openDialog: true });
    expect(r!.rest.toString()).toBe('tab=apps');
  });

  it('denied, expired, error: the message as given, the dialog stays closed', () => {
    const r = read('google=denied&message=Google+access+was+not+granted.');
    expect(r).toMatchObject({ kind: 'error', message: 'Google access was not granted.', openDialog: false });
    expect(r!.rest.toString()).toBe('');
    expect(read('google=expired')!.message).toMatch(/expired/);
    expect(read('google=error&message=%20%20')!.message).toMatch(/try connecting again/);
  });

  it('keeps markup as plain text and cuts a long message', () => {
    const html = '<img src=x onerror=alert(1)><b>bold</b>';
    expect(read(`google=error&message=${encodeURIComponent(html)}`)!.message).toBe(html);
    expect(read(`google=error&message=${'a'.repeat(5000)}`)!.message).toHaveLength(CALLBACK_MESSAGE_CHARS);
  });

  it('is nothing for another address or an unknown outcome', () => {
    expect(read('')).toBeNull();
    expect(read('tab=apps')).toBeNull();
    expect(read('google=hacked&message=hi')).toBeNull();
  });
});

describe('columns changed in Google that blocks still read', () => {
  it('says which column, what happened to it and which blocks use it, one line per column', () => {
    const words = brokenColumnWords(
      sync({
        broken_columns: [
          { tab: 'Orders', block_id: 'b1', type: 'table', block_name: 'Table', column: 'Status', change: 'renamed', to: 'Stage', settings: [{ path: 'axis.0.column', label: 'Column' }] },
          { tab: 'Orders', block_id: 'b2', type: 'chart', block_name: 'Sales by stage', column: 'Status', change: 'renamed', to: 'Stage', settings: [{ path: 'x_axis', label: 'X axis' }] },
          { tab: 'Orders', block_id: 'b1', type: 'table', block_name: 'Table', column: 'Notes', change: 'deleted', to: null, settings: [] },
        ],
      }),
    );
    expect(words).toEqual([
      "Orders: 'Status' was renamed 'Stage' in Google; still used by Table (Column), Sales by stage (X axis).",
      "Orders: 'Notes' was deleted in Google; still used by Table.",
    ]);
    expect(brokenColumnWords(sync())).toEqual([]);
  });

  it('groups broken columns into one-click fixes: a renamed one offers its new name, a deleted one the tab’s other columns', () => {
    const s = sync({
      tabs: [
        { title: 'Orders', rows: 3, columns: ['Customer', 'Stage', 'Amount'] },
        { title: 'People', rows: 1, columns: ['Name'] },
      ],
      broken_columns: [
        { tab: 'Orders', block_id: 'b1', type: 'table', block_name: 'Table', column: 'Status', change: 'renamed', to: 'Stage', settings: [{ path: 'axis.0.column', label: 'Column' }] },
        { tab: 'Orders', block_id: 'b2', type: 'chart', block_name: 'Sales by stage', column: 'Status', change: 'renamed', to: 'Stage', settings: [{ path: 'x_axis', label: 'X axis' }] },
        { tab: 'Orders', block_id: 'b3', type: 'table', block_name: 'Notes table', column: 'Notes', change: 'deleted', to: null, settings: [] },
        { tab: 'Gone', block_id: 'b3', type: 'table', block_name: 'Notes table', column: 'X', change: 'deleted', to: null, settings: [] },
      ],
    });
    const fixes = brokenColumnFixes(s);
    expect(fixes.map((f) => [f.tab, f.column, f.change, f.to, f.choices])).toEqual([
      ['Orders', 'Status', 'renamed', 'Stage', ['Customer', 'Stage', 'Amount']],
      ['Orders', 'Notes', 'deleted', null, ['Customer', 'Stage', 'Amount']],
      ['Gone', 'X', 'deleted', null, []],
    ]);
    expect(fixes[0]!.line).toBe("Orders: 'Status' was renamed 'Stage' in Google; still used by Table (Column), Sales by stage (X axis).");
    expect(new Set(fixes.map((f) => f.key)).size).toBe(3);
    // The editor keeps its own app's blocks: b2 alone still makes the 'Status' fix, naming only b2.
    const own = brokenColumnFixes(s, new Set(['b2']));
    expect(own.map((f) => f.line)).toEqual(["Orders: 'Status' was renamed 'Stage' in Google; still used by Sales by stage (X axis)."]);
    expect(brokenColumnFixes(s, new Set(['elsewhere']))).toEqual([]);
  });

  it('a column a block already uses is never offered in its own place', () => {
    const s = sync({
      tabs: [{ title: 'Orders', rows: 1, columns: ['Customer', 'Notes'] }],
      broken_columns: [{ tab: 'Orders', block_id: 'b1', type: 'table', block_name: 'Table', column: 'Notes', change: 'deleted', to: null, settings: [] }],
    });
    expect(brokenColumnFixes(s)[0]!.choices).toEqual(['Customer']);
  });

  it('says a remap in words', () => {
    expect(remapDoneWords({ tab: 'Orders', column: 'Status' }, 'Stage')).toBe("Blocks now use 'Stage' in place of 'Status' (Orders).");
  });
});
