// Cross-site request forgery. The session cookies are SameSite=Lax, but every app lives on a
// subdomain of BASE_HOST and subdomains are one "site" to the browser: a page on
// evil.{BASE_HOST} (any owner's app) could post to sales.{BASE_HOST} or to the dashboard with
// the visitor's cookie. So a request that changes something (POST, PUT, PATCH, DELETE under
// /api) must come from the very host it is sent to. The web app, the app hosts, custom domains
// and embeds all call /api on the host that served their page (relative URLs; an embed's iframe
// shows a page of ours), so nothing legitimate is cross-origin.
//
// The browser says where a request comes from in Origin (sent with every non-GET fetch and form
// post by current browsers) or, failing that, Sec-Fetch-Site. A request with neither header is
// not a browser's (curl, server-to-server, tests) and has no cookie to abuse by surprise: it
// passes. Schemes are not compared: behind a TLS proxy the server may see http while the page
// was https, and the host is what tells one app from another.
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../errors';
import { bearerToken } from './bearer';

export const CROSS_ORIGIN_MESSAGE =
  'This change was sent from another website, so it was refused. Open the page at its own address and try again.';

const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** host[:port] in lower case without the default ports, so `a.com` and `a.com:443` compare equal. */
function normalHost(host: string): string {
  return host.toLowerCase().replace(/:(80|443)$/, '');
}

function sameHost(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // `null` (sandboxed frames, data: pages) and garbage
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return normalHost(url.host) === normalHost(host);
}

/** Whether this request changes something under /api and a browser says another origin sent it. */
export function isCrossOriginWrite(request: Pick<FastifyRequest, 'method' | 'url' | 'headers' | 'host'>): boolean {
  if (!CHANGES.has(request.method)) return false;
  if (!/^\/api(?:[/?#]|$)/i.test(request.url.replace(/^\/{2,}/, '/'))) return false;
  const origin = one(request.headers.origin);
  if (origin !== undefined) return !sameHost(origin.trim(), request.host);
  const site = one(request.headers['sec-fetch-site']);
  return site === 'cross-site' || site === 'same-site';
}

/**
 * onRequest hook: answers 403 before the body is read or any route runs. A request with an API
 * token (`Authorization: Bearer`, bearer.ts) is the token's alone: its cookies are dropped here,
 * after @fastify/cookie parsed them and before anything reads them, so it cannot borrow a
 * browser session and there is nothing for another site to forge; it skips the check.
 */
export async function refuseCrossOriginWrites(request: FastifyRequest): Promise<void> {
  if (bearerToken(request.headers) !== null) {
    request.cookies = {};
    delete request.headers.cookie;
    return;
  }
  if (isCrossOriginWrite(request)) throw new HttpError(403, CROSS_ORIGIN_MESSAGE, undefined, 'cross_origin');
}
