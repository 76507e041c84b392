// The web app: hashed assets with long caching (index.html, sw.js and other unhashed files are
// revalidated: no-cache), their precompressed siblings for browsers that accept them, and
// index.html for every client route with the status the route deserves (200 for known routes and
// existing boards, 404 otherwise: the SPA then shows its 404 screen, and crawlers and tests see
// the truth).
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../platform/context';
import type { ApiServer } from '../../routing/input';
import { appsRepo } from '../../data/apps/repo';
import { customHostOf, hostSubdomain } from '../../platform/net/hosts';
import { callerOf } from '../../access/viewer';
import { appOriginFor } from '../../access/app-origin';
import { pagesRepo } from '../../data/pages/repo';
import { isReservedSubdomain } from '../../../shared/rules/slug';
import { marketplacePageMeta, withPageMeta } from '../storefront/page-meta';
import { blogPageOf, type BlogPage } from '../blog/page-html';
import { landingHtml } from '../landing/page';

/** Served when dist/web has not been built (tests): enough for route status checks. */
const FALLBACK_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sheetboard</title></head><body><div id="root"></div><p>The web app is not built: run <code>npm run build</code>.</p></body></html>`;

/** Client routes of the shell (shell §2.1) served on the base host. */
export const CLIENT_ROUTES: readonly RegExp[] = [
  /^\/$/,
  /^\/dashboard(\/.*)?$/,
  /^\/accept-invitation\/?$/,
  // A workspace editor's invitation link (workspace/editors.ts).
  /^\/join-workspace\/?$/,
  /^\/admin.*$/,
  /^\/blog.*$/,
  /^\/boardWorkspace\/?$/,
  /^\/marketplace\/?$/,
  /^\/multipage-templates\/?$/,
  /^\/templates(\/.*)?$/,
  /^\/payment_success\/?$/,
  /^\/payment_fail\/?$/,
];

/** Paths of an app host that are the web app's pages for app users' e-mailed links (issue 5). */
const APP_LINK_PAGES = ['accept-invitation', 'reset-password'];

export function isClientRoute(pathname: string): boolean {
  return CLIENT_ROUTES.some((r) => r.test(pathname));
}

export function siteRoutes(app: ApiServer, ctx: ServerContext) {
  const webDir = ctx.config.webDir;
  const indexFile = path.join(webDir, 'index.html');
  const built = fs.existsSync(indexFile);
  let indexHtml: string | null = null;
  const readIndex = () => {
    // Read per start, not per request; a rebuild needs a restart anyway (new asset names).
    indexHtml ??= built ? fs.readFileSync(indexFile, 'utf8') : FALLBACK_HTML;
    return indexHtml;
  };

  if (built) {
    app.register(fastifyStatic, {
      root: webDir,
      prefix: '/',
      index: false,
      wildcard: true,
      // Only file-like paths are files; everything else is a client route (see the handler below).
      allowedPath: (pathname) => /\.[a-z0-9]+$/i.test(pathname),
      // The build writes .br and .gz siblings of its text files (scripts/precompress-plugin.ts):
      // sent as they are to browsers that accept them, with the original's Content-Type.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        // Whether or not this file has siblings, the answer to its path depends on Accept-Encoding.
        res.setHeader('Vary', 'Accept-Encoding');
        res.setHeader(
          'Cache-Control',
          // Hashed names (Vite's assets, the tutorial videos: editor/tutorial-videos.ts) never change.
          filePath.includes(`${path.sep}assets${path.sep}`) || filePath.includes(`${path.sep}tutorials${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  const imagesDir = path.join(ctx.config.samplesDir, 'images');
  if (fs.existsSync(imagesDir)) {
    app.register(fastifyStatic, {
      root: imagesDir,
      prefix: '/samples/images/',
      decorateReply: !built,
      index: false,
      cacheControl: false,
      setHeaders(res) {
        res.setHeader('Cache-Control', 'public, max-age=86400');
      },
    });
  }

  async function status(request: FastifyRequest): Promise<number> {
    const pathname = decodeURIComponent(request.url.split('?')[0]!.replace(/\/{2,}/g, '/'));
    const sub = hostSubdomain(ctx.config, request.host);
    const custom = sub ? null : customHostOf(ctx.config, request.host);
    const onCustomHost = custom ? await appsRepo(ctx.db).findByCustomHost(custom) : undefined;
    if (sub || onCustomHost) {
      const found = onCustomHost ?? (await appsRepo(ctx.db).findBySubdomain(sub!));
      if (!found) return 404;
      const segs = pathname.split('/').filter(Boolean);
      if (segs.length === 0) return 200;
      // The pages of the links app users get by e-mail (the web app's own routes).
      if (segs.length === 1 && APP_LINK_PAGES.includes(segs[0]!.toLowerCase())) return 200;
      if (segs.length === 1 && (await pagesRepo(ctx.db).findBySlug(found.id, segs[0]!.toLowerCase()))) return 200;
      return 404;
    }
    if (isClientRoute(pathname)) return 200;
    const segs = pathname.split('/').filter(Boolean);
    // `/{subdomain}` and a page of it, `/{subdomain}/{page_slug}` (multipage apps on the base host).
    // A reserved name is the product's path even where an app held it before it was reserved.
    if (segs.length <= 2 && /^[a-z0-9-]{1,63}$/i.test(segs[0]!) && !isReservedSubdomain(segs[0]!)) {
      const found = await appsRepo(ctx.db).findBySubdomain(segs[0]!.toLowerCase());
      if (found && segs.length === 1) return 200;
      if (found && (await pagesRepo(ctx.db).findBySlug(found.id, segs[1]!.toLowerCase()))) return 200;
    }
    return 404;
  }

  /** index.html, with a marketplace page's title, description and Open Graph tags (storefront/page-meta.ts). */
  async function pageHtml(request: FastifyRequest, code: number): Promise<string> {
    const html = readIndex();
    if (code !== 200 || hostSubdomain(ctx.config, request.host) || customHostOf(ctx.config, request.host)) return html;
    try {
      const meta = await marketplacePageMeta(ctx, request.url.split('?')[0]!);
      return meta ? withPageMeta(html, meta) : html;
    } catch (e) {
      request.log.warn({ err: e }, 'marketplace page tags failed');
      return html;
    }
  }

  /**
   * Where a visit of the base host's `/{subdomain}` or `/{subdomain}/{page_slug}` goes instead: the
   * app's own origin, keeping the page and the query (APP_ORIGINS; docs/decisions, apps on their
   * own origin). Its owner and the workspace's editors stay (the editor lives on the base host);
   * a private app stays (nobody else is shown its pages: 'Access Denied', with the way in); a
   * reviewer's look at a version under review stays (the reviewer's session is the base host's);
   * a template's clone dialog stays (the web app shows the dialog alone, no page of the app).
   */
  async function appOriginRedirect(request: FastifyRequest): Promise<string | null> {
    if (!ctx.config.appOrigins || hostSubdomain(ctx.config, request.host) || customHostOf(ctx.config, request.host)) return null;
    const [rawPath, ...rest] = request.url.split('?');
    const pathname = decodeURIComponent(rawPath!.replace(/\/{2,}/g, '/'));
    if (isClientRoute(pathname)) return null;
    // A template's clone dialog needs the visitor's session: the web app shows it with none of the app's pages.
    const query = new URLSearchParams(rest.join('?'));
    if (query.get('preview') === 'true' && query.get('open_clone_modal') === 'true') return null;
    const segs = pathname.split('/').filter(Boolean);
    if (segs.length < 1 || segs.length > 2 || !/^[a-z0-9-]{1,63}$/i.test(segs[0]!) || isReservedSubdomain(segs[0]!)) return null;
    const found = await appsRepo(ctx.db).findBySubdomain(segs[0]!.toLowerCase());
    if (!found) return null;
    const app = { id: found.id, subdomain: found.subdomain, public: !!Number(found.public), workspaceId: found.workspace_id };
    const origin = await appOriginFor(ctx, await callerOf(ctx, request), app, request.protocol);
    if (!origin) return null;
    const page = segs[1] ? `/${encodeURIComponent(segs[1])}` : '/';
    return `${origin}${page}${rest.length ? `?${rest.join('?')}` : ''}`;
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0]!;
    if (pathname === '/api' || pathname.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD'))
      return reply.status(404).send({ message: 'Not found' });
    // A missing asset must not turn into HTML (a browser would try to run it as a script).
    if (pathname.startsWith('/assets/') || /\.[a-z0-9]{2,5}$/i.test(pathname)) return reply.status(404).type('text/plain').send('Not found');
    let target: string | null = null;
    try {
      target = await appOriginRedirect(request);
    } catch (e) {
      request.log.warn({ err: e }, 'app origin lookup failed');
    }
    // Not cached anywhere: the answer depends on who asks (an owner stays for the editor).
    if (target) return reply.status(302).header('Location', target).header('Cache-Control', 'no-store').send();
    const onBaseHost = !hostSubdomain(ctx.config, request.host) && !customHostOf(ctx.config, request.host);
    // The base host's `/`: the landing page for visitors (landing/page.ts), the dashboard for a
    // signed-in owner. Not cached anywhere: the answer depends on who asks.
    if (onBaseHost && /^\/+$/.test(pathname)) {
      const caller = await callerOf(ctx, request);
      if (caller.user) return reply.status(302).header('Location', '/dashboard').header('Cache-Control', 'no-store').send();
      return reply.status(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(await landingHtml(ctx));
    }
    let code = 404;
    // The blog's pages carry their content and data (blog/page-html.ts), and their status says
    // whether the post exists.
    let blog: BlogPage | null = null;
    try {
      blog = onBaseHost ? await blogPageOf(ctx, request) : null;
      code = blog ? blog.status : await status(request);
    } catch (e) {
      request.log.warn({ err: e }, 'route status lookup failed');
    }
    const html = blog ? blog.render(readIndex()) : await pageHtml(request, code);
    return reply.status(code).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  });
}
