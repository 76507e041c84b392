// Navigation set up once (issue 13 §2): a multipage app has ONE header and ONE footer, shown on
// every page (first and last) unless the page opts out; a header goes first and a footer last;
// detail pages stay out of the header's default navigation; older apps are migrated.
import { beforeAll, describe, expect, it } from 'vitest';
import { navLinks } from '../../../blocks/header/header-nav';
import type { AppNav } from '../../../blocks/types';
import type { BlockRecord } from '../../../shared/settings';
import { appFrame } from '../../db/migrations/0012_app_frame';
import { signUp, type TestUser } from '../../testing/app';
import { testServer } from '../../testing/server';

const t = testServer();
let owner: TestUser;

interface WirePage {
  page_id: string;
  page_slug: string;
  page_name: string;
  page_type: string;
  is_auth: boolean;
  is_public: boolean;
  is_details: boolean;
  show_header: boolean;
  show_footer: boolean;
  blocks: BlockRecord[];
}

const as = (u: TestUser | null) => (u ? { cookie: u.cookie } : {});

async function newApp(name: string): Promise<{ id: string; subdomain: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(owner), payload: { name, kind: 'multipage' } });
  expect(res.statusCode).toBe(201);
  const app = res.json().app;
  // Guests may view it.
  expect((await t.app.inject({ method: 'PUT', url: `/api/apps/${app.id}`, headers: as(owner), payload: { public: true } })).statusCode).toBe(200);
  return app;
}
async function addPage(appId: string, page_name: string): Promise<WirePage> {
  const res = await t.app.inject({ method: 'POST', url: '/api/pages', headers: as(owner), payload: { appId, page_name } });
  expect(res.statusCode).toBe(201);
  return res.json().page;
}
async function pagesOf(appId: string, who: TestUser | null = owner): Promise<WirePage[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/pages/${appId}`, headers: as(who) });
  expect(res.statusCode).toBe(200);
  return res.json().pages;
}
async function block(pageId: string, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/blocks', headers: as(owner), payload: { pageId, ...body } });
}
/** The labels the header shows on a page (as the viewer renders them). */
function menuOf(pages: WirePage[], page: WirePage): string[] {
  const header = page.blocks.find((b) => b.type === 'header');
  if (!header) return [];
  const app = {
    pages: pages.map((p) => ({ id: p.page_id, name: p.page_name, slug: p.page_slug, page_type: p.page_type, is_auth: p.is_auth, is_public: p.is_public, is_details: p.is_details })),
    currentPage: null,
    hrefOf: (slug: string) => `/${slug}`,
  } as unknown as AppNav;
  return navLinks(header, app).map((l) => l.label);
}
const types = (p: WirePage) => p.blocks.map((b) => b.type);

beforeAll(async () => {
  owner = await signUp(t.app, 'Owner');
});

describe('one header and one footer for the app', () => {
  it('a new page shows the app header first and the footer last, with links to every page that is not a detail page', async () => {
    const app = await newApp('Nav Shop');
    const about = await addPage(app.id, 'About');
    expect(types(about)).toEqual(['header', 'footer']);
    const details = await addPage(app.id, 'Order');
    // An item details block (stored as is: this app has no sheet for it to read).
    const now = new Date().toISOString();
    await t.ctx.db.insertInto('blocks').values({ id: `${details.page_id}-d`, page_id: details.page_id, position: 0, type: 'item_details', config: '{}', created_at: now, updated_at: now }).execute();
    await addPage(app.id, 'Contact');
    // As a guest.
    const pages = await pagesOf(app.id, null);
    expect(pages.map((p) => p.page_slug)).toEqual(['home', 'about', 'order', 'contact']);
    const header = pages[0]!.blocks[0]!;
    for (const p of pages) {
      expect(p.blocks[0]).toEqual(header);
      expect(p.blocks[p.blocks.length - 1]!.type).toBe('footer');
      expect(menuOf(pages, p)).toEqual(['Home', 'About', 'Contact']);
    }
    expect(pages.find((p) => p.page_slug === 'order')).toMatchObject({ is_details: true, blocks: [{ type: 'header' }, { type: 'item_details' }, { type: 'footer' }] });
    // A page GET by slug is the same.
    const one = await t.app.inject({ method: 'GET', url: `/api/page/contact?app=${app.id}` });
    expect(types(one.json().page)).toEqual(['header', 'footer']);
  });

  it('adding, renaming and deleting a page: the menu follows', async () => {
    const app = await newApp('Nav Follow');
    const a = await addPage(app.id, 'Prices');
    expect(menuOf(await pagesOf(app.id), (await pagesOf(app.id))[0]!)).toEqual(['Home', 'Prices']);
    expect((await t.app.inject({ method: 'PUT', url: `/api/pages/${a.page_id}`, headers: as(owner), payload: { page_name: 'Plans' } })).statusCode).toBe(200);
    await addPage(app.id, 'Team');
    let pages = await pagesOf(app.id);
    expect(menuOf(pages, pages[2]!)).toEqual(['Home', 'Plans', 'Team']);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/pages/${a.page_id}`, headers: as(owner) })).statusCode).toBe(204);
    pages = await pagesOf(app.id);
    expect(menuOf(pages, pages[1]!)).toEqual(['Home', 'Team']);
  });

  it('editing the header once changes it on every page', async () => {
    const app = await newApp('Nav Edit');
    await addPage(app.id, 'Two');
    await addPage(app.id, 'Three');
    const before = await pagesOf(app.id);
    const headerId = before[2]!.blocks[0]!.id;
    const res = await t.app.inject({ method: 'PUT', url: `/api/blocks/${headerId}`, headers: as(owner), payload: { HeaderTitle: 'Acme' } });
    expect(res.statusCode).toBe(200);
    for (const p of await pagesOf(app.id, null)) expect(p.blocks[0]).toMatchObject({ id: headerId, type: 'header', HeaderTitle: 'Acme' });
  });

  it('a header added later goes first and full width; a footer last; a second one is refused', async () => {
    const app = await newApp('Nav Later');
    const home = (await pagesOf(app.id))[0]!;
    const two = await addPage(app.id, 'Two');
    for (const b of home.blocks) expect((await t.app.inject({ method: 'DELETE', url: `/api/blocks/${b.id}`, headers: as(owner) })).statusCode).toBe(204);
    expect((await block(two.page_id, { type: 'markdown' })).statusCode).toBe(201);
    expect(types((await pagesOf(app.id))[1]!)).toEqual(['markdown']);
    // Added on the second page, after its content: it becomes the app's header, first on every page.
    const added = await block(two.page_id, { type: 'header', full_width: false });
    expect(added.statusCode).toBe(201);
    expect(added.json().block.full_width).toBe(true);
    const footer = await block(two.page_id, { type: 'footer' });
    expect(footer.statusCode).toBe(201);
    expect((await block(two.page_id, { type: 'markdown' })).statusCode).toBe(201);
    const pages = await pagesOf(app.id);
    expect(types(pages[0]!)).toEqual(['header', 'footer']);
    expect(types(pages[1]!)).toEqual(['header', 'markdown', 'markdown', 'footer']);
    const again = await block(two.page_id, { type: 'header' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already has a header/);
    // Moving the header down (or the footer up) keeps it first (last).
    const ids = pages[1]!.blocks.map((b) => b.id);
    const reordered = [ids[1], ids[0], ids[3], ids[2]];
    const res = await t.app.inject({ method: 'PUT', url: `/api/pages/${two.page_id}/blocks/order`, headers: as(owner), payload: { order: reordered } });
    expect(res.statusCode).toBe(200);
    expect(res.json().blocks.map((b: BlockRecord) => b.id)).toEqual([ids[0], ids[1], ids[2], ids[3]]);
    const homeRes = await t.app.inject({ method: 'PUT', url: `/api/pages/${home.page_id}/blocks/order`, headers: as(owner), payload: { order: [pages[0]!.blocks[1]!.id, pages[0]!.blocks[0]!.id] } });
    expect(homeRes.json().blocks.map((b: BlockRecord) => b.type)).toEqual(['header', 'footer']);
  });

  it('a page can opt out of the header or the footer (page settings)', async () => {
    const app = await newApp('Nav OptOut');
    const plain = await addPage(app.id, 'Plain');
    const res = await t.app.inject({ method: 'POST', url: '/api/page/update-metadata', headers: as(owner), query: { app: app.id, page: plain.page_id }, payload: { show_header: false } });
    expect(res.statusCode).toBe(200);
    let pages = await pagesOf(app.id, null);
    expect(pages[1]).toMatchObject({ show_header: false, show_footer: true });
    expect(types(pages[1]!)).toEqual(['footer']);
    expect(types(pages[0]!)).toEqual(['header', 'footer']);
    await t.app.inject({ method: 'POST', url: '/api/page/update-metadata', headers: as(owner), query: { app: app.id, page: plain.page_id }, payload: { show_header: true, show_footer: false } });
    pages = await pagesOf(app.id, null);
    expect(types(pages[1]!)).toEqual(['header']);
  });

  it('a guest sees the header and footer of a page that is not public, and nothing else of it', async () => {
    const app = await newApp('Nav Private Page');
    const hidden = await addPage(app.id, 'Hidden');
    expect((await block(hidden.page_id, { type: 'markdown' })).statusCode).toBe(201);
    await t.app.inject({ method: 'POST', url: '/api/page/update-metadata', headers: as(owner), query: { app: app.id, page: hidden.page_id }, payload: { is_public: false } });
    const res = await t.app.inject({ method: 'GET', url: `/api/page/hidden?app=${app.id}` });
    expect(types(res.json().page)).toEqual(['header', 'footer']);
    expect(types((await pagesOf(app.id)).find((p) => p.page_slug === 'hidden')!)).toEqual(['header', 'markdown', 'footer']);
  });
});

