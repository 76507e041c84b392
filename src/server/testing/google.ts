// A local server that speaks, on the wire as Google does, the parts of Google's HTTP APIs the live
// Google Sheets sync uses (issue 16), for tests: the server under test talks to it through the
// official clients (@googleapis/sheets, @googleapis/drive, google-auth-library) pointed at `url`,
// not through mocks of them. One port plays every Google host:
//
//   accounts.google.com      GET  /o/oauth2/v2/auth            the consent screen (answers at once with a 302)
//   oauth2.googleapis.com    POST /token                        authorization_code, refresh_token, jwt-bearer
//                            POST /revoke                       revokes an access or refresh token
//   www.googleapis.com       GET  /oauth2/v3/userinfo           who the bearer is (openid email)
//                            GET  /drive/v3/files/{id}          Drive files.get (id, name, version, modifiedTime, mimeType)
//   sheets.googleapis.com    /v4/spreadsheets/…                 spreadsheets.get / batchUpdate, values.get / batchGet /
//                                                               append / update / batchUpdate / clear
//
// Errors have Google's shapes: APIs answer `{ error: { code, message, status, details? } }` (Drive
// adds the older `errors: [{ reason, … }]`)
// (401 UNAUTHENTICATED with a WWW-Authenticate header, 403 PERMISSION_DENIED, 404 NOT_FOUND,
// 400 INVALID_ARGUMENT, 429 RESOURCE_EXHAUSTED, 500 INTERNAL, 503 UNAVAILABLE); the token
// endpoint answers `{ error: 'invalid_grant', error_description }` and the like.
//
// Client construction against it (what production code does with its settings):
//   new OAuth2Client({ clientId, clientSecret, redirectUri,
//     endpoints: { oauth2AuthBaseUrl: `${url}/o/oauth2/v2/auth`, oauth2TokenUrl: `${url}/token`, oauth2RevokeUrl: `${url}/revoke` } })
//   sheets({ version: 'v4', auth, rootUrl: `${url}/` });  drive({ version: 'v3', auth, rootUrl: `${url}/` })
//   A service account's JWT client: google-auth-library 10 posts its assertion to the fixed
//   https://oauth2.googleapis.com/token (gtoken has no option for it), so the token URL is changed
//   with a request interceptor on the client's own transporter: see `pointJwtAt` below.
//
// Test controls are the methods of FakeGoogle: spreadsheets made and edited as a person in Google
// Sheets would (setCell, insertRow, deleteRow, renameHeader, renameTab), faults (failNext,
// beforeWrite, revoked and expired tokens), counters and a log of requests.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Google's token endpoint, the one the JWT client always posts to and the `aud` of its assertions. */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';

export const SCOPES = {
  spreadsheets: 'https://www.googleapis.com/auth/spreadsheets',
  spreadsheetsReadonly: 'https://www.googleapis.com/auth/spreadsheets.readonly',
  drive: 'https://www.googleapis.com/auth/drive',
  driveReadonly: 'https://www.googleapis.com/auth/drive.readonly',
  driveFile: 'https://www.googleapis.com/auth/drive.file',
  driveMetadataReadonly: 'https://www.googleapis.com/auth/drive.metadata.readonly',
} as const;

const READ_SHEETS = new Set<string>([SCOPES.spreadsheets, SCOPES.spreadsheetsReadonly, SCOPES.drive, SCOPES.driveReadonly, SCOPES.driveFile]);
const WRITE_SHEETS = new Set<string>([SCOPES.spreadsheets, SCOPES.drive, SCOPES.driveFile]);
const READ_DRIVE = new Set<string>([SCOPES.drive, SCOPES.driveReadonly, SCOPES.driveFile, SCOPES.driveMetadataReadonly, 'https://www.googleapis.com/auth/drive.metadata']);

/** What a request is, for counters, the log and fault matching. */
export type RequestKind =
  | 'oauth.consent'
  | 'oauth.token'
  | 'oauth.revoke'
  | 'oauth.userinfo'
  | 'drive.files.get'
  | 'sheets.spreadsheets.get'
  | 'sheets.spreadsheets.batchUpdate'
  | 'sheets.values.get'
  | 'sheets.values.batchGet'
  | 'sheets.values.append'
  | 'sheets.values.update'
  | 'sheets.values.batchUpdate'
  | 'sheets.values.clear'
  | 'unknown';

export interface LoggedRequest {
  kind: RequestKind;
  method: string;
  /** The path as sent (still percent-encoded). */
  path: string;
  query: URLSearchParams;
  /** The parsed body (JSON, or the form of the token endpoint), or null. */
  body: unknown;
  /** The account the bearer token stands for (a user's or service account's e-mail), if any. */
  principal: string | null;
  /** The status answered. */
  status: number;
}

export interface FaultMatch {
  /** The kind of request to fail (`'sheets.values.append'`), a pattern on its path, or a predicate. */
  match?: RequestKind | RegExp | ((req: { kind: RequestKind; method: string; path: string }) => boolean);
  status: 429 | 500 | 503 | 400 | 401 | 403 | 404;
  /** How many matching requests fail (default 1). */
  times?: number;
  /** Apply the request, then answer the error anyway (a write that landed but whose answer was lost). */
  afterApply?: boolean;
}

/** A cell as a person typed it: a value, or a formula with the value it shows. */
export type CellValue = string | number | boolean | null;
export interface FormulaCell {
  formula: string;
  value: CellValue;
}
export type Cell = CellValue | FormulaCell;

export interface FakeTab {
  sheetId: number;
  title: string;
  index: number;
  rowCount: number;
  columnCount: number;
  /** Row-major cells; rows past the data are absent (a sparse tail), missing cells are empty. */
  rows: Cell[][];
}

export interface FakeSpreadsheet {
  spreadsheetId: string;
  title: string;
  tabs: FakeTab[];
  /** Drive's file version: bumped by every change, from the API or from a person. */
  version: number;
  modifiedTime: Date;
  /** e-mail → role. Anyone else gets 403. */
  access: Map<string, 'reader' | 'writer'>;
}

export interface TabInput {
  title: string;
  sheetId?: number;
  rows?: Cell[][];
  rowCount?: number;
  columnCount?: number;
}

export interface ServiceAccountKey {
  type: 'service_account';
  project_id: string;
  private_key_id: string;
  private_key: string;
  client_email: string;
  client_id: string;
  token_uri: string;
}

export interface IssuedRefreshToken {
  token: string;
  user: string;
  clientId: string;
  scopes: string[];
  revoked: boolean;
}

export interface WriteInfo {
  kind: RequestKind;
  spreadsheetId: string;
  body: unknown;
}

export interface FakeGoogle {
  /** `http://127.0.0.1:{port}`: every Google host at once. rootUrl for the API clients is `${url}/`. */
  url: string;
  /** `${url}/token` (OAuth2Client endpoints.oauth2TokenUrl). */
  tokenUrl: string;
  /** `${url}/o/oauth2/v2/auth` (OAuth2Client endpoints.oauth2AuthBaseUrl). */
  authUrl: string;
  /** `${url}/revoke` (OAuth2Client endpoints.oauth2RevokeUrl). */
  revokeUrl: string;
  /** The OAuth client this Google knows. `redirectUris` empty: any http(s) redirect is accepted. */
  oauthClient: { clientId: string; clientSecret: string; redirectUris: string[] };
  /**
   * Who is signed in at the consent screen and what they answer: the next GET /o/oauth2/v2/auth
   * redirects with a code for `user`, or with error=access_denied when `deny` is true.
   */
  consent: { user: string; deny: boolean };
  /** Seconds an access token lives (Google: 3599). */
  accessTokenLifetime: number;
  /**
   * Sheets' per-user quotas, enforced when set (null: unlimited, the default): more read or write
   * requests by one account within a rolling minute than the limit get 429 RESOURCE_EXHAUSTED, as
   * Google answers past its 60-per-minute-per-user quotas.
   */
  quota: { readsPerMinutePerUser: number | null; writesPerMinutePerUser: number | null };
  spreadsheets: Map<string, FakeSpreadsheet>;
  /** Every request that reached it, in order (empty it with `requests.length = 0`). */
  requests: LoggedRequest[];
  /** Requests by kind since the start or the last `resetCounts()` (benchmarks' "requests used"). */
  counts: Partial<Record<RequestKind, number>>;
  resetCounts(): void;

  /** A spreadsheet shared with `writers` (and `readers`); its first tab gets sheetId 0 unless given. */
  createSpreadsheet(input: { spreadsheetId?: string; title?: string; tabs: TabInput[]; writers?: string[]; readers?: string[] }): FakeSpreadsheet;
  /** Fills a tab with `count` rows made by `row(i)` (i from 0) below row `from` (default: after the data), fast. */
  fillRows(spreadsheetId: string, tab: string | number, count: number, row: (i: number) => Cell[]): void;
  share(spreadsheetId: string, email: string, role: 'reader' | 'writer' | null): void;
  tab(spreadsheetId: string, tab: string | number): FakeTab;
  /** A tab's unformatted values, trailing empties trimmed, as values.get would give them. */
  values(spreadsheetId: string, tab: string | number): CellValue[][];
  /** A cell (`'B2'`) as a person types it: a value, `'=A1+1'`-style text is a formula only with `{ formula, value }`. */
  setCell(spreadsheetId: string, tab: string | number, a1: string, value: Cell): void;
  getCell(spreadsheetId: string, tab: string | number, a1: string): Cell;
  /** Inserts a row so that it becomes row number `at` (1-based, as Sheets shows it); rows below shift down. */
  insertRow(spreadsheetId: string, tab: string | number, at: number, values: Cell[]): void;
  /** Deletes row number `at` (1-based); rows below shift up. */
  deleteRow(spreadsheetId: string, tab: string | number, at: number): void;
  /** Renames a header cell of row 1. */
  renameHeader(spreadsheetId: string, tab: string | number, from: string, to: string): void;
  renameTab(spreadsheetId: string, tab: string | number, title: string): void;

