// Outbound HTTP for requests that viewers can trigger (block actions' API calls). The address
// rule of address.ts is checked on the address the socket actually connects to (a custom
// `lookup`, so a name that resolves differently a second time — DNS rebinding — cannot slip
// past a check made earlier), on every redirect hop, which are followed here by hand. One
// deadline covers the whole exchange and the body is read up to a byte limit.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { blockedReason } from './address';

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BYTES = 1024 * 1024;
export const MAX_REDIRECTS = 5;

export type SafeFetchErrorCode = 'blocked' | 'scheme' | 'url' | 'timeout' | 'too_large' | 'redirects' | 'network';

/** A refusal or failure with a message fit to show the person who triggered the request. */
export class SafeFetchError extends Error {
  constructor(
    readonly code: SafeFetchErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

export interface SafeFetchOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** Headers that carry secrets besides Authorization and Cookie (dropped when a redirect leaves the origin). */
  secretHeaders?: string[];
  /** ALLOW_PRIVATE_ACTION_TARGETS: lifts the address rule (schemes and limits still apply). */
  allowPrivate?: boolean;
  /** Exact addresses let through despite the rule (tests: the local target, while its neighbours stay refused). */
  allowAddresses?: string[];
}

export interface SafeFetchResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The address that answered, after redirects. */
  url: string;
}

const blockedMessage = (reason: string) =>
  `The address is not allowed: requests to ${reason === 'invalid' ? 'unusual' : reason} network addresses are refused`;

interface Policy {
  allowPrivate: boolean;
  allowAddresses: ReadonlySet<string>;
}

function checkAddress(ip: string, policy: Policy) {
  if (policy.allowPrivate || policy.allowAddresses.has(ip)) return;
  const reason = blockedReason(ip);
  if (reason) throw new SafeFetchError('blocked', blockedMessage(reason));
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** dns.lookup that refuses a name when any of its addresses is blocked (all of them are checked, whichever the socket picks). */
function guardedLookup(policy: Policy) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      try {
        for (const a of addresses) checkAddress(a.address, policy);
      } catch (e) {
        return callback(e as NodeJS.ErrnoException, '');
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '');
      callback(null, first.address, first.family);
    });
  };
}

function parseUrl(raw: string, base?: string): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new SafeFetchError('url', 'The address is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SafeFetchError('scheme', 'Only http and https addresses are allowed');
  return url;
}

interface Hop {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function requestOnce(url: URL, method: string, headers: Record<string, string>, body: Buffer | undefined, maxBytes: number, policy: Policy, signal: AbortSignal): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // Node connects to an IP literal without calling `lookup`: check it here.
    if (net.isIP(host)) {
      try {
        checkAddress(host, policy);
      } catch (e) {
        return reject(e);
      }
    }
    const lib = url.protocol === 'https:' ? https : http;
    const req = lib.request(
      url,
      {
        method,
        headers: { ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
        lookup: guardedLookup(policy) as unknown as typeof dns.lookup,
        // A fresh connection per hop: a pooled socket would skip the lookup (and its check).
        agent: false,
        signal,
      },
      (res) => {
        const declared = Number(res.headers['content-length'] ?? NaN);
        if (Number.isFinite(declared) && declared > maxBytes) {
          reject(tooLarge(maxBytes));
          return res.destroy();
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            reject(tooLarge(maxBytes));
            res.destroy();
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
        res.on('aborted', () => reject(new SafeFetchError('network', 'The connection closed before the answer was complete')));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function tooLarge(maxBytes: number) {
  const size = maxBytes >= 1024 * 1024 && maxBytes % (1024 * 1024) === 0 ? `${maxBytes / (1024 * 1024)} MB` : `${maxBytes} bytes`;
  return new SafeFetchError('too_large', `The answer is larger than ${size}; it was not read`);
}

function friendly(err: unknown, signal: AbortSignal, timeoutMs: number): SafeFetchError {
  // The deadline first: aborting mid-answer also surfaces as a closed connection.
  if (signal.aborted) return new SafeFetchError('timeout', `The request timed out after ${timeoutMs >= 1000 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`}`);
  const code = (err as NodeJS.ErrnoException).code;
  if (err instanceof SafeFetchError) return err;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new SafeFetchError('network', 'The address could not be found');
  if (code === 'ECONNREFUSED') return new SafeFetchError('network', 'The server refused the connection');
  if (code === 'ECONNRESET') return new SafeFetchError('network', 'The server closed the connection');
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT')) return new SafeFetchError('network', 'The server\'s TLS certificate was not accepted');
  return new SafeFetchError('network', 'The request could not be completed');
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Makes a request under the address rule, following up to `maxRedirects` redirects (each hop
 * re-checked). 307/308 repeat the method and body; 301/302/303 after a POST continue as a GET
 * without body, as browsers do. Authorization, Cookie and `secretHeaders` are dropped when a redirect
 * leaves the original origin, so a token only ever goes where its owner sent it.
 */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions = {}): Promise<SafeFetchResponse> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const policy: Policy = { allowPrivate: options.allowPrivate ?? false, allowAddresses: new Set(options.allowAddresses ?? []) };
  const secret = new Set(['authorization', 'cookie', ...(options.secretHeaders ?? []).map((h) => h.toLowerCase())]);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let url = parseUrl(rawUrl);
  const origin = url.origin;
  let method = (options.method ?? 'GET').toUpperCase();
  let headers = { ...(options.headers ?? {}) };
  let body = options.body === undefined ? undefined : Buffer.isBuffer(options.body) ? options.body : Buffer.from(options.body);
  try {
    for (let hop = 0; ; hop++) {
      const res = await requestOnce(url, method, headers, body, maxBytes, policy, controller.signal).catch((e: unknown) => {
        throw friendly(e, controller.signal, timeoutMs);
      });
      const location = res.headers.location;
      if (!REDIRECTS.has(res.status) || !location) return { status: res.status, headers: res.headers, body: res.body, url: url.toString() };
      if (hop >= maxRedirects) throw new SafeFetchError('redirects', `The request was redirected more than ${maxRedirects} times`);
      url = parseUrl(location, url.toString());
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
        headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !/^content-/i.test(k)));
      }
      if (url.origin !== origin) headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !secret.has(k.toLowerCase())));
    }
  } finally {
    clearTimeout(timer);
  }
}
