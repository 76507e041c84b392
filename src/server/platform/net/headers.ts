// Security headers of every answer, set in one onSend hook (app.ts registers it).
//
// - HTML pages get a Content-Security-Policy. The built index.html has no inline script (Vite
//   emits one <script type="module" src> and a stylesheet link), so `script-src 'self'` allows
//   exactly our own files and refuses every inline or injected script and eval; a nonce would add
//   nothing. Styles allow 'unsafe-inline': Mantine, FullCalendar and the rich-text editor insert
//   <style> elements at run time and saved rich text carries style attributes; CSS cannot run
//   script. Images and media come from anywhere (owners enter image URLs, the map's tile server
//   is configurable); frames from any http(s) site (the iframe and video blocks sandbox them; no
//   data:, blob: or javascript: frames); data only from our own origin (geocoding goes through
//   the server).
// - Apps and their pages are meant to be embedded in iframes on other sites (the embed dialog), so
//   only the owner's screens on the base host (/dashboard...) refuse to be framed by another
//   origin (clickjacking): `frame-ancestors 'self'` and X-Frame-Options for old browsers.
// - With the live chat configured (CHATWOOT_URL), its origin may serve scripts (the widget's
//   sdk.js) and be talked to (its API and websocket); without it nothing more is allowed.
// - A route that set its own policy keeps it (uploads are sandboxed: uploads/routes.ts).
// - Every /api answer is `Cache-Control: no-store` unless its route chose otherwise: answers
//   depend on who asks (an owner's session, an app user's per-app cookie, a guest), and a shared
//   or back-button cache must not keep one viewer's rows for the next. Deciding per cookie would
//   have to know every cookie name; all of /api is simpler and costs nothing measurable.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { hostSubdomain } from './hosts';

/**
 * The owner's and the provider's screens (dashboard, new app, editors reached from it, the admin
 * area and its sign-in): never framed by another site, so no one can dress up their buttons.
 */
export function isOwnerScreen(url: string): boolean {
  return /^\/(?:dashboard|admin|admin_old|admin-login)(?:[/?#]|$)/i.test(url.replace(/\/{2,}/g, '/'));
}

/** The websocket origin beside an http(s) one (Chatwoot's widget keeps a socket to its server). */
function socketOrigin(origin: string): string {
  return origin.replace(/^http/i, 'ws');
}

/**
 * The Content-Security-Policy of an HTML page; `framed: false` for the owner's screens.
 * `chatOrigin`: the live chat's server (CHATWOOT_URL), allowed only when configured.
 */
export function contentSecurityPolicy(framed: boolean, chatOrigin: string | null = null): string {
  const chat = chatOrigin ? ` ${chatOrigin}` : '';
  const chatConnect = chatOrigin ? ` ${chatOrigin} ${socketOrigin(chatOrigin)}` : '';
  const directives = [
    "default-src 'self'",
    `script-src 'self'${chat}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "style-src 'self' 'unsafe-inline'",
    'img-src * data: blob:',
    'media-src * data: blob:',
    "font-src 'self' data:",
    `connect-src 'self'${chatConnect}`,
    "frame-src 'self' https: http:",
    "worker-src 'self'",
    "manifest-src 'self'",
  ];
  if (!framed) directives.push("frame-ancestors 'self'");
  return directives.join('; ');
}

/** Powerful features no page of ours uses (the map places addresses, it never asks where you are). */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

export const HSTS = 'max-age=31536000';

function isHtml(reply: FastifyReply): boolean {
  return /^text\/html/i.test(String(reply.getHeader('content-type') ?? ''));
}

export function securityHeaders(config: Config) {
  return async function onSend(request: FastifyRequest, reply: FastifyReply) {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    // Browsers ignore it over plain http; sent only over https so a local http instance is never
    // pinned (request.protocol follows X-Forwarded-Proto only from a trusted proxy).
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    const ownerScreen = isOwnerScreen(request.url) && !hostSubdomain(config, request.host);
    if (ownerScreen) reply.header('X-Frame-Options', 'SAMEORIGIN');
    const path = request.url.split('?')[0]!;
    if (path === '/api' || path.startsWith('/api/')) {
      if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
    }
    if (reply.hasHeader('content-security-policy')) return;
    if (isHtml(reply)) {
      reply.header('Content-Security-Policy', contentSecurityPolicy(!ownerScreen, config.chatwootUrl));
      // Links this page opens (all with noopener) live in their own browsing context group.
      reply.header('Cross-Origin-Opener-Policy', 'same-origin');
      reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    } else if (ownerScreen) {
      reply.header('Content-Security-Policy', "frame-ancestors 'self'");
    }
  };
}
