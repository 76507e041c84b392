import type { Page } from '../../../shared/api';
import { slugify } from '../../../shared/rules/slug';
import type { ServerContext } from '../../context';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { newId, nowIso } from '../../http';
import { readableApp, resolveApp, writableApp, type AppRef, type AppView, canEdit } from '../apps/service';
import type { SessionUser } from '../auth/service';
import { viewerBlocks } from '../actions/secrets';
import { blocksOfPages } from '../blocks/service';
import { pagesRepo, type PageRow } from './repo';

/** pages.page_slug holds 100 characters (PostgreSQL refuses more). */
const MAX_SLUG_LENGTH = 100;

export function pageOut(row: PageRow, blocks: Page['blocks']): Page {
  return {
    page_id: row.id,
    page_slug: row.page_slug,
    page_name: row.page_name,
    page_type: row.page_type,
    is_auth: Number(row.is_auth) === 1,
    is_public: Number(row.is_public) === 1,
    app_id: row.app_id,
    blocks,
  };
}

export async function pagesOfApp(ctx: ServerContext, appId: string): Promise<Page[]> {
  const rows = await pagesRepo(ctx.db).listByApp(appId);
  const blocks = await blocksOfPages(ctx, rows.map((r) => r.id));
  return rows.map((r) => pageOut(r, blocks.get(r.id) ?? []));
}

export async function listPages(ctx: ServerContext, user: SessionUser | null, appId: string) {
  const { app, owner } = await readableApp(ctx, user, appId);
  // Action secrets stay on the server for everyone but the owner.
  return (await pagesOfApp(ctx, app.id)).map((p) => ({ ...p, blocks: viewerBlocks(p.blocks, owner) }));
}

/** The app of a page request: the Host's subdomain, else `app` (id or subdomain), else `board`. */
export async function appOfRequest(ctx: ServerContext, user: SessionUser | null, ref: AppRef): Promise<AppView> {
  const app = await resolveApp(ctx, ref);
  if (!app) throw notFound('App not found');
  if (!app.public && !(await canEdit(ctx, user, app)))
    throw forbidden('This application is private and you do not have permission to access it.');
  return app;
}

export async function pageBySlug(ctx: ServerContext, user: SessionUser | null, slug: string, ref: AppRef) {
  const app = await appOfRequest(ctx, user, ref);
  const row = await pagesRepo(ctx.db).findBySlug(app.id, slug.toLowerCase());
  if (!row) throw notFound(`Page '${slug}' not found`);
  const blocks = await blocksOfPages(ctx, [row.id]);
  return pageOut(row, viewerBlocks(blocks.get(row.id) ?? [], await canEdit(ctx, user, app)));
}

export async function createPage(ctx: ServerContext, user: SessionUser | null, body: { appId: string; page_name: string; page_slug?: string }) {
  const app = await writableApp(ctx, user, body.appId);
  if (app.kind === 'board') throw badRequest('A board has exactly one page; make a multipage app for more pages');
  const repo = pagesRepo(ctx.db);
  const existing = await repo.listByApp(app.id);
  const slugs = new Set(existing.map((p) => p.page_slug));
  let slug: string;
  if (body.page_slug) {
    slug = slugify(body.page_slug).replace(/^-+|-+$/g, '');
    if (slug.length > MAX_SLUG_LENGTH)
      throw badRequest(`Page slug may have at most ${MAX_SLUG_LENGTH} characters`, [{ path: 'page_slug', message: `At most ${MAX_SLUG_LENGTH} characters` }]);
    if (!slug || slug !== body.page_slug.toLowerCase())
      throw badRequest('Page slug may use lowercase letters, digits and hyphens', [{ path: 'page_slug', message: 'Use lowercase letters, digits and hyphens' }]);
    if (slugs.has(slug)) throw conflict(`This app already has a page '${slug}'`);
  } else {
    const base = slugify(body.page_name).replace(/^-+|-+$/g, '') || 'page';
    slug = base;
    for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`;
  }
  const row: PageRow = {
    id: newId(),
    app_id: app.id,
    page_name: body.page_name,
    page_slug: slug,
    page_type: 'page',
    is_auth: 0,
    is_public: 1,
    position: existing.reduce((m, p) => Math.max(m, Number(p.position)), -1) + 1,
    settings: '{}',
    created_at: nowIso(),
  };
  await repo.insert(row);
  return pageOut(row, []);
}
