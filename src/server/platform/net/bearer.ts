// `Authorization: Bearer <token>`: how scripts call the REST API with a personal API token
// (modules/developer). A request that carries one is the token's alone: its cookies are dropped
// before anything reads them (csrf.ts), so it never acts with a browser session's authority and
// needs no cross-site check (a browser does not add this header by itself, as it does cookies).
import type { IncomingHttpHeaders } from 'node:http';

/**
 * The bearer token of a request: null when there is no `Authorization: Bearer` header, '' when
 * the header names the scheme without a usable token (answered 401 like an unknown token).
 */
export function bearerToken(headers: IncomingHttpHeaders): string | null {
  const value = headers.authorization;
  if (typeof value !== 'string') return null;
  const m = /^\s*bearer(?:\s+(.*))?$/i.exec(value);
  if (!m) return null;
  const token = (m[1] ?? '').trim();
  // Tokens are base64url with a prefix; anything longer or stranger is not one of ours.
  return token.length <= 200 && /^[A-Za-z0-9_-]+$/.test(token) ? token : '';
}
