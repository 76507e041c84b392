// The board and page state fields of blocks-and-data §3, as POST /api/board/update-metadata and
// POST /api/page/update-metadata answer them. Owners may send fields to save first.
import { googleSheetUrl } from '../../../shared/rules/google-sheets';
import { googleSourcesRepo } from '../../data/gsheets/sources-repo';
import { refuseSnapshotWrite, viewRefusal, type AppViewer, type Caller } from '../../access/viewer';
import { appOriginFor } from '../../access/app-origin';
import { isAuthPage } from '../../../shared/rules/auth-pages';
import type { BoardSettings, PageSettings } from '../../../shared/api';
import { BOARD_COLOUR_DEFAULTS } from '../../../shared/settings/board-state';
import type { ServerContext } from '../../platform/context';
import { forbidden, notFound, unauthorized } from '../../errors';
import { parseJson } from '../../http';
import { PAGE_DEFAULTS, pageForViewer, pagesOfApp, updatePageSettings } from '../pages/service';
import { pagesRepo } from '../../data/pages/repo';
import { sheetSummaries } from '../spreadsheets/service';
import { appsRepo } from '../../data/apps/repo';
import { updateApp } from './service';
import type { AppView } from '../../data/apps/record';

/** Spec defaults of the board state (blocks-and-data §3 and §9); the settings panel's are the same (board-state.test.ts). */
export const BOARD_DEFAULTS = {
  hide_filters: true,
  /** Board filters (spec Filter entity), checked by BoardFilters in shared/api when saved. */
  filters: [],
  hide_hero: false,
  hide_search: false,
  hero: '',
  logo: '',
  hero_image: '',
  palette: [],
  ...BOARD_COLOUR_DEFAULTS,
  sections: '',
  footer: { logo: '', socialMediaIcons: [], copyrightText: '' },
  event: { logo: '', socialMediaIcons: [], copyrightText: '' },
} satisfies Required<Omit<BoardSettings, 'title'>>;

export { PAGE_DEFAULTS };

/**
 * The app and the caller as its viewer, as the route's 'app-visitor' rule resolved them: a private
 * app refused everyone but its owner ('Access Denied'). A password app answers visitors who have
 * not signed in yet too, but with `needs_sign_in: true` and none of its data (no sheets, only its
 * sign-in pages' blocks): the web app needs its name, colours and sign-in pages to show them.
 */
export interface StateOf {
  app: AppView;
  viewer: AppViewer;
}

function hasFields(body: object): boolean {
  return Object.values(body).some((v) => v !== undefined);
}

async function common(ctx: ServerContext, caller: Caller, app: AppView, editable: boolean, viewer: AppViewer) {
  return {
    id: app.id,
    app_id: app.id,
    name: app.name,
    subdomain: app.subdomain,
    kind: app.kind,
    workspace_id: app.workspaceId,
    public: app.public,
    sign_in_method: app.sign_in_method,
    spreadsheetId: app.spreadsheetId,
    sheets: await sheetSummaries(ctx, app, viewer),
    needs_sign_in: !viewer.canView,
    can_edit: editable,
    user_role: editable ? 'owner' : (viewer.appUser?.permissions ?? 'guest'),
    app_user: viewer.appUser,
    // Where this caller is shown the app instead of the base host's `/{subdomain}` (null: here).
    app_origin: await appOriginFor(ctx, caller, app, 'http'),
    ...(editable ? { owner_email: await appsRepo(ctx.db).ownerEmail(app.workspaceId), spreadsheet_url: await spreadsheetUrl(ctx, app) } : {}),
  };
}

/**
 * Where the editor's spreadsheet button goes for a spreadsheet connected from Google (issue 16):
 * the sheet in Google, built from its file id (never the link as pasted). Null for the others
 * (the button opens the data editor of an imported one).
 */
async function spreadsheetUrl(ctx: ServerContext, app: AppView): Promise<string | null> {
  if (!app.spreadsheetId) return null;
  const source = await googleSourcesRepo(ctx.db).sourceOf(app.spreadsheetId);
  return source ? googleSheetUrl(source.file_id) : null;
}

