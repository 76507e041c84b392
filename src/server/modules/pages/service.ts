import crypto from 'node:crypto';
import { paletteColours } from '../../../shared/api/board-settings';
import type { Page, PageSettings } from '../../../shared/api';
import { isAuthPage } from '../../../shared/rules/auth-pages';
import { MAX_PAGE_SLUG_LENGTH, pageSlugOf, pageSlugProblem, uniqueSlug } from '../../../shared/rules/slug';
import type { ServerContext } from '../../platform/context';
import { isUniqueViolation } from '../../db';
import { badRequest, conflict, notFound } from '../../errors';
import { newId, nowIso, parseJson } from '../../http';
import { appViewer, ownerCaller, viewRefusal, type AppViewer } from '../../access/viewer';
import { visibleBlocks, type Beholder } from '../../access/visibility';
import type { AppView } from '../../data/apps/record';
import type { SessionUser } from '../../identity/owner-session';
import { viewerBlocks } from '../../platform/secrets';
import { blocksOfPages } from '../../data/blocks/record';
import { isDetailPage, withAppFrame } from '../../../blocks/app-frame';
import { pagesRepo, type PageRow } from '../../data/pages/repo';
import { appsRepo } from '../../data/apps/repo';

/** Spec defaults of the page state colours (blocks-and-data §3 "Page state"). */
export const PAGE_DEFAULTS = {
  nav_background: '#161819',
  page_background: '#FAFAFA',
  block_border: '#e7ebf3',
  block_shadow: '#ebeff3',
};

/** Attempts at a derived slug when another request takes it between the check and the write. */
const SLUG_ATTEMPTS = 8;

/** A page with its own stored blocks (pagesOfApp adds the app's header and footer). */
export function pageOut(row: PageRow, blocks: Page['blocks']): Page {
  const settings = parseJson<PageSettings>(row.settings, {});
  return {
    page_id: row.id,
    page_slug: row.page_slug,
    page_name: row.page_name,
    page_type: row.page_type,
    is_auth: row.is_auth,
    is_public: row.is_public,
    app_id: row.app_id,
    blocks,
    show_header: settings.show_header !== false,
    show_footer: settings.show_footer !== false,
    is_details: isDetailPage(blocks),
    // Only colours the page sets: the others follow the app's (board state) colours.
    ...(settings.page_background ? { page_background: settings.page_background } : {}),
    ...(settings.block_border ? { block_border: settings.block_border } : {}),
    ...(settings.block_shadow ? { block_shadow: settings.block_shadow } : {}),
    ...(settings.nav_background ? { nav_background: settings.nav_background } : {}),
    ...(settings.title ? { title: settings.title } : {}),
    ...(paletteColours(settings.palette).length ? { palette: paletteColours(settings.palette) } : {}),
  };
}

/**
 * The page as a viewer may see it. Action secrets stay with the owner; a page that is not public
 * keeps only its header and footer for everyone else (spec §4: guests see an overlay saying the
 * app is not public over a blurred page, and its content never leaves the server). Which blocks
 * is the one rule of access/visibility.ts.
 */
export function pageForViewer(page: Page, viewer: Beholder): Page {
  if (viewer.owner) return page;
  return { ...page, blocks: viewerBlocks(visibleBlocks(viewer, page, page.blocks), false) };
}

/** The app's pages as shown: each with the app's header first and footer last unless it opts out (blocks/app-frame.ts). */
export async function pagesOfApp(ctx: ServerContext, appId: string): Promise<Page[]> {
  const rows = await pagesRepo(ctx.db).listByApp(appId);
  const blocks = await blocksOfPages(ctx, rows.map((r) => r.id));
  return withAppFrame(rows.map((r) => pageOut(r, blocks.get(r.id) ?? [])));
}

/** One page of the app as shown (with the app's frame). */
async function shownPage(ctx: ServerContext, row: PageRow): Promise<Page> {
  return (await pagesOfApp(ctx, row.app_id)).find((p) => p.page_id === row.id) ?? pageOut(row, []);
}

/**
 * The app's pages for this caller. A visitor of a password app who has not signed in yet gets
 * only its sign-in pages (shared/rules/auth-pages.ts), so the web app can show one; a private
 * app is 'Access Denied'.
 */
export async function listPages(ctx: ServerContext, app: AppView, viewer: AppViewer) {
  const pages = await pagesOfApp(ctx, app.id);
  return (viewer.canView ? pages : pages.filter(isAuthPage)).map((p) => pageForViewer(p, viewer));
}

/** One page; a password app's visitor who has not signed in may open its sign-in pages only (401 otherwise). */
export async function pageBySlug(ctx: ServerContext, app: AppView, viewer: AppViewer, slug: string) {
  const row = await pagesRepo(ctx.db).findBySlug(app.id, slug.toLowerCase());
  if (!viewer.canView && !(row && isAuthPage(row))) throw viewRefusal(app);
  if (!row) throw notFound(`Page '${slug}' not found`);
  return pageForViewer(await shownPage(ctx, row), viewer);
}

/** A slug typed by the owner, lowercased and checked (400 naming page_slug). */
function givenSlug(value: string): string {
  const slug = value.trim().toLowerCase();
  const problem = pageSlugProblem(slug);
  if (problem) throw badRequest(problem, [{ path: 'page_slug', message: problem }]);
  return slug;
}

/**
 * Runs a write that claims a slug. A derived slug taken by a concurrent request (the unique index
 * on (app_id, page_slug) refuses the second) is derived again; an explicit one is a 409.
 */
