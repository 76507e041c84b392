// Server-side block actions (spec §3 "Actions"): Duplicate row, Delete row, API call and Compose
// Email run here; the others (Open link, Copy to clipboard, Download pdf, Edit row) run in the
// browser. Who may run one: anyone who can view the block's app (owner, or a public app) and
// whom the block's `action_button_visibility` lets see the buttons. Row writes go through the
// rows service, which checks the same audience again.
//
// Failures of the action itself (the API answered 500, the row is gone, the cell holds no
// e-mail address) answer 200 {ok: false, message}; requests that may not run the action at all
// answer 4xx like every other route.
import { refuseSnapshotWrite, type AppViewer, type Caller } from '../../access/viewer';
import { allows } from '../../../blocks/audience';
import type { BlockRecord } from '../../../shared/settings';
import type { ServerContext } from '../../platform/context';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '../../errors';
import { parseJson } from '../../http';
import { safeFetch, SafeFetchError } from '../../platform/net/safe-fetch';
import { resolveApp, type AppView } from '../../data/apps/record';
import type { BlockRow } from '../../data/blocks/repo';
import { blockRecord } from '../../data/blocks/record';
import { rowsRepo } from '../../data/rows/repo';
import { viewerRowRule } from '../../access/row-rules';
import { appendRow, appSheetAccess, authorizeWrite, deleteRow, getRow, type WireRow, type WriteTarget } from '../rows/service';
import { ActionConfigError, buildApiRequest, type RowValues } from './api-call';
import { isAddress, mailBody, mailSubject } from './email';
import { SendLimiter } from './limiter';

/** Types that run on the server. */
export const SERVER_ACTION_TYPES = ['Duplicate row', 'Delete row', 'API call', 'Compose Email'] as const;
/** Types that run in the browser: the route refuses them. */
export const BROWSER_ACTION_TYPES = ['Open link', 'Copy to clipboard', 'Download pdf', 'Edit row'] as const;