describe('migration 0012: per-page headers and footers become the app\'s', () => {
  it('keeps the home page\'s, drops identical copies, and a page with a different header keeps its own', async () => {
    const app = await newApp('Nav Old');
    const [same, other, bare] = [await addPage(app.id, 'Same'), await addPage(app.id, 'Other'), await addPage(app.id, 'Bare')];
    const home = (await pagesOf(app.id))[0]!;
    const rows = await t.ctx.db.selectFrom('blocks').selectAll().where('page_id', '=', home.page_id).orderBy('position').execute();
    const now = new Date().toISOString();
    // What an older app looked like: each page a copy of the header and footer (one different).
    const copy = (pageId: string, r: (typeof rows)[number], n: number, config = r.config) => ({ ...r, id: `${r.id}-${n}`, page_id: pageId, config, created_at: now, updated_at: now });
    const changed = JSON.stringify({ ...JSON.parse(rows[0]!.config), HeaderTitle: 'Other title' });
    await t.ctx.db
      .insertInto('blocks')
      .values([copy(same.page_id, rows[0]!, 1), copy(same.page_id, rows[1]!, 2), copy(other.page_id, rows[0]!, 3, changed), copy(other.page_id, rows[1]!, 4)])
      .execute();
    await appFrame.up(t.ctx.db as never);
    const stored = await t.ctx.db.selectFrom('blocks').select(['page_id', 'type']).where('page_id', 'in', [same.page_id, other.page_id, bare.page_id]).execute();
    expect(stored).toEqual([{ page_id: other.page_id, type: 'header' }]);
    const pages = await pagesOf(app.id, null);
    const by = (slug: string) => pages.find((p) => p.page_slug === slug)!;
    expect(by('same').blocks.map((b) => b.id)).toEqual(rows.map((r) => r.id));
    expect(by('bare').blocks.map((b) => b.id)).toEqual(rows.map((r) => r.id));
    expect(by('other').blocks).toMatchObject([{ type: 'header', HeaderTitle: 'Other title' }, { id: rows[1]!.id, type: 'footer' }]);
    expect(by('other').show_header).toBe(false);
  });

  it('an app whose home page had no header takes the first page\'s', async () => {
    const app = await newApp('Nav Old Two');
    const second = await addPage(app.id, 'Second');
    const home = (await pagesOf(app.id))[0]!;
    // Move the home page's header to the second page, as an old app could have it.
    await t.ctx.db.updateTable('blocks').set({ page_id: second.page_id }).where('id', '=', home.blocks[0]!.id).execute();
    await appFrame.up(t.ctx.db as never);
    const pages = await pagesOf(app.id, null);
    expect(types(pages[0]!)).toEqual(['header', 'footer']);
    expect(pages[1]!.blocks.map((b) => b.id)).toEqual(home.blocks.map((b) => b.id));
  });
});