  /** Makes the next matching request(s) fail with Google's error for `status`. */
  failNext(fault: FaultMatch): void;
  /** Called before every write applies (values append/update/batchUpdate/clear, spreadsheets.batchUpdate); null removes it. */
  beforeWrite(hook: ((write: WriteInfo, google: FakeGoogle) => void | Promise<void>) | null): void;
  /** Called before every Sheets read answers (spreadsheets.get, values.get, values.batchGet; `body` holds the ranges asked for); null removes it. */
  beforeRead(hook: ((read: WriteInfo, google: FakeGoogle) => void | Promise<void>) | null): void;

  /** A service account this Google trusts (a key as the Cloud console downloads it). */
  addServiceAccount(email?: string): ServiceAccountKey;
  /** Refresh tokens issued, newest last. */
  refreshTokens: IssuedRefreshToken[];
  /** The refresh token now answers 400 invalid_grant ("Token has been expired or revoked."). */
  revokeRefreshToken(token: string): void;
  /** Every access token issued so far is past its expiry (the next API call gets 401). */
  expireAccessTokens(): void;
  /** An access token for `principal` without the OAuth dance (for tests of the API parts). */
  issueAccessToken(principal: string, scopes?: string[]): string;
  close(): Promise<void>;
}

/**
 * Points a google-auth-library JWT (service account) client at `tokenUrl`: its token requests go
 * to Google's fixed token URL through the client's transporter, whose interceptor rewrites them.
 */
export function pointJwtAt(client: { transporter: { interceptors: { request: Set<unknown> } } }, tokenUrl: string): void {
  client.transporter.interceptors.request.add({
    resolved: (options: { url: URL | string }) => {
      if (String(options.url) === GOOGLE_TOKEN_URL) options.url = new URL(tokenUrl);
      return Promise.resolve(options);
    },
  });
}

type Json = Record<string, unknown>;

/** An error of a Google API, answered in Google's JSON error shape. */
class GoogleApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly reason?: string,
    readonly extra: { location?: string; headers?: Record<string, string>; errorInfo?: string } = {},
  ) {
    super(message);
  }
}

/** An error of the OAuth endpoints: `{ error, error_description }`. */
class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    description: string,
  ) {
    super(description);
  }
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};
const REASONS: Record<number, string> = {
  400: 'badRequest',
  401: 'authError',
  403: 'forbidden',
  404: 'notFound',
  429: 'rateLimitExceeded',
  500: 'backendError',
  503: 'backendError',
};

function faultMessage(status: number, kind: RequestKind): string {
  const service = kind.startsWith('drive.') ? 'drive.googleapis.com' : 'sheets.googleapis.com';
  const write = /append|update|batchUpdate|clear/.test(kind);
  switch (status) {
    case 429:
      return `Quota exceeded for quota metric '${write ? 'Write' : 'Read'} requests' and limit '${write ? 'Write' : 'Read'} requests per minute per user' of service '${service}' for consumer 'project_number:000000000000'.`;
    case 500:
      return 'Internal error encountered.';
    case 503:
      return 'The service is currently unavailable.';
    case 401:
      return 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';
    case 403:
      return 'The caller does not have permission';
    case 404:
      return 'Requested entity was not found.';
    default:
      return 'Invalid request.';
  }
}