export async function boardMetadata(
  ctx: ServerContext,
  caller: Caller,
  found: StateOf,
  body: BoardSettings & { name?: string; spreadsheetId?: string | null },
) {
  const user = caller.user;
  let app = found.app;
  const viewer = found.viewer;
  const editable = viewer.owner;
  if (hasFields(body)) {
    // A template's frozen copy keeps its settings (issue 14), its workspace's owner's changes too.
    await refuseSnapshotWrite(ctx, app, viewer);
    if (!user) throw unauthorized();
    if (!editable) throw forbidden('Only the owner of this board can change it');
    app = await updateApp(ctx, app, body);
  }
  const pages = await pagesOfApp(ctx, app.id);
  const home = pages[0];
  // The home page's blocks as this viewer may see them (access/visibility.ts): a home page that is
  // not public keeps its content to the owner; a password app's visitor gets none before signing in.
  const blocks = home && viewer.canView ? pageForViewer(home, viewer).blocks : [];
  return {
    ...BOARD_DEFAULTS,
    title: app.name,
    ...app.settings,
    ...(await common(ctx, caller, app, editable, viewer)),
    page_id: home?.page_id ?? null,
    page_name: home?.page_name ?? null,
    page_slug: home?.page_slug ?? null,
    // Action secrets (tokens, headers, endpoints) stay on the server for everyone but the owner (pageForViewer).
    blocks,
  };
}

/** The page named by `page` (id or slug), else the last segment of `board` that is a page slug, else the first page. */
export async function pageMetadata(
  ctx: ServerContext,
  caller: Caller,
  { app, viewer }: StateOf,
  ref: { board?: string; page?: string },
  body: PageSettings,
) {
  const user = caller.user;
  const editable = viewer.owner;
  // Before signing in to a password app, only its sign-in pages exist for the visitor.
  const all = await pagesOfApp(ctx, app.id);
  const pages = viewer.canView ? all : all.filter(isAuthPage);
  const segments = (ref.board ?? '').split(/[?#]/)[0]!.split('/').filter(Boolean).reverse();
  const wanted = ref.page ? [ref.page] : segments;
  const named = pages.find((p) => wanted.some((w) => w === p.page_id || w.toLowerCase() === p.page_slug));
  // A page that is not a sign-in page, asked for before signing in: sign in first (401).
  if (!viewer.canView && ref.page && !named) throw viewRefusal(app);
  let page = named ?? pages[0];
  if (!page) throw viewer.canView ? notFound('Page not found') : viewRefusal(app);
  let row = (await pagesRepo(ctx.db).findById(page.page_id))!;
  if (hasFields(body)) {
    await refuseSnapshotWrite(ctx, app, viewer);
    if (!user) throw unauthorized();
    if (!editable) throw forbidden('Only the owner of this app can change it');
    row = await updatePageSettings(ctx, row, body);
    page = { ...page, page_name: row.page_name, page_slug: row.page_slug, is_public: row.is_public, is_auth: row.is_auth };
  }
  const settings = parseJson<PageSettings>(row.settings, {});
  const { page_name: _n, is_public: _p, is_auth: _a, ...own } = settings;
  // An emptied field (a colour, the title, the palette) follows the app's again.
  const colours = Object.fromEntries(Object.entries(own).filter(([, v]) => v !== '' && !(Array.isArray(v) && v.length === 0)));
  return {
    ...PAGE_DEFAULTS,
    title: page.page_name,
    ...colours,
    ...(await common(ctx, caller, app, editable, viewer)),
    page_id: page.page_id,
    page_name: page.page_name,
    page_slug: page.page_slug,
    page_type: page.page_type,
    is_public: page.is_public,
    is_auth: page.is_auth,
    blocks: pageForViewer(page, viewer).blocks,
    pages: (hasFields(body) ? await pagesOfApp(ctx, app.id) : pages).map(({ blocks: _b, ...p }) => p),
  };
}