async function withSlug<T>(ctx: ServerContext, appId: string, explicit: string | null, derive: () => string, exceptId: string | null, write: (slug: string) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const others = (await pagesRepo(ctx.db).listByApp(appId)).filter((p) => p.id !== exceptId).map((p) => p.page_slug);
    let slug: string;
    if (explicit !== null) {
      if (others.includes(explicit)) throw conflict(`This app already has a page '${explicit}'`);
      slug = explicit;
    } else {
      const base = derive();
      // Racing requests all see the same first free slug; from the third try a random number
      // spreads them out (as for derived subdomains).
      slug = attempt < 2 ? uniqueSlug(base, others) : uniqueSlug(`${base.slice(0, MAX_PAGE_SLUG_LENGTH - 7).replace(/-+$/g, '')}-${crypto.randomInt(2, 100_000)}`, others);
    }
    try {
      return await write(slug);
    } catch (e) {
      if (!isUniqueViolation(e)) throw e;
      if (explicit !== null || attempt >= SLUG_ATTEMPTS - 1) throw conflict(`This app already has a page '${slug}'`);
    }
  }
}

/** Adds a page to an app its caller may edit (the 'owner' rule let them through). */
export async function createPage(ctx: ServerContext, app: AppView, body: { page_name: string; page_slug?: string }) {
  if (app.kind === 'board') throw badRequest('A board has exactly one page; make a multipage app for more pages');
  const explicit = body.page_slug ? givenSlug(body.page_slug) : null;
  const repo = pagesRepo(ctx.db);
  return withSlug(ctx, app.id, explicit, () => pageSlugOf(body.page_name), null, async (slug) => {
    const existing = await repo.listByApp(app.id);
    const row: PageRow = {
      id: newId(),
      app_id: app.id,
      page_name: body.page_name,
      page_slug: slug,
      page_type: 'page',
      is_auth: false,
      is_public: true,
      position: existing.reduce((m, p) => Math.max(m, Number(p.position)), -1) + 1,
      settings: '{}',
      created_at: nowIso(),
    };
    await repo.insert(row);
    await appsRepo(ctx.db).touch(app.id, row.created_at);
    return shownPage(ctx, row);
  });
}

/**
 * Renames a page. The slug follows the new name by the slug rule (unique per app) unless one is
 * given; the home page keeps its slug (it is served at the app's root). A board's one page is
 * named after the board and keeps its slug too.
 */
export async function renamePage(ctx: ServerContext, row: PageRow, body: { page_name: string; page_slug?: string }) {
  const repo = pagesRepo(ctx.db);
  if (row.page_type === 'home') {
    if (body.page_slug !== undefined && body.page_slug.trim().toLowerCase() !== row.page_slug)
      throw badRequest('The home page keeps its slug', [{ path: 'page_slug', message: 'The home page keeps its slug' }]);
    await repo.update(row.id, { page_name: body.page_name });
  } else {
    const explicit = body.page_slug ? givenSlug(body.page_slug) : null;
    await withSlug(ctx, row.app_id, explicit, () => pageSlugOf(body.page_name), row.id, (slug) => repo.update(row.id, { page_name: body.page_name, page_slug: slug }));
  }
  await appsRepo(ctx.db).touch(row.app_id, nowIso());
  return shownPage(ctx, (await repo.findById(row.id))!);
}

/** Page state fields (colours, is_public, is_auth, page_name); a new page_name renames as renamePage does. */
export async function updatePageSettings(ctx: ServerContext, row: PageRow, body: PageSettings) {
  const { page_name, is_public, is_auth, ...rest } = body;
  const colours = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  const patch: Parameters<ReturnType<typeof pagesRepo>['update']>[1] = {};
  if (Object.keys(colours).length) patch.settings = JSON.stringify({ ...parseJson<PageSettings>(row.settings, {}), ...colours });
  if (is_public !== undefined) patch.is_public = is_public;
  if (is_auth !== undefined) patch.is_auth = is_auth;
  await pagesRepo(ctx.db).update(row.id, patch);
  await appsRepo(ctx.db).touch(row.app_id, nowIso());
  if (page_name !== undefined && page_name !== row.page_name) await renamePage(ctx, { ...row, ...patch }, { page_name });
  return (await pagesRepo(ctx.db).findById(row.id))!;
}

/** Orders the app's pages; the home page stays first (it is the app's root). */
export async function reorderPages(ctx: ServerContext, user: SessionUser, app: AppView, order: string[]) {
  const rows = await pagesRepo(ctx.db).listByApp(app.id);
  const given = new Set(order);
  if (given.size !== order.length || order.length !== rows.length || rows.some((p) => !given.has(p.id)))
    throw badRequest('The order must list every page of the app exactly once', [{ path: 'order', message: "Must be exactly the ids of the app's pages" }]);
  const home = rows.find((p) => p.page_type === 'home');
  if (home && order[0] !== home.id) throw badRequest('The home page stays first', [{ path: 'order', message: 'The home page stays first' }]);
  await ctx.db.transaction().execute(async (trx) => {
    for (const [position, id] of order.entries()) await pagesRepo(trx).update(id, { position });
    await appsRepo(trx).touch(app.id, nowIso());
  });
  return listPages(ctx, app, await appViewer(ctx, ownerCaller(user), app));
}

/** Deletes a page and its blocks; never the home page (the app's root). */
export async function deletePage(ctx: ServerContext, row: PageRow) {
  if (row.page_type === 'home') throw badRequest('The home page cannot be deleted');
  await ctx.db.transaction().execute(async (trx) => {
    await pagesRepo(trx).delete(row.id);
    await appsRepo(trx).touch(row.app_id, nowIso());
  });
}