/** Default messages, used when the action's success_message / error_message is empty. */
export const ACTION_MESSAGES = {
  browser: 'This action runs in the browser',
  noType: 'This action has no type yet: choose one in the block settings',
  unknownType: (type: string) => `Unknown action type '${type}'`,
  notFound: 'Action not found',
  blockNotFound: 'Block not found',
  notAllowed: 'You are not allowed to run the actions of this block.',
  signIn: 'Sign in to run the actions of this block.',
  otherBoard: 'This block is not part of this board',
  noSheet: 'This block does not show a sheet of its board',
  duplicated: 'Row duplicated',
  duplicateFailed: (reason: string) => `The row could not be duplicated: ${reason}`,
  deleted: 'Row deleted',
  deleteFailed: (reason: string) => `The row could not be deleted: ${reason}`,
  apiOk: 'Request sent',
  apiFailed: (reason: string) => `The request failed: ${reason}`,
  apiStatus: (status: number) => `the server answered ${status}`,
  mailSent: (to: string) => `E-mail sent to ${to}`,
  mailFailed: (reason: string) => `The e-mail could not be sent: ${reason}`,
  noSourceColumn: 'no source column is chosen for the address',
  notAnAddress: (value: string, column: string) =>
    value === '' ? `the column '${column}' of this row is empty, not an e-mail address` : `'${value.slice(0, 100)}' in the column '${column}' is not an e-mail address`,
  mailTransport: 'the mail server did not accept it',
  tooMany: (minutes: number) => `Too many e-mails from this block. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

export interface RunInput {
  blockId: string;
  index: number;
  rowId: string;
  board?: string;
  host: string;
  ip: string;
}

export interface RunResult {
  ok: boolean;
  message: string;
}

/** 429; the route adds Retry-After. */
export class RateLimited extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message, undefined, 'rate_limited');
  }
}

const limiters = new WeakMap<ServerContext, SendLimiter>();
function limiterOf(ctx: ServerContext): SendLimiter {
  let l = limiters.get(ctx);
  if (!l) limiters.set(ctx, (l = new SendLimiter(ctx.counters, 'actions.emails')));
  return l;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

function result(action: Record<string, unknown>, ok: boolean, fallback: string): RunResult {
  const custom = str(ok ? action.success_message : action.error_message);
  return { ok, message: custom || fallback };
}

/** The message of a refusal from the rows service or elsewhere that is the client's to read. */
function reasonOf(err: unknown): string | null {
  if (err instanceof HttpError && err.status < 500) return err.message.replace(/\.$/, '').replace(/^./, (c) => c.toLowerCase());
  return null;
}

function values(row: WireRow): RowValues {
  const { _id: _i, _version: _v, ...rest } = row;
  return rest;
}

interface Located {
  block: BlockRecord;
  app: AppView;
  viewer: AppViewer;
  action: Record<string, unknown>;
}

/** The block, its app and the caller as its viewer, as the route's 'app-viewer' rule resolved them. */
export interface ActionBlock {
  row: BlockRow;
  app: AppView;
  viewer: AppViewer;
}

async function locate(ctx: ServerContext, caller: Caller, { row, app, viewer }: ActionBlock, input: RunInput): Promise<Located> {
  const role = viewer.role;
  if (input.board) {
    const named = await resolveApp(ctx, { board: input.board, host: input.host });
    if (named && named.id !== app.id) throw forbidden(ACTION_MESSAGES.otherBoard);
  }
  const block = blockRecord(row);
  const action = block.actions[input.index] as Record<string, unknown> | undefined;
  if (!action) throw notFound(ACTION_MESSAGES.notFound);
  if (!allows(block.action_button_visibility ?? 'Everyone', role)) {
    if (!caller.user && !viewer.appUser && allows(block.action_button_visibility, 'admin')) throw unauthorized(ACTION_MESSAGES.signIn);
    throw forbidden(ACTION_MESSAGES.notAllowed);
  }
  return { block, app, viewer, action };
}

/** A read of the block's row for actions that only read it (API call, Compose Email). */
async function readRow(ctx: ServerContext, caller: Caller, { block, app, viewer }: Located, rowId: string): Promise<WireRow> {
  if (!app.spreadsheetId || !block.sheet_title) throw badRequest(ACTION_MESSAGES.noSheet);
  const sheet = await rowsRepo(ctx.db).sheetByTitle(app.spreadsheetId, block.sheet_title);
  if (!sheet) throw badRequest(ACTION_MESSAGES.noSheet);
  const target: WriteTarget = {
    spreadsheetId: app.spreadsheetId,
    sheetTitle: block.sheet_title,
    sheetId: sheet.id,
    columns: parseJson<string[]>(sheet.columns, []),
    block,
    app,
    user: caller.user,
    owner: false,
    role: 'guest',
    editable: new Set(),
    // An action reads only a row the caller's row rule gives them (access/row-rules.ts).
    rowRule: viewerRowRule(app, viewer, block.sheet_title),
  };
  return getRow(ctx, target, rowId);
}

async function writeTarget(ctx: ServerContext, caller: Caller, { block, app, viewer }: Located, op: 'delete' | 'duplicate') {
  if (!app.spreadsheetId || !block.sheet_title) throw badRequest(ACTION_MESSAGES.noSheet);
  return authorizeWrite(ctx, await appSheetAccess(ctx, caller, app, viewer), { sheetTitle: block.sheet_title, blockId: block.id }, op);
}

export async function runAction(ctx: ServerContext, caller: Caller, found: ActionBlock, input: RunInput): Promise<RunResult> {
  // A template's frozen copy runs no action (issue 14): no row changes, no calls, no mails.
  await refuseSnapshotWrite(ctx, found.app, found.viewer);
  const located = await locate(ctx, caller, found, input);
  const { action } = located;
  const type = str(action.type);
  if ((BROWSER_ACTION_TYPES as readonly string[]).includes(type)) throw badRequest(ACTION_MESSAGES.browser);
  if (!type || type === 'Select Type') throw badRequest(ACTION_MESSAGES.noType);

  switch (type) {
    case 'Duplicate row': {
      const target = await writeTarget(ctx, caller, located, 'duplicate');
      try {
        const row = await getRow(ctx, target, input.rowId);
        await appendRow(ctx, target, values(row) as Parameters<typeof appendRow>[2], { skipValidation: true });
        return result(action, true, ACTION_MESSAGES.duplicated);
      } catch (err) {
        const reason = reasonOf(err);
        if (reason === null) throw err;
        return result(action, false, ACTION_MESSAGES.duplicateFailed(reason));
      }
    }
    case 'Delete row': {
      const target = await writeTarget(ctx, caller, located, 'delete');
      try {
        await deleteRow(ctx, target, input.rowId);
        return result(action, true, ACTION_MESSAGES.deleted);
      } catch (err) {
        const reason = reasonOf(err);
        if (reason === null) throw err;
        return result(action, false, ACTION_MESSAGES.deleteFailed(reason));
      }
    }
    case 'API call':
      return apiCall(ctx, located, await rowOrFailure(ctx, caller, located, input.rowId, ACTION_MESSAGES.apiFailed));
    case 'Compose Email':
      return composeEmail(ctx, located, input, await rowOrFailure(ctx, caller, located, input.rowId, ACTION_MESSAGES.mailFailed));
    default:
      throw badRequest(ACTION_MESSAGES.unknownType(type));
  }
}

async function rowOrFailure(ctx: ServerContext, caller: Caller, located: Located, rowId: string, failed: (reason: string) => string): Promise<WireRow | RunResult> {
  try {
    return await readRow(ctx, caller, located, rowId);
  } catch (err) {
    const reason = reasonOf(err);
    if (reason === null || (err as HttpError).status !== 404) throw err;
    return result(located.action, false, failed(reason));
  }
}

const isResult = (v: WireRow | RunResult): v is RunResult => typeof (v as RunResult).ok === 'boolean' && !('_id' in v);

async function apiCall(ctx: ServerContext, { action, block }: Located, row: WireRow | RunResult): Promise<RunResult> {
  if (isResult(row)) return row;
  let request;
  try {
    request = buildApiRequest(action, values(row));
  } catch (err) {
    if (err instanceof ActionConfigError) return result(action, false, ACTION_MESSAGES.apiFailed(err.message.replace(/^./, (c) => c.toLowerCase())));
    throw err;
  }
  try {
    const res = await safeFetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      secretHeaders: request.secretHeaders,
      timeoutMs: ctx.config.actionTimeoutMs,
      allowPrivate: ctx.config.allowPrivateActionTargets,
    });
    const ok = res.status >= 200 && res.status < 300;
    if (!ok) ctx.log.info({ blockId: block.id, status: res.status }, 'API call action: non-2xx answer');
    return result(action, ok, ok ? ACTION_MESSAGES.apiOk : ACTION_MESSAGES.apiFailed(ACTION_MESSAGES.apiStatus(res.status)));
  } catch (err) {
    if (!(err instanceof SafeFetchError)) throw err;
    ctx.log.info({ blockId: block.id, code: err.code }, 'API call action failed');
    return result(action, false, ACTION_MESSAGES.apiFailed(err.message.replace(/^./, (c) => c.toLowerCase())));
  }
}

async function composeEmail(ctx: ServerContext, { action, block, app }: Located, input: RunInput, row: WireRow | RunResult): Promise<RunResult> {
  if (isResult(row)) return row;
  const column = str(action.source_column);
  if (!column) return result(action, false, ACTION_MESSAGES.mailFailed(ACTION_MESSAGES.noSourceColumn));
  const cell = row[column];
  const to = (cell === null || cell === undefined ? '' : String(cell)).trim();
  if (!isAddress(to)) return result(action, false, ACTION_MESSAGES.mailFailed(ACTION_MESSAGES.notAnAddress(to, column)));
  const wait = await limiterOf(ctx).take(block.id, input.ip);
  if (wait > 0) {
    throw new RateLimited(ACTION_MESSAGES.tooMany(Math.max(1, Math.ceil(wait / 60_000))), Math.ceil(wait / 1000));
  }
  const text = `${mailBody(action.pdf_template, values(row))}\n\n--\nSent from the board '${app.name}' on Sheetboard.`;
  try {
    await ctx.mailer.send({ to, subject: mailSubject(action.title, block.title, app.name), text });
  } catch (err) {
    ctx.log.warn({ err, blockId: block.id }, 'Compose Email action: sending failed');
    return result(action, false, ACTION_MESSAGES.mailFailed(ACTION_MESSAGES.mailTransport));
  }
  return result(action, true, ACTION_MESSAGES.mailSent(to));
}
