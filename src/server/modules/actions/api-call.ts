// The request of an 'API call' action: POST to `api_endpoint` with a JSON or multipart body made
// from `field_mapping`, and the configured authorization. Pure: the caller sends it (safeFetch).
import crypto from 'node:crypto';

export type RowValues = Record<string, unknown>;

export interface ApiRequest {
  url: string;
  headers: Record<string, string>;
  body: Buffer;
  /** Header names carrying credentials (dropped if a redirect leaves the endpoint's origin). */
  secretHeaders: string[];
}

/** A configuration problem the owner has to fix; the message says what. */
export class ActionConfigError extends Error {}

/** RFC 9110 token characters. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers the transport sets itself; a custom header may not replace them. */
const RESERVED_HEADERS = new Set(['host', 'content-length', 'content-type', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'te', 'trailer', 'expect', 'proxy-authorization', 'cookie']);

function text(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (Array.isArray(v)) return v.map(text).join(', ');
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/**
 * The fields sent: each mapping pair `{key, value}` sends the row's value of column `value` under
 * the name `key`; a `value` that is not a column of the row is sent as written (a constant such as
 * a list id). Pairs with an empty key are skipped. No mapping at all sends every column of the row.
 */
export function mappedFields(mapping: unknown, row: RowValues): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  const pairs = Array.isArray(mapping) ? (mapping as { key?: unknown; value?: unknown }[]) : [];
  const used = pairs.filter((p) => p && typeof p.key === 'string' && p.key.trim() !== '');
  if (used.length === 0) {
    for (const [k, v] of Object.entries(row)) if (k !== '_id' && k !== '_version') out[k] = v;
    return out;
  }
  for (const p of used) {
    const key = (p.key as string).trim();
    const ref = typeof p.value === 'string' ? p.value : text(p.value);
    out[key] = Object.prototype.hasOwnProperty.call(row, ref) && ref !== '_id' && ref !== '_version' ? row[ref] : ref;
  }
  return out;
}

function multipartBody(fields: Record<string, unknown>): { body: Buffer; contentType: string } {
  const boundary = `----sheetboard${crypto.randomBytes(12).toString('hex')}`;
  // Field names are quoted in the part header: quotes and line breaks are escaped as browsers do.
  const quote = (s: string) => s.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${quote(k)}"\r\n\r\n${text(v)}\r\n`,
  );
  return { body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`, 'utf8'), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The custom header: `custom_header` written as `Name: value`, or only a name with the value in
 * `token` (the settings panel shows the token field for Custom Header too).
 */
export function customHeader(customHeaderSetting: unknown, token: unknown): [string, string] {
  const raw = typeof customHeaderSetting === 'string' ? customHeaderSetting.trim() : '';
  if (!raw) throw new ActionConfigError('The custom header is not set');
  const colon = raw.indexOf(':');
  const name = (colon >= 0 ? raw.slice(0, colon) : raw).trim();
  const value = (colon >= 0 ? raw.slice(colon + 1) : typeof token === 'string' ? token : '').trim();
  if (!HEADER_NAME.test(name)) throw new ActionConfigError(`'${name.slice(0, 60)}' is not a valid header name`);
  if (RESERVED_HEADERS.has(name.toLowerCase())) throw new ActionConfigError(`The header '${name}' cannot be set by an action`);
  if (!value) throw new ActionConfigError(`The custom header '${name}' has no value`);
  if (/[\r\n\0]/.test(value)) throw new ActionConfigError(`The value of the custom header '${name}' may not contain line breaks`);
  return [name, value];
}

export function buildApiRequest(action: Record<string, unknown>, row: RowValues): ApiRequest {
  const url = typeof action.api_endpoint === 'string' ? action.api_endpoint.trim() : '';
  if (!url) throw new ActionConfigError('This action has no API endpoint');
  const method = typeof action.http_method === 'string' && action.http_method ? action.http_method : 'POST';
  if (method.toUpperCase() !== 'POST') throw new ActionConfigError('API calls are sent with POST only');

  const fields = mappedFields(action.field_mapping, row);
  const headers: Record<string, string> = { 'user-agent': 'Sheetboard-Action/1', accept: 'application/json, text/plain, */*' };
  let body: Buffer;
  if (action.body_type === 'Form-data') {
    const m = multipartBody(fields);
    body = m.body;
    headers['content-type'] = m.contentType;
  } else {
    body = Buffer.from(JSON.stringify(fields), 'utf8');
    headers['content-type'] = 'application/json';
  }

  const secretHeaders: string[] = [];
  const auth = action.authorization_method ?? 'No Auth';
  if (auth === 'Bearer Token') {
    const token = typeof action.token === 'string' ? action.token.trim() : '';
    if (!token) throw new ActionConfigError('The bearer token is not set');
    if (/[\r\n\0]/.test(token)) throw new ActionConfigError('The bearer token may not contain line breaks');
    headers.authorization = `Bearer ${token}`;
  } else if (auth === 'Custom Header') {
    const [name, value] = customHeader(action.custom_header, action.token);
    headers[name.toLowerCase()] = value;
    secretHeaders.push(name);
  } else if (auth !== 'No Auth') throw new ActionConfigError(`Unknown authorization method '${String(auth)}'`);
  return { url, headers, body, secretHeaders };
}