/** `0` → `A`, `26` → `AA`. */
export function columnName(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** `A` → 0, `AA` → 26. */
export function columnIndex(name: string): number {
  let n = 0;
  for (const ch of name.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** A tab title as Sheets writes it in a range: quoted unless it is a plain word that cannot be read as a cell. */
function quoteTitle(title: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(title) && !/^[A-Za-z]{1,3}\d+$/.test(title) ? title : `'${title.replaceAll("'", "''")}'`;
}

/** The A1 range of rows [startRow, endRow) × columns [startCol, endCol) as Sheets answers it. */
function a1(tab: FakeTab, startRow: number, startCol: number, endRow: number, endCol: number): string {
  const from = `${columnName(startCol)}${startRow + 1}`;
  const to = `${columnName(endCol - 1)}${endRow}`;
  return `${quoteTitle(tab.title)}!${from === to ? from : `${from}:${to}`}`;
}

function cellRef(ref: string): { row: number; col: number } {
  const m = /^([A-Za-z]+)(\d+)$/.exec(ref);
  if (!m || Number(m[2]) < 1) throw new Error(`not a cell: ${ref}`);
  return { row: Number(m[2]) - 1, col: columnIndex(m[1]!) };
}

const isFormula = (cell: Cell | undefined): cell is FormulaCell => typeof cell === 'object' && cell !== null;
const isEmpty = (cell: Cell | undefined) => cell === undefined || cell === null || cell === '';

/**
 * Rows [at, at - delta) were deleted (delta < 0) or delta rows were inserted at `at`: formulas of the
 * tab follow, as in Sheets (`=B3*2` becomes `=B2*2`; a reference to a deleted row becomes `#REF!`).
 * References to other tabs are left as they are. Rows are replaced, not changed in place, so that a
 * batchUpdate that fails later can restore its snapshot.
 */
function shiftFormulas(tab: FakeTab, at: number, delta: number): void {
  const ref = /(^|[^A-Za-z0-9_!'$.])(\$?)([A-Z]{1,3})(\$?)(\d+)(?![A-Za-z0-9_(!])/g;
  tab.rows.forEach((row, r) => {
    if (!row.some(isFormula)) return;
    tab.rows[r] = row.map((cell) => {
      if (!isFormula(cell)) return cell;
      const formula = cell.formula.replace(ref, (_m, pre: string, d1: string, col: string, d2: string, num: string) => {
        const index = Number(num) - 1;
        if (index < at) return `${pre}${d1}${col}${d2}${num}`;
        if (delta < 0 && index < at - delta) return `${pre}#REF!`;
        return `${pre}${d1}${col}${d2}${index + delta + 1}`;
      });
      return formula === cell.formula ? cell : { ...cell, formula };
    });
  });
}

/** A number as the default ("automatic") format shows it. */
function formatNumber(n: number): string {
  if (Number.isInteger(n)) return String(n);
  return String(Number(n.toPrecision(15)));
}

function rendered(cell: Cell | undefined, render: string): CellValue {
  if (cell === undefined || cell === null) return '';
  if (isFormula(cell)) {
    if (render === 'FORMULA') return cell.formula;
    return rendered(cell.value, render);
  }
  if (render === 'FORMATTED_VALUE') {
    if (typeof cell === 'number') return formatNumber(cell);
    if (typeof cell === 'boolean') return cell ? 'TRUE' : 'FALSE';
  }
  return cell;
}

/** What typing `v` into a cell stores (valueInputOption USER_ENTERED): numbers, booleans and formulas parsed. */
function userEntered(v: CellValue): Cell {
  if (typeof v !== 'string') return v;
  if (v.startsWith('=')) return { formula: v, value: null };
  if (v.startsWith("'")) return v.slice(1);
  const t = v.trim();
  if (/^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(t)) return Number(t);
  if (/^(true|false)$/i.test(t)) return t.toUpperCase() === 'TRUE';
  return v;
}

function transpose<T>(rows: T[][]): (T | null)[][] {
  const width = rows.reduce((n, r) => Math.max(n, r.length), 0);
  return Array.from({ length: width }, (_, c) => {
    const col = rows.map((r) => (c < r.length ? r[c]! : null));
    while (col.length && (col.at(-1) === null || col.at(-1) === undefined)) col.pop();
    return col;
  });
}

function sheetProperties(tab: FakeTab): Json {
  return { sheetId: tab.sheetId, title: tab.title, index: tab.index, sheetType: 'GRID', gridProperties: { rowCount: tab.rowCount, columnCount: tab.columnCount } };
}

function extendedValue(v: CellValue): Json | undefined {
  if (v === null || v === '') return undefined;
  if (typeof v === 'number') return { numberValue: v };
  if (typeof v === 'boolean') return { boolValue: v };
  return { stringValue: v };
}

/** A cell of spreadsheets.get's grid data (includeGridData=true). */
function gridCell(cell: Cell): Json {
  if (isEmpty(cell)) return {};
  const value = isFormula(cell) ? cell.value : cell;
  const effective = extendedValue(value);
  return {
    userEnteredValue: isFormula(cell) ? { formulaValue: cell.formula } : effective,
    ...(effective ? { effectiveValue: effective, formattedValue: rendered(value, 'FORMATTED_VALUE') } : {}),
  };
}

type Mask = Map<string, Mask | true>;

/** A partial-response field mask: `sheets.properties`, `sheets(properties(sheetId,title))`, `sheets/properties/title`, `*`. */
export function parseMask(text: string): Mask {
  let i = 0;
  const list = (): Mask => {
    const out: Mask = new Map();
    for (;;) {
      const m = /^[\s]*([A-Za-z0-9_*]+(?:[./][A-Za-z0-9_*]+)*)/.exec(text.slice(i));
      if (!m) throw new GoogleApiError(400, `Invalid field selection ${text}`, 'invalidParameter', { location: 'fields' });
      i += m[0].length;
      const path = m[1]!.split(/[./]/);
      let sub: Mask | true = true;
      if (text[i] === '(') {
        i++;
        sub = list();
        if (text[i] !== ')') throw new GoogleApiError(400, `Invalid field selection ${text}`, 'invalidParameter', { location: 'fields' });
        i++;
      }
      let node = out;
      path.forEach((name, k) => {
        const last = k === path.length - 1;
        const existing = node.get(name);
        if (last) {
          if (existing === true || sub === true) node.set(name, true);
          else node.set(name, existing ? mergeMasks(existing, sub) : sub);
        } else {
          if (existing === true) return;
          const next: Mask = existing ?? new Map();
          node.set(name, next);
          node = next;
        }
      });
      while (text[i] === ' ') i++;
      if (text[i] === ',') {
        i++;
        continue;
      }
      return out;
    }
  };
  const mask = list();
  if (i !== text.length) throw new GoogleApiError(400, `Invalid field selection ${text}`, 'invalidParameter', { location: 'fields' });
  return mask;
}

function mergeMasks(a: Mask, b: Mask): Mask {
  const out: Mask = new Map(a);
  for (const [k, v] of b) {
    const mine = out.get(k);
    out.set(k, mine === true || v === true ? true : mine ? mergeMasks(mine, v) : v);
  }
  return out;
}

export function applyMask(value: unknown, mask: Mask): unknown {
  if (Array.isArray(value)) return value.map((v) => applyMask(v, mask));
  if (typeof value !== 'object' || value === null) return value;
  if (mask.has('*')) return value;
  const out: Json = {};
  for (const [k, sub] of mask) {
    const v = (value as Json)[k];
    if (v === undefined) continue;
    out[k] = sub === true ? v : applyMask(v, sub);
  }
  return out;
}

const token = (prefix: string, bytes = 24) => `${prefix}${crypto.randomBytes(bytes).toString('base64url')}`;
const b64json = (part: string): Json | null => {
  try {
    const v: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof v === 'object' && v !== null ? (v as Json) : null;
  } catch {
    return null;
  }
};

interface AccessToken {
  principal: string;
  scopes: string[];
  expiresAt: number;
}
interface AuthCode {
  user: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  offline: boolean;
  forceConsent: boolean;
  challenge: { value: string; method: string } | null;
  expiresAt: number;
}

export interface FakeGoogleOptions {
  /** Seconds an access token lives (default 3599, as Google). */
  accessTokenLifetime?: number;
}

/** Body size a request may have (Google's own limit is larger; tests never get near it). */
const MAX_BODY = 64 * 1024 * 1024;

export async function startFakeGoogle(options: FakeGoogleOptions = {}): Promise<FakeGoogle> {
  const requests: LoggedRequest[] = [];
  const counts: Partial<Record<RequestKind, number>> = {};
  const accessTokens = new Map<string, AccessToken>();
  const codes = new Map<string, AuthCode>();
  const refreshTokens: IssuedRefreshToken[] = [];
  /** user + client → the scopes granted so far (Google issues a refresh token on the first offline consent only). */
  const grants = new Map<string, { scopes: Set<string>; refreshIssued: boolean }>();
  const serviceAccounts = new Map<string, crypto.KeyObject>();
  const faults: (FaultMatch & { left: number })[] = [];
  let writeHook: ((write: WriteInfo, google: FakeGoogle) => void | Promise<void>) | null = null;
  let readHook: ((read: WriteInfo, google: FakeGoogle) => void | Promise<void>) | null = null;
  const idTokenKey = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  let url = '';

  function issueAccessToken(principal: string, scopes: string[]): string {
    const value = token('ya29.', 48);
    accessTokens.set(value, { principal, scopes, expiresAt: Date.now() + fake.accessTokenLifetime * 1000 });
    return value;
  }

  function idToken(user: string, clientId: string): string {
    const iat = Math.floor(Date.now() / 1000);
    const header = Buffer.from(JSON.stringify({ alg: 'RS256', kid: 'fake', typ: 'JWT' })).toString('base64url');
    const sub = crypto.createHash('sha256').update(user).digest('hex').slice(0, 21);
    const payload = Buffer.from(
      JSON.stringify({ iss: 'https://accounts.google.com', azp: clientId, aud: clientId, sub, email: user, email_verified: true, iat, exp: iat + 3600 }),
    ).toString('base64url');
    const signature = crypto.sign('RSA-SHA256', Buffer.from(`${header}.${payload}`), idTokenKey).toString('base64url');
    return `${header}.${payload}.${signature}`;
  }

  // ---- OAuth ----------------------------------------------------------------------------------

  /** GET /o/oauth2/v2/auth: the consent screen, answered at once by `fake.consent`. */
  function consentScreen(query: URLSearchParams, res: http.ServerResponse): number {
    const clientId = query.get('client_id') ?? '';
    const redirectUri = query.get('redirect_uri') ?? '';
    const page = (status: number, text: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>Error 400</title><p>${text.replace(/[<>&"']/g, '')}</p>`);
      return status;
    };
    if (clientId !== fake.oauthClient.clientId) return page(401, 'Error 401: invalid_client. The OAuth client was not found.');
    if (!redirectAllowed(redirectUri)) return page(400, "Error 400: redirect_uri_mismatch. You can't sign in to this app because it doesn't comply with Google's OAuth 2.0 policy.");
    const target = new URL(redirectUri);
    const state = query.get('state');
    const scopes = (query.get('scope') ?? '').split(/[ +]/).filter(Boolean);
    if (query.get('response_type') !== 'code') {
      target.searchParams.set('error', 'unsupported_response_type');
    } else if (scopes.length === 0) {
      target.searchParams.set('error', 'invalid_scope');
    } else if (fake.consent.deny) {
      target.searchParams.set('error', 'access_denied');
    } else {
      const code = `4/${token('', 32)}`;
      const challenge = query.get('code_challenge');
      codes.set(code, {
        user: fake.consent.user,
        clientId,
        redirectUri,
        scopes,
        offline: query.get('access_type') === 'offline',
        forceConsent: (query.get('prompt') ?? '').split(' ').includes('consent'),
        challenge: challenge ? { value: challenge, method: query.get('code_challenge_method') ?? 'plain' } : null,
        expiresAt: Date.now() + 10 * 60 * 1000,
      });
      target.searchParams.set('code', code);
      target.searchParams.set('scope', scopes.join(' '));
      target.searchParams.set('authuser', '0');
      target.searchParams.set('prompt', 'consent');
    }
    if (state !== null) target.searchParams.set('state', state);
    res.writeHead(302, { location: target.toString() });
    res.end();
    return 302;
  }

  function redirectAllowed(uri: string): boolean {
    if (fake.oauthClient.redirectUris.length > 0) return fake.oauthClient.redirectUris.includes(uri);
    try {
      return /^https?:$/.test(new URL(uri).protocol);
    } catch {
      return false;
    }
  }

  function clientOf(form: URLSearchParams, headers: http.IncomingHttpHeaders): void {
    let id = form.get('client_id');
    let secret = form.get('client_secret');
    const basic = /^Basic (.+)$/.exec(headers.authorization ?? '');
    if (basic) {
      const [u, p] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
      id = decodeURIComponent(u ?? '');
      secret = decodeURIComponent(p ?? '');
    }
    if (id !== fake.oauthClient.clientId) throw new OAuthError(401, 'invalid_client', 'The OAuth client was not found.');
    if (secret !== fake.oauthClient.clientSecret) throw new OAuthError(401, 'invalid_client', 'Unauthorized');
  }

  /** POST /token. */
  function tokenEndpoint(form: URLSearchParams, headers: http.IncomingHttpHeaders): Json {
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      clientOf(form, headers);
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (!code || code.expiresAt < Date.now() || code.clientId !== fake.oauthClient.clientId) throw new OAuthError(400, 'invalid_grant', 'Malformed auth code.');
      if (form.get('redirect_uri') !== code.redirectUri) throw new OAuthError(400, 'redirect_uri_mismatch', 'Bad Request');
      if (code.challenge) {
        const verifier = form.get('code_verifier') ?? '';
        const expected = code.challenge.method === 'S256' ? crypto.createHash('sha256').update(verifier).digest('base64url') : verifier;
        if (!verifier || expected !== code.challenge.value) throw new OAuthError(400, 'invalid_grant', 'Invalid code verifier.');
      }
      const key = `${code.user} ${code.clientId}`;
      const grantState = grants.get(key) ?? { scopes: new Set<string>(), refreshIssued: false };
      grants.set(key, grantState);
      for (const s of code.scopes) grantState.scopes.add(s);
      const out: Json = {
        access_token: issueAccessToken(code.user, code.scopes),
        expires_in: fake.accessTokenLifetime,
        scope: code.scopes.join(' '),
        token_type: 'Bearer',
      };
      if (code.offline && (!grantState.refreshIssued || code.forceConsent)) {
        const refresh: IssuedRefreshToken = { token: `1//${token('', 48)}`, user: code.user, clientId: code.clientId, scopes: [...code.scopes], revoked: false };
        refreshTokens.push(refresh);
        grantState.refreshIssued = true;
        out.refresh_token = refresh.token;
      }
      if (code.scopes.includes('openid') || code.scopes.includes('email') || code.scopes.some((s) => s.endsWith('/userinfo.email'))) out.id_token = idToken(code.user, code.clientId);
      return out;
    }
    if (grant === 'refresh_token') {
      clientOf(form, headers);
      const found = refreshTokens.find((r) => r.token === form.get('refresh_token'));
      if (!found || found.revoked || found.clientId !== fake.oauthClient.clientId) throw new OAuthError(400, 'invalid_grant', 'Token has been expired or revoked.');
      return { access_token: issueAccessToken(found.user, found.scopes), expires_in: fake.accessTokenLifetime, scope: found.scopes.join(' '), token_type: 'Bearer' };
    }
    if (grant === 'urn:ietf:params:oauth:grant-type:jwt-bearer') return jwtBearer(form.get('assertion') ?? '');
    throw new OAuthError(400, 'unsupported_grant_type', `Invalid grant_type: ${grant ?? ''}`);
  }

  /** The service account's signed assertion: RS256 over header.payload with its registered key. */
  function jwtBearer(assertion: string): Json {
    const parts = assertion.split('.');
    const header = parts.length === 3 ? b64json(parts[0]!) : null;
    const claims = parts.length === 3 ? b64json(parts[1]!) : null;
    if (!header || !claims) throw new OAuthError(400, 'invalid_request', 'Invalid JWT: Malformed.');
    const iss = typeof claims.iss === 'string' ? claims.iss : '';
    const key = serviceAccounts.get(iss);
    if (header.alg !== 'RS256' || !key || !crypto.verify('RSA-SHA256', Buffer.from(`${parts[0]}.${parts[1]}`), key, Buffer.from(parts[2]!, 'base64url')))
      throw new OAuthError(400, 'invalid_grant', 'Invalid JWT Signature.');
    const now = Math.floor(Date.now() / 1000);
    const iat = Number(claims.iat);
    const exp = Number(claims.exp);
    if (!Number.isFinite(iat) || !Number.isFinite(exp) || exp - iat > 3600 || iat > now + 300 || exp < now - 300)
      throw new OAuthError(400, 'invalid_grant', 'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.');
    if (claims.aud !== GOOGLE_TOKEN_URL && claims.aud !== `${url}/token`) throw new OAuthError(400, 'invalid_grant', 'Invalid JWT: Failed audience check.');
    if (claims.sub !== undefined && claims.sub !== iss)
      throw new OAuthError(401, 'unauthorized_client', 'Client is unauthorized to retrieve access tokens using this method, or client not authorized for any of the scopes requested.');
    const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ').filter(Boolean) : [];
    if (scopes.length === 0) throw new OAuthError(400, 'invalid_scope', 'Invalid OAuth scope or ID token audience provided.');
    return { access_token: issueAccessToken(iss, scopes), expires_in: fake.accessTokenLifetime, token_type: 'Bearer' };
  }

  /** POST /revoke?token=…: an access token, or a refresh token and every access token of its grant. */
  function revoke(form: URLSearchParams, query: URLSearchParams): Json {
    const value = form.get('token') ?? query.get('token') ?? '';
    const refresh = refreshTokens.find((r) => r.token === value && !r.revoked);
    if (refresh) {
      refresh.revoked = true;
      for (const [k, t] of accessTokens) if (t.principal === refresh.user) accessTokens.delete(k);
      grants.delete(`${refresh.user} ${refresh.clientId}`);
      return {};
    }
    if (accessTokens.delete(value)) return {};
    throw new OAuthError(400, 'invalid_token', 'Token expired or revoked');
  }

  /** The bearer of an API request, or 401 as Google answers it. */
  function bearer(headers: http.IncomingHttpHeaders, service: string): AccessToken {
    const auth = /^Bearer (.+)$/i.exec(headers.authorization ?? '');
    const www = { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' };
    if (!auth)
      throw new GoogleApiError(
        401,
        'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
        'required',
        { headers: { 'www-authenticate': 'Bearer realm="https://accounts.google.com/"' }, errorInfo: `CREDENTIALS_MISSING ${service}` },
      );
    const found = accessTokens.get(auth[1]!);
    if (!found || found.expiresAt <= Date.now())
      throw new GoogleApiError(401, faultMessage(401, 'unknown'), 'authError', { headers: www, errorInfo: `${found ? 'ACCESS_TOKEN_EXPIRED' : 'ACCESS_TOKEN_TYPE_UNSUPPORTED'} ${service}` });
    return found;
  }

  function requireScope(who: AccessToken, allowed: Set<string>, service: string): void {
    if (!who.scopes.some((s) => allowed.has(s)))
      throw new GoogleApiError(403, 'Request had insufficient authentication scopes.', 'insufficientPermissions', {
        headers: { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="insufficient_scope"' },
        errorInfo: `ACCESS_TOKEN_SCOPE_INSUFFICIENT ${service}`,
      });
  }

  // ---- Spreadsheets (state and a person's edits) ------------------------------------------------

  const spreadsheets = new Map<string, FakeSpreadsheet>();

  function bump(book: FakeSpreadsheet): void {
    book.version += 1;
    const now = Date.now();
    book.modifiedTime = new Date(Math.max(now, book.modifiedTime.getTime() + 1));
  }

  function bookOf(id: string): FakeSpreadsheet {
    const book = spreadsheets.get(id);
    if (!book) throw new Error(`no spreadsheet ${id} on the fake Google`);
    return book;
  }

  function tabOf(book: FakeSpreadsheet, tab: string | number): FakeTab {
    const found = book.tabs.find((t) => (typeof tab === 'number' ? t.sheetId === tab : t.title === tab));
    if (!found) throw new Error(`no tab ${tab} in spreadsheet ${book.spreadsheetId}`);
    return found;
  }

  // ---- HTTP -------------------------------------------------------------------------------------

  function kindOf(method: string, path: string): RequestKind {
    if (path === '/o/oauth2/v2/auth') return 'oauth.consent';
    if (path === '/token') return 'oauth.token';
    if (path === '/revoke' || path === '/o/oauth2/revoke') return 'oauth.revoke';
    if (path === '/oauth2/v3/userinfo') return 'oauth.userinfo';
    if (/^\/drive\/v3\/files\/[^/]+$/.test(path) && method === 'GET') return 'drive.files.get';
    const m = /^\/v4\/spreadsheets\/([^/:]+)(.*)$/.exec(path);
    if (!m) return 'unknown';
    const rest = m[2]!;
    if (rest === '' && method === 'GET') return 'sheets.spreadsheets.get';
    if (rest === ':batchUpdate' && method === 'POST') return 'sheets.spreadsheets.batchUpdate';
    if (rest === '/values:batchGet' && method === 'GET') return 'sheets.values.batchGet';
    if (rest === '/values:batchUpdate' && method === 'POST') return 'sheets.values.batchUpdate';
    if (rest.startsWith('/values/')) {
      if (rest.endsWith(':append') && method === 'POST') return 'sheets.values.append';
      if (rest.endsWith(':clear') && method === 'POST') return 'sheets.values.clear';
      if (method === 'GET') return 'sheets.values.get';
      if (method === 'PUT') return 'sheets.values.update';
    }
    return 'unknown';
  }

  function takeFault(kind: RequestKind, method: string, path: string): FaultMatch | null {
    const i = faults.findIndex((f) => {
      if (f.match === undefined) return kind !== 'oauth.consent';
      if (typeof f.match === 'string') return f.match === kind;
      if (f.match instanceof RegExp) return f.match.test(path);
      return f.match({ kind, method, path });
    });
    if (i < 0) return null;
    const fault = faults[i]!;
    fault.left -= 1;
    if (fault.left <= 0) faults.splice(i, 1);
    return fault;
  }

  /**
   * Google's error body. Sheets (an ESF API) answers `{ code, message, status, details? }`; Drive v3
   * also carries the older `errors: [{ message, domain, reason, location? }]` list.
   */
  function apiErrorBody(e: GoogleApiError, kind: RequestKind): Json {
    const service = kind.startsWith('drive.') ? 'drive.googleapis.com' : 'sheets.googleapis.com';
    const error: Json = { code: e.code, message: e.message };
    if (kind.startsWith('drive.'))
      error.errors = [{ message: e.message, domain: 'global', reason: e.reason ?? REASONS[e.code] ?? 'badRequest', ...(e.extra.location ? { location: e.extra.location, locationType: 'parameter' } : {}) }];
    error.status = STATUS_NAMES[e.code] ?? 'UNKNOWN';
    if (e.extra.errorInfo) {
      const [reason] = e.extra.errorInfo.split(' ');
      error.details = [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'googleapis.com', metadata: { service } }];
    } else if (e.code === 429) {
      const write = /append|update|batchUpdate|clear/.test(kind);
      error.details = [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'RATE_LIMIT_EXCEEDED',
          domain: 'googleapis.com',
          metadata: {
            consumer: 'projects/000000000000',
            quota_limit: write ? 'WriteRequestsPerMinutePerUser' : 'ReadRequestsPerMinutePerUser',
            quota_metric: `${service}/${write ? 'write' : 'read'}_requests`,
            service,
          },
        },
      ];
    }
    return { error };
  }

  /** Request times per account and kind of quota, for `fake.quota`. */
  const recent = new Map<string, number[]>();
  function overQuota(kind: RequestKind, principal: string): void {
    if (!kind.startsWith('sheets.')) return;
    const write = !['sheets.spreadsheets.get', 'sheets.values.get', 'sheets.values.batchGet'].includes(kind);
    const limit = write ? fake.quota.writesPerMinutePerUser : fake.quota.readsPerMinutePerUser;
    if (limit === null) return;
    const key = `${write ? 'w' : 'r'} ${principal}`;
    const now = Date.now();
    const times = (recent.get(key) ?? []).filter((t) => t > now - 60_000);
    recent.set(key, times);
    if (times.length >= limit) throw new GoogleApiError(429, faultMessage(429, kind));
    times.push(now);
  }

  async function handle(req: http.IncomingMessage, raw: Buffer, res: http.ServerResponse): Promise<{ status: number; principal: string | null; body: unknown; kind: RequestKind }> {
    const method = req.method ?? 'GET';
    const target = new URL(req.url ?? '/', 'http://google.invalid');
    const path = target.pathname;
    const kind = kindOf(method, path);
    counts[kind] = (counts[kind] ?? 0) + 1;
    const text = raw.toString('utf8');
    const isForm = (req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded');
    let body: unknown = null;
    if (text) {
      if (isForm) body = Object.fromEntries(new URLSearchParams(text));
      else {
        try {
          body = JSON.parse(text) as unknown;
        } catch {
          body = text;
        }
      }
    }
    const json = (status: number, out: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', vary: 'Origin, X-Origin, Referer', ...headers });
      // Google pretty-prints unless asked not to (`prettyPrint=false`, worth it on big ranges).
      res.end(target.searchParams.get('prettyPrint') === 'false' ? JSON.stringify(out) : JSON.stringify(out, null, 2));
      return status;
    };
    let principal: string | null = null;
    const fault = takeFault(kind, method, path);
    const faultAnswer = (f: FaultMatch) => {
      if (kind.startsWith('oauth.')) {
        const error = f.status === 400 ? 'invalid_grant' : f.status === 401 ? 'invalid_client' : f.status >= 500 ? 'internal_failure' : 'rate_limit_exceeded';
        return json(f.status, { error, error_description: f.status === 400 ? 'Token has been expired or revoked.' : faultMessage(f.status, kind) });
      }
      return json(f.status, apiErrorBody(new GoogleApiError(f.status, faultMessage(f.status, kind)), kind));
    };
    if (fault && !fault.afterApply) return { status: faultAnswer(fault), principal, body, kind };
    try {
      if (kind === 'oauth.consent') return { status: consentScreen(target.searchParams, res), principal, body, kind };
      if (kind === 'oauth.token' || kind === 'oauth.revoke') {
        if (method !== 'POST') throw new OAuthError(405, 'invalid_request', 'Method Not Allowed');
        const form = isForm ? new URLSearchParams(text) : new URLSearchParams();
        const out = kind === 'oauth.token' ? tokenEndpoint(form, req.headers) : revoke(form, target.searchParams);
        if (fault) return { status: faultAnswer(fault), principal, body, kind };
        return { status: json(200, out, { 'cache-control': 'no-cache, no-store, max-age=0, must-revalidate', pragma: 'no-cache' }), principal, body, kind };
      }
      const service = kind.startsWith('drive.') ? 'drive.googleapis.com' : kind.startsWith('sheets.') ? 'sheets.googleapis.com' : 'www.googleapis.com';
      if (kind === 'unknown') throw new GoogleApiError(404, `Method not found.`, 'notFound');
      const who = bearer(req.headers, service);
      principal = who.principal;
      if (kind === 'oauth.userinfo') {
        const sub = crypto.createHash('sha256').update(who.principal).digest('hex').slice(0, 21);
        return { status: json(200, { sub, email: who.principal, email_verified: true }), principal, body, kind };
      }
      overQuota(kind, who.principal);
      let out = await api(kind, method, path, target.searchParams, body, who);
      // Partial responses: `fields` selects what every method answers (spreadsheets.get and Drive apply it themselves).
      const fields = target.searchParams.get('fields');
      if (fields && kind !== 'sheets.spreadsheets.get' && kind !== 'drive.files.get') out = applyMask(out, parseMask(fields));
      if (fault) return { status: faultAnswer(fault), principal, body, kind };
      return { status: json(200, out), principal, body, kind };
    } catch (e) {
      if (e instanceof OAuthError) return { status: json(e.status, { error: e.error, error_description: e.message }), principal, body, kind };
      if (e instanceof GoogleApiError) return { status: json(e.code, apiErrorBody(e, kind), e.extra.headers ?? {}), principal, body, kind };
      throw e;
    }
  }

  /** The Sheets and Drive methods behind the bearer check. */
  async function api(kind: RequestKind, method: string, path: string, query: URLSearchParams, body: unknown, who: AccessToken): Promise<unknown> {
    if (kind === 'drive.files.get') {
      requireScope(who, READ_DRIVE, 'drive.googleapis.com');
      const id = decodeURIComponent(path.slice('/drive/v3/files/'.length));
      const book = spreadsheets.get(id);
      // Drive answers a file you may not see as one that does not exist.
      if (!book || !book.access.has(who.principal))
        throw new GoogleApiError(404, `File not found: ${id}.`, 'notFound', { location: 'fileId' });
      return driveFile(book, query.get('fields'));
    }
    const m = /^\/v4\/spreadsheets\/([^/:]+)(.*)$/.exec(path)!;
    const book = spreadsheets.get(decodeURIComponent(m[1]!));
    if (!book) throw new GoogleApiError(404, 'Requested entity was not found.', 'notFound');
    const write = kind !== 'sheets.spreadsheets.get' && kind !== 'sheets.values.get' && kind !== 'sheets.values.batchGet';
    requireScope(who, write ? WRITE_SHEETS : READ_SHEETS, 'sheets.googleapis.com');
    const role = book.access.get(who.principal);
    if (!role || (write && role !== 'writer')) throw new GoogleApiError(403, 'The caller does not have permission', 'forbidden');
    const input = (typeof body === 'object' && body !== null ? body : {}) as Json;
    if (write && writeHook) await writeHook({ kind, spreadsheetId: book.spreadsheetId, body }, fake);
    if (!write && readHook) await readHook({ kind, spreadsheetId: book.spreadsheetId, body: { ranges: query.getAll('ranges'), range: m[2] ? decodeURIComponent(m[2].slice('/values/'.length)) : null } }, fake);
    const rawRange = () => decodeURIComponent(m[2]!.slice('/values/'.length).replace(/:(append|clear)$/, ''));
    switch (kind) {
      case 'sheets.spreadsheets.get':
        return spreadsheetResource(book, query);
      case 'sheets.values.get':
        return valueRange(book, rawRange(), query);
      case 'sheets.values.batchGet':
        return { spreadsheetId: book.spreadsheetId, valueRanges: query.getAll('ranges').map((r) => valueRange(book, r, query)) };
      case 'sheets.values.update': {
        const out = updateValues(book, rawRange(), input, inputOption(query.get('valueInputOption')), query);
        bump(book);
        return out;
      }
      case 'sheets.values.batchUpdate': {
        const option = inputOption(typeof input.valueInputOption === 'string' ? input.valueInputOption : null);
        const data = Array.isArray(input.data) ? (input.data as Json[]) : [];
        const parsed = data.map((d) => ({ d, range: parseRange(book, String(d.range ?? '')) }));
        const responseQuery = new URLSearchParams();
        for (const k of ['includeValuesInResponse', 'responseValueRenderOption'] as const) if (input[k] !== undefined) responseQuery.set(k, String(input[k]));
        const responses = parsed.map(({ d }) => updateValues(book, String(d.range), d, option, responseQuery));
        if (responses.length > 0) bump(book);
        return {
          spreadsheetId: book.spreadsheetId,
          totalUpdatedRows: responses.reduce((n, r) => n + r.updatedRows, 0),
          totalUpdatedColumns: responses.reduce((n, r) => Math.max(n, r.updatedColumns), 0),
          totalUpdatedCells: responses.reduce((n, r) => n + r.updatedCells, 0),
          totalUpdatedSheets: new Set(parsed.map((p) => p.range.tab.sheetId)).size,
          responses,
        };
      }
      case 'sheets.values.append': {
        const out = appendValues(book, rawRange(), input, query);
        bump(book);
        return out;
      }
      case 'sheets.values.clear': {
        const range = parseRange(book, rawRange());
        const end = bounded(range);
        for (let r = range.startRow; r < Math.min(end.endRow, range.tab.rows.length); r++) {
          const row = range.tab.rows[r]!;
          for (let c = range.startCol; c < Math.min(end.endCol, row.length); c++) row[c] = null;
        }
        bump(book);
        return { spreadsheetId: book.spreadsheetId, clearedRange: a1(range.tab, range.startRow, range.startCol, end.endRow, end.endCol) };
      }
      case 'sheets.spreadsheets.batchUpdate':
        return batchUpdate(book, input);
      default:
        throw new GoogleApiError(404, `Method not found: ${method} ${path}`, 'notFound');
    }
  }

  function driveFile(book: FakeSpreadsheet, fields: string | null): Json {
    const all: Json = {
      kind: 'drive#file',
      id: book.spreadsheetId,
      name: book.title,
      mimeType: 'application/vnd.google-apps.spreadsheet',
      version: String(book.version),
      modifiedTime: book.modifiedTime.toISOString(),
    };
    if (!fields) return { kind: all.kind, id: all.id, name: all.name, mimeType: all.mimeType };
    return applyMask(all, parseMask(fields)) as Json;
  }

  function spreadsheetResource(book: FakeSpreadsheet, query: URLSearchParams): unknown {
    const grid = query.get('includeGridData') === 'true';
    const full: Json = {
      spreadsheetId: book.spreadsheetId,
      properties: { title: book.title, locale: 'en_US', autoRecalc: 'ON_CHANGE', timeZone: 'Etc/GMT' },
      sheets: book.tabs.map((t) => ({
        properties: sheetProperties(t),
        ...(grid ? { data: [{ rowData: t.rows.map((row) => ({ values: row.map(gridCell) })) }] } : {}),
      })),
      spreadsheetUrl: `https://docs.google.com/spreadsheets/d/${book.spreadsheetId}/edit`,
    };
    const fields = query.get('fields');
    return fields ? applyMask(full, parseMask(fields)) : full;
  }

  function inputOption(v: string | null): 'RAW' | 'USER_ENTERED' {
    if (v === 'RAW' || v === 'USER_ENTERED') return v;
    if (!v) throw new GoogleApiError(400, "'valueInputOption' is required but not specified", 'badRequest');
    throw new GoogleApiError(400, `Invalid value at 'value_input_option' (type.googleapis.com/google.apps.sheets.v4.ValueInputOption), "${v}"`, 'badRequest');
  }

  /** The rows to write, row-major, from a ValueRange body. */
  function inputRows(input: Json, option: 'RAW' | 'USER_ENTERED'): (Cell | undefined)[][] {
    if (input.values !== undefined && !Array.isArray(input.values)) throw new GoogleApiError(400, "Invalid value at 'data.values'", 'badRequest');
    let rows = ((input.values ?? []) as unknown[]).map((r) => {
      if (!Array.isArray(r)) throw new GoogleApiError(400, "Invalid value at 'data.values' (type.googleapis.com/google.protobuf.ListValue)", 'badRequest');
      return r.map((v: unknown): Cell | undefined => {
        if (v === null || v === undefined) return undefined; // null is "leave the cell as it is"
        if (typeof v === 'object') throw new GoogleApiError(400, "Invalid values[0][0]: struct_value", 'badRequest');
        return option === 'RAW' ? (v as CellValue) : userEntered(v as CellValue);
      });
    });
    if (input.majorDimension === 'COLUMNS') rows = transpose(rows);
    return rows;
  }

  function updateValues(book: FakeSpreadsheet, rawRange: string, input: Json, option: 'RAW' | 'USER_ENTERED', query: URLSearchParams) {
    let range = parseRange(book, rawRange);
    if (typeof input.range === 'string' && input.range !== rawRange && parseRangeKey(book, input.range) !== parseRangeKey(book, rawRange))
      throw new GoogleApiError(400, `The range in the request body (${input.range}) does not match the range in the URL (${rawRange}).`, 'badRequest');
    const rows = inputRows(input, option);
    const width = rows.reduce((n, r) => Math.max(n, r.length), 0);
    // A single cell is where the block starts; a wider range is a frame the block must fit in.
    if (range.single) range = { ...range, endRow: null, endCol: null };
    if (range.endRow !== null && range.startRow + rows.length > range.endRow)
      throw new GoogleApiError(400, `Requested writing within range [${a1(range.tab, range.startRow, range.startCol, range.endRow, range.endCol ?? range.tab.columnCount)}], but tried writing to row [${range.startRow + rows.length}]`, 'badRequest');
    if (range.endCol !== null && range.startCol + width > range.endCol)
      throw new GoogleApiError(400, `Requested writing within range [${a1(range.tab, range.startRow, range.startCol, range.endRow ?? range.tab.rowCount, range.endCol)}], but tried writing to column [${columnName(range.startCol + width - 1)}]`, 'badRequest');
    writeBlock(range.tab, range.startRow, range.startCol, rows);
    return written(book, range.tab, range.startRow, range.startCol, rows, query);
  }

  function written(book: FakeSpreadsheet, tab: FakeTab, startRow: number, startCol: number, rows: (Cell | undefined)[][], query: URLSearchParams) {
    const width = rows.reduce((n, r) => Math.max(n, r.length), 0);
    const updatedRange = rows.length && width ? a1(tab, startRow, startCol, startRow + rows.length, startCol + width) : a1(tab, startRow, startCol, startRow + 1, startCol + 1);
    const out = {
      spreadsheetId: book.spreadsheetId,
      updatedRange,
      updatedRows: rows.filter((r) => r.some((v) => v !== undefined)).length,
      updatedColumns: width,
      updatedCells: rows.reduce((n, r) => n + r.filter((v) => v !== undefined).length, 0),
    };
    if (query.get('includeValuesInResponse') === 'true')
      return { ...out, updatedData: valueRange(book, updatedRange, new URLSearchParams({ valueRenderOption: query.get('responseValueRenderOption') ?? 'FORMATTED_VALUE' })) };
    return out;
  }

  /** values.append: finds the table in the range and writes below its last row (Google's rules, see FakeGoogle). */
  function appendValues(book: FakeSpreadsheet, rawRange: string, input: Json, query: URLSearchParams): Json {
    const option = inputOption(query.get('valueInputOption'));
    const insert = query.get('insertDataOption') ?? 'OVERWRITE';
    if (insert !== 'OVERWRITE' && insert !== 'INSERT_ROWS') throw new GoogleApiError(400, `Invalid value at 'insert_data_option', "${insert}"`, 'badRequest');
    const range = parseRange(book, rawRange);
    const tab = range.tab;
    const { endCol } = bounded(range);
    const rowEnd = Math.min(range.endRow ?? tab.rows.length, tab.rows.length);
    // The table may run on below the range (`Sheet1!A1` appends under the whole table at A1).
    const filled = (r: number) => {
      const row = tab.rows[r];
      if (!row) return false;
      for (let c = range.startCol; c < Math.min(endCol, row.length); c++) if (!isEmpty(row[c])) return true;
      return false;
    };
    // The table: the first non-empty row in the range and the rows that follow it up to the first empty one.
    let first = range.startRow;
    while (first < rowEnd && !filled(first)) first++;
    let tableRange: string | undefined;
    let at = range.startRow;
    let tableCol = range.startCol;
    if (first < rowEnd) {
      let last = first;
      while (last + 1 < tab.rows.length && filled(last + 1)) last++;
      let left = endCol;
      let right = range.startCol;
      for (let r = first; r <= last; r++) {
        const row = tab.rows[r]!;
        for (let c = range.startCol; c < row.length; c++)
          if (!isEmpty(row[c])) {
            if (c < endCol) left = Math.min(left, c);
            right = Math.max(right, c + 1);
          }
      }
      tableRange = a1(tab, first, left, last + 1, right);
      tableCol = left;
      at = last + 1;
    }
    const rows = inputRows(input, option);
    if (insert === 'INSERT_ROWS' && rows.length > 0) {
      if (at < tab.rows.length) tab.rows.splice(at, 0, ...rows.map(() => [] as Cell[]));
      tab.rowCount += rows.length;
      shiftFormulas(tab, at, rows.length);
    }
    writeBlock(tab, at, tableCol, rows);
    return { spreadsheetId: book.spreadsheetId, ...(tableRange ? { tableRange } : {}), updates: written(book, tab, at, tableCol, rows, query) };
  }

  /** Writes a block of cells at (row, col), growing the grid as Sheets does for writes past it. */
  function writeBlock(tab: FakeTab, startRow: number, startCol: number, rows: (Cell | undefined)[][]): void {
    rows.forEach((values, i) => {
      const r = startRow + i;
      if (values.every((v) => v === undefined)) return;
      while (tab.rows.length <= r) tab.rows.push([]);
      const row = tab.rows[r]!;
      values.forEach((v, j) => {
        if (v === undefined) return;
        const c = startCol + j;
        while (row.length < c) row.push(null);
        row[c] = v;
      });
    });
    tab.rowCount = Math.max(tab.rowCount, startRow + rows.length);
    tab.columnCount = Math.max(tab.columnCount, startCol + rows.reduce((n, r) => Math.max(n, r.length), 0));
  }

  function valueRange(book: FakeSpreadsheet, rawRange: string, query: URLSearchParams): Json {
    const range = parseRange(book, rawRange);
    const { endRow, endCol } = bounded(range);
    if (endRow > range.tab.rowCount || endCol > range.tab.columnCount)
      throw new GoogleApiError(
        400,
        `Range ('${range.tab.title.replaceAll("'", "''")}'!${a1(range.tab, range.startRow, range.startCol, endRow, endCol).split('!').pop()!}) exceeds grid limits. Max rows: ${range.tab.rowCount}, max columns: ${range.tab.columnCount}`,
        'badRequest',
      );
    const render = query.get('valueRenderOption') ?? 'FORMATTED_VALUE';
    if (render !== 'FORMATTED_VALUE' && render !== 'UNFORMATTED_VALUE' && render !== 'FORMULA') throw new GoogleApiError(400, `Invalid value at 'value_render_option', "${render}"`, 'badRequest');
    const major = query.get('majorDimension') ?? 'ROWS';
    if (major !== 'ROWS' && major !== 'COLUMNS' && major !== 'DIMENSION_UNSPECIFIED') throw new GoogleApiError(400, `Invalid value at 'major_dimension', "${major}"`, 'badRequest');
    let values: CellValue[][] = [];
    const tab = range.tab;
    for (let r = range.startRow; r < Math.min(endRow, tab.rows.length); r++) {
      const row = tab.rows[r]!;
      const out: CellValue[] = [];
      for (let c = range.startCol; c < Math.min(endCol, row.length); c++) out.push(rendered(row[c], render));
      while (out.length && (out.at(-1) === '' || out.at(-1) === null)) out.pop();
      values.push(out.map((v) => v ?? ''));
    }
    while (values.length && values.at(-1)!.length === 0) values.pop();
    if (major === 'COLUMNS') values = transpose(values).map((col) => col.map((v) => v ?? '')) as CellValue[][];
    return {
      range: a1(tab, range.startRow, range.startCol, endRow, endCol),
      majorDimension: major === 'COLUMNS' ? 'COLUMNS' : 'ROWS',
      ...(values.length ? { values } : {}),
    };
  }

  // ---- spreadsheets.batchUpdate: all requests or none ------------------------------------------

  function batchUpdate(book: FakeSpreadsheet, input: Json): Json {
    const list = Array.isArray(input.requests) ? (input.requests as Json[]) : [];
    if (list.length === 0) throw new GoogleApiError(400, 'Must specify at least one request.', 'badRequest');
    const order = book.tabs.slice();
    const saved = book.tabs.map((t) => ({ tab: t, copy: { ...t, rows: t.rows.slice() } }));
    try {
      const replies = list.map((request, i) => applyRequest(book, request, i));
      bump(book);
      return { spreadsheetId: book.spreadsheetId, replies };
    } catch (e) {
      book.tabs = order;
      for (const { tab, copy } of saved) Object.assign(tab, copy);
      throw e;
    }
  }

  function applyRequest(book: FakeSpreadsheet, request: Json, i: number): Json {
    const names = Object.keys(request);
    if (names.length !== 1) throw new GoogleApiError(400, `Invalid requests[${i}]: No request set.`, 'badRequest');
    const name = names[0]!;
    const r = (typeof request[name] === 'object' && request[name] !== null ? request[name] : {}) as Json;
    const fail = (message: string) => new GoogleApiError(400, `Invalid requests[${i}].${name}: ${message}`, 'badRequest');
    const grid = (id: unknown) => {
      const tab = book.tabs.find((t) => t.sheetId === Number(id ?? 0));
      if (!tab) throw fail(`No grid with id: ${Number(id ?? 0)}`);
      return tab;
    };
    const dimension = (range: Json) => {
      const tab = grid(range.sheetId);
      const dim = range.dimension;
      if (dim !== 'ROWS' && dim !== 'COLUMNS') throw fail('range.dimension must be ROWS or COLUMNS');
      const start = Number(range.startIndex ?? 0);
      const size = dim === 'ROWS' ? tab.rowCount : tab.columnCount;
      const end = range.endIndex === undefined ? size : Number(range.endIndex);
      if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end <= start) throw fail('Invalid dimension range: startIndex must be less than endIndex');
      return { tab, dim, start, end, size };
    };
    switch (name) {
      case 'deleteDimension': {
        const { tab, dim, start, end, size } = dimension((r.range ?? {}) as Json);
        if (end > size) throw fail(`Cannot delete ${dim === 'ROWS' ? 'rows' : 'columns'} past the end of the sheet (${size}).`);
        if (end - start >= size) throw fail(`You can't delete all the ${dim === 'ROWS' ? 'rows' : 'columns'} on the sheet.`);
        if (dim === 'ROWS') {
          if (start < tab.rows.length) tab.rows.splice(start, end - start);
          tab.rowCount -= end - start;
          shiftFormulas(tab, start, -(end - start));
        } else {
          tab.rows = tab.rows.map((row) => {
            const copy = row.slice();
            if (start < copy.length) copy.splice(start, end - start);
            return copy;
          });
          tab.columnCount -= end - start;
        }
        return {};
      }
      case 'insertDimension': {
        const { tab, dim, start, end, size } = dimension((r.range ?? {}) as Json);
        if (start > size) throw fail(`Cannot insert past the end of the sheet (${size}).`);
        if (r.inheritFromBefore === true && start === 0) throw fail('Cannot inherit from before when inserting at index 0.');
        const n = end - start;
        if (dim === 'ROWS') {
          if (start < tab.rows.length) tab.rows.splice(start, 0, ...Array.from({ length: n }, () => [] as Cell[]));
          tab.rowCount += n;
          shiftFormulas(tab, start, n);
        } else {
          tab.rows = tab.rows.map((row) => {
            const copy = row.slice();
            if (start < copy.length) copy.splice(start, 0, ...Array.from({ length: n }, () => null));
            return copy;
          });
          tab.columnCount += n;
        }
        return {};
      }
      case 'appendDimension': {
        const tab = grid(r.sheetId);
        const length = Number(r.length);
        if (!Number.isInteger(length) || length < 1) throw fail('length must be greater than 0');
        if (r.dimension === 'ROWS') tab.rowCount += length;
        else if (r.dimension === 'COLUMNS') tab.columnCount += length;
        else throw fail('dimension must be ROWS or COLUMNS');
        return {};
      }
      case 'updateDimensionProperties': {
        // Hiding rows or columns (`hiddenByUser`): checked like Google checks it; hiding changes no value.
        const { end, size, dim } = dimension((r.range ?? {}) as Json);
        if (end > size) throw fail(`Cannot update ${dim === 'ROWS' ? 'rows' : 'columns'} past the end of the sheet (${size}).`);
        if (typeof r.fields !== 'string' || !r.fields) throw fail('fields is required');
        return {};
      }
      case 'updateSheetProperties': {
        const props = (r.properties ?? {}) as Json;
        const tab = grid(props.sheetId);
        const fields = typeof r.fields === 'string' ? r.fields : '';
        if (!fields) throw fail('fields is required');
        const mask = parseMask(fields);
        const has = (k: string) => mask.has('*') || mask.has(k);
        if (has('title')) {
          const title = String(props.title ?? '');
          if (!title) throw fail('Sheet title cannot be empty.');
          if (book.tabs.some((t) => t !== tab && t.title.toLowerCase() === title.toLowerCase()))
            throw fail(`A sheet with the name "${title}" already exists. Please enter another name.`);
          tab.title = title;
        }
        if (has('index') && props.index !== undefined) {
          book.tabs = book.tabs.filter((t) => t !== tab);
          book.tabs.splice(Math.min(Number(props.index), book.tabs.length), 0, tab);
          book.tabs.forEach((t, index) => (t.index = index));
        }
        const gridMask = mask.get('gridProperties');
        const gp = (props.gridProperties ?? {}) as Json;
        if (gridMask !== undefined || has('gridProperties')) {
          const wants = (k: string) => gridMask === true || gridMask === undefined || gridMask.has(k);
          if (wants('rowCount') && gp.rowCount !== undefined) {
            if (Number(gp.rowCount) < 1) throw fail("You can't delete all the rows on the sheet.");
            tab.rowCount = Number(gp.rowCount);
            tab.rows.length = Math.min(tab.rows.length, tab.rowCount);
          }
          if (wants('columnCount') && gp.columnCount !== undefined) {
            if (Number(gp.columnCount) < 1) throw fail("You can't delete all the columns on the sheet.");
            tab.columnCount = Number(gp.columnCount);
            tab.rows = tab.rows.map((row) => (row.length > tab.columnCount ? row.slice(0, tab.columnCount) : row));
          }
        }
        return {};
      }
      case 'addSheet': {
        const props = (r.properties ?? {}) as Json;
        const title = typeof props.title === 'string' ? props.title : `Sheet${book.tabs.length + 1}`;
        if (book.tabs.some((t) => t.title.toLowerCase() === title.toLowerCase())) throw fail(`A sheet with the name "${title}" already exists. Please enter another name.`);
        const sheetId = props.sheetId === undefined ? crypto.randomInt(1, 2 ** 31 - 1) : Number(props.sheetId);
        if (book.tabs.some((t) => t.sheetId === sheetId)) throw fail(`Sheet with id ${sheetId} already exists.`);
        const gp = (props.gridProperties ?? {}) as Json;
        const tab: FakeTab = { sheetId, title, index: book.tabs.length, rowCount: Number(gp.rowCount ?? 1000), columnCount: Number(gp.columnCount ?? 26), rows: [] };
        book.tabs = [...book.tabs, tab];
        return { addSheet: { properties: sheetProperties(tab) } };
      }
      default:
        throw new GoogleApiError(400, `Invalid JSON payload received. Unknown name "${name}" at 'requests[${i}]': Cannot find field.`, 'badRequest');
    }
  }

  // ---- ranges --------------------------------------------------------------------------------

  interface ParsedRange {
    tab: FakeTab;
    startRow: number;
    startCol: number;
    /** Exclusive; null: to the end of the grid. */
    endRow: number | null;
    endCol: number | null;
    /** Written as one cell (`B3`). */
    single?: boolean;
  }

  function bounded(range: ParsedRange): { endRow: number; endCol: number } {
    return { endRow: range.endRow ?? range.tab.rowCount, endCol: range.endCol ?? range.tab.columnCount };
  }

  function parseRangeKey(book: FakeSpreadsheet, raw: string): string {
    const r = parseRange(book, raw);
    return `${r.tab.sheetId} ${r.startRow} ${r.startCol} ${r.endRow} ${r.endCol}`;
  }

  /** A1 notation as Sheets reads it: `'Tab Name'!A1:Z`, `Tab!A:C`, `Tab!2:5`, `Tab`, `A1:B2` (first tab). */
  function parseRange(book: FakeSpreadsheet, raw: string): ParsedRange {
    const bad = () => new GoogleApiError(400, `Unable to parse range: ${raw}`, 'badRequest');
    let title: string | null = null;
    let ref = raw;
    if (raw.startsWith("'")) {
      let i = 1;
      let t = '';
      for (; i < raw.length; i++) {
        if (raw[i] === "'") {
          if (raw[i + 1] === "'") {
            t += "'";
            i++;
          } else break;
        } else t += raw[i];
      }
      if (i >= raw.length) throw bad();
      title = t;
      ref = raw.slice(i + 1);
      if (ref !== '' && !ref.startsWith('!')) throw bad();
      ref = ref.slice(1);
    } else if (raw.includes('!')) {
      const at = raw.lastIndexOf('!');
      title = raw.slice(0, at);
      ref = raw.slice(at + 1);
    } else if (book.tabs.some((t) => t.title === raw)) {
      title = raw;
      ref = '';
    }
    const tab = title === null ? book.tabs[0] : book.tabs.find((t) => t.title === title);
    if (!tab) throw bad();
    if (ref === '') return { tab, startRow: 0, startCol: 0, endRow: null, endCol: null };
    const m = /^([A-Za-z]*)(\d*)(?::([A-Za-z]*)(\d*))?$/.exec(ref);
    if (!m || (!m[1] && !m[2])) throw bad();
    const [, c1, r1, c2, r2] = m;
    const single = m[3] === undefined && m[4] === undefined && !ref.includes(':');
    if (single) {
      if (!c1 || !r1) throw bad();
      const row = Number(r1) - 1;
      const col = columnIndex(c1);
      return { tab, startRow: row, startCol: col, endRow: row + 1, endCol: col + 1, single: true };
    }
    if (!c2 && !r2) throw bad();
    let startRow = r1 ? Number(r1) - 1 : 0;
    let startCol = c1 ? columnIndex(c1) : 0;
    let endRow = r2 ? Number(r2) : null;
    let endCol = c2 ? columnIndex(c2) + 1 : null;
    if (startRow < 0 || endRow === 0) throw bad();
    // Sheets reads B5:A1 as A1:B5.
    if (endRow !== null && endRow <= startRow) [startRow, endRow] = [endRow - 1, startRow + 1];
    if (endCol !== null && endCol <= startCol) [startCol, endCol] = [endCol - 1, startCol + 1];
    return { tab, startRow, startCol, endRow, endCol };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) req.destroy();
      else chunks.push(c);
    });
    req.on('end', () => {
      handle(req, Buffer.concat(chunks), res)
        .then(({ status, principal, body, kind }) => {
          const target = new URL(req.url ?? '/', 'http://google.invalid');
          requests.push({ kind, method: req.method ?? 'GET', path: (req.url ?? '/').split('?')[0]!, query: target.searchParams, body, principal, status });
        })
        .catch((err: unknown) => {
          res.writeHead(500, { 'content-type': 'text/plain' });
          res.end(err instanceof Error ? (err.stack ?? err.message) : String(err));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeGoogle = {
    url,
    tokenUrl: `${url}/token`,
    authUrl: `${url}/o/oauth2/v2/auth`,
    revokeUrl: `${url}/revoke`,
    oauthClient: { clientId: `${crypto.randomInt(1e11, 1e12)}-${token('', 12).toLowerCase().replace(/[^a-z0-9]/g, 'x')}.apps.googleusercontent.com`, clientSecret: token('GOCSPX-', 21), redirectUris: [] },
    consent: { user: 'owner@example.com', deny: false },
    accessTokenLifetime: options.accessTokenLifetime ?? 3599,
    quota: { readsPerMinutePerUser: null, writesPerMinutePerUser: null },
    spreadsheets,
    requests,
    counts,
    resetCounts() {
      for (const k of Object.keys(counts)) delete counts[k as RequestKind];
    },
    createSpreadsheet(input) {
      const spreadsheetId = input.spreadsheetId ?? token('1', 32).replace(/[^A-Za-z0-9_-]/g, 'x').slice(0, 44);
      const book: FakeSpreadsheet = {
        spreadsheetId,
        title: input.title ?? 'Untitled spreadsheet',
        tabs: input.tabs.map((t, index) => {
          const rows = (t.rows ?? []).map((r) => [...r]);
          return {
            sheetId: t.sheetId ?? (index === 0 ? 0 : crypto.randomInt(1, 2 ** 31 - 1)),
            title: t.title,
            index,
            rowCount: Math.max(t.rowCount ?? 1000, rows.length),
            columnCount: Math.max(t.columnCount ?? 26, ...rows.map((r) => r.length)),
            rows,
          };
        }),
        version: 1,
        modifiedTime: new Date(),
        access: new Map([...(input.readers ?? []).map((e) => [e, 'reader'] as const), ...(input.writers ?? []).map((e) => [e, 'writer'] as const)]),
      };
      spreadsheets.set(spreadsheetId, book);
      return book;
    },
    fillRows(id, tab, count, row) {
      const book = bookOf(id);
      const t = tabOf(book, tab);
      for (let i = 0; i < count; i++) t.rows.push(row(i));
      t.rowCount = Math.max(t.rowCount, t.rows.length);
      t.columnCount = Math.max(t.columnCount, t.rows.at(-1)?.length ?? 0);
      bump(book);
    },
    share(spreadsheetId, email, role) {
      const book = bookOf(spreadsheetId);
      if (role) book.access.set(email, role);
      else book.access.delete(email);
    },
    tab: (id, tab) => tabOf(bookOf(id), tab),
    values(id, tab) {
      const t = tabOf(bookOf(id), tab);
      const out = t.rows.map((row) => {
        const values = row.map((c) => rendered(c, 'UNFORMATTED_VALUE'));
        while (values.length && values.at(-1) === '') values.pop();
        return values;
      });
      while (out.length && out.at(-1)!.length === 0) out.pop();
      return out;
    },
    setCell(id, tab, ref, value) {
      const book = bookOf(id);
      const t = tabOf(book, tab);
      const { row, col } = cellRef(ref);
      writeBlock(t, row, col, [[value]]);
      bump(book);
    },
    getCell(id, tab, ref) {
      const t = tabOf(bookOf(id), tab);
      const { row, col } = cellRef(ref);
      return t.rows[row]?.[col] ?? null;
    },
    insertRow(id, tab, at, values) {
      const book = bookOf(id);
      const t = tabOf(book, tab);
      if (at < 1) throw new Error('rows are numbered from 1');
      while (t.rows.length < at - 1) t.rows.push([]);
      t.rows.splice(at - 1, 0, [...values]);
      t.rowCount += 1;
      shiftFormulas(t, at - 1, 1);
      t.columnCount = Math.max(t.columnCount, values.length);
      bump(book);
    },
    deleteRow(id, tab, at) {
      const book = bookOf(id);
      const t = tabOf(book, tab);
      if (at < 1 || at > t.rowCount) throw new Error(`no row ${at} in ${t.title}`);
      if (at - 1 < t.rows.length) t.rows.splice(at - 1, 1);
      t.rowCount -= 1;
      shiftFormulas(t, at - 1, -1);
      bump(book);
    },
    renameHeader(id, tab, from, to) {
      const book = bookOf(id);
      const header = tabOf(book, tab).rows[0] ?? [];
      const i = header.findIndex((c) => rendered(c, 'FORMATTED_VALUE') === from);
      if (i < 0) throw new Error(`no header "${from}" in row 1`);
      header[i] = to;
      bump(book);
    },
    renameTab(id, tab, title) {
      const book = bookOf(id);
      tabOf(book, tab).title = title;
      bump(book);
    },
    failNext(f) {
      faults.push({ ...f, left: f.times ?? 1 });
    },
    beforeRead(hook) {
      readHook = hook;
    },
    beforeWrite(hook) {
      writeHook = hook;
    },
    addServiceAccount(email) {
      const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
      const client_email = email ?? `sheetboard-${crypto.randomBytes(3).toString('hex')}@sheetboard-test.iam.gserviceaccount.com`;
      serviceAccounts.set(client_email, publicKey);
      return {
        type: 'service_account',
        project_id: 'sheetboard-test',
        private_key_id: crypto.randomBytes(20).toString('hex'),
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        client_email,
        client_id: String(crypto.randomInt(1e11, 1e12)),
        token_uri: `${url}/token`,
      };
    },
    refreshTokens,
    revokeRefreshToken(value) {
      const found = refreshTokens.find((r) => r.token === value);
      if (!found) throw new Error('no such refresh token on the fake Google');
      found.revoked = true;
    },
    expireAccessTokens() {
      for (const t of accessTokens.values()) t.expiresAt = 0;
    },
    issueAccessToken: (principal, scopes = [SCOPES.spreadsheets, SCOPES.driveReadonly]) => issueAccessToken(principal, scopes),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
