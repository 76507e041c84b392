// The only SQL of the storefront (issue 15): the listed templates (marketplace_templates, written
// when a reviewer approves a version), their listing and lookups, a visitor's latest purchase of
// one, and whether an app is a listed template's current snapshot (preview access).
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db';
import type { ListingFields, MarketplaceTemplatesTable, PurchaseStatus } from '../../db/schema';
import type { PriceFilter, TemplateKindFilter, TemplateSort } from '../../../shared/rules/templates';
import { likeLiteral } from '../admin/repo';

export type TemplateRow = Selectable<MarketplaceTemplatesTable>;
/** A listed template with its snapshot app's subdomain (where its preview lives). */
export type ListedRow = TemplateRow & { subdomain: string };

export interface ListingFilter {
  /** Lower-case search text (LIKE on search_text, % and _ literal). */
  q: string | null;
  category: string | null;
  price: PriceFilter;
  kind: TemplateKindFilter;
}

/** What an approval reads to list a request's version. */
export interface ListingSource extends ListingFields {
  request_id: string;
  workspace_id: string;
  version_id: string;
  version_number: number;
  snapshot_app_id: string | null;
  app_kind: string | null;
  owner_name: string | null;
  workspace_name: string | null;
}

export function storefrontRepo(db: Db) {
  const listed = () => db.selectFrom('marketplace_templates as t').innerJoin('apps as a', 'a.id', 't.snapshot_app_id');
  const filtered = (f: ListingFilter) => {
    let q = listed();
    if (f.q) q = q.where(sql<boolean>`t.search_text like ${`%${likeLiteral(f.q)}%`} escape '\\'`);
    if (f.category) q = q.where('t.category', '=', f.category);
    if (f.price !== 'all') q = q.where('t.is_free', '=', f.price === 'free' ? 1 : 0);
    if (f.kind !== 'all') q = q.where('t.kind', '=', f.kind);
    return q;
  };
  return {
    /** The request, its version and what the listing shows of the seller, read inside an approval. */
    async listingSource(requestId: string, versionId: string): Promise<ListingSource | undefined> {
      return db
        .selectFrom('review_requests as r')
        .innerJoin('template_versions as v', 'v.request_id', 'r.id')
        .leftJoin('apps as s', 's.id', 'v.snapshot_app_id')
        .leftJoin('workspaces as w', 'w.id', 'r.workspace_id')
        .leftJoin('users as u', 'u.id', 'w.owner_id')
        .select([
          'r.id as request_id',
          'r.workspace_id',
          'r.title',
          'r.summary',
          'r.tags',
          'r.description',
          'r.category',
          'r.price_cents',
          'r.is_free',
          'r.thumbnail',
          'r.thumbnail_bg_color',
          'r.additional_images',
          'v.id as version_id',
          'v.number as version_number',
          'v.snapshot_app_id',
          's.kind as app_kind',
          'u.name as owner_name',
          'w.name as workspace_name',
        ])
        .where('r.id', '=', requestId)
        .where('v.id', '=', versionId)
        .executeTakeFirst();
    },
    /** Every listed template's slug and last change (the sitemap, blog/feeds.ts). */
    sitemap(): Promise<{ slug: string; updated_at: string }[]> {
      return listed().select(['t.slug', 't.updated_at']).orderBy('t.published_at', 'desc').orderBy('t.id', 'desc').execute();
    },
    byId(id: string): Promise<TemplateRow | undefined> {
      return db.selectFrom('marketplace_templates').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Slugs taken by other templates among `base` and `base-…` (the candidates of a new slug). */
    async slugsLike(base: string, exceptId: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom('marketplace_templates')
        .select('slug')
        .where('id', '!=', exceptId)
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', sql<string>`${`${likeLiteral(base)}-%`} escape '\\'`)]))
        .execute();
      return new Set(rows.map((r) => r.slug));
    },
    async insert(row: TemplateRow): Promise<void> {
      await db.insertInto('marketplace_templates').values(row).execute();
    },
    /** Everything but the id, the slug and the first approval's time. */
    async update(id: string, row: Omit<TemplateRow, 'id' | 'slug' | 'published_at'>): Promise<void> {
      await db.updateTable('marketplace_templates').set(row).where('id', '=', id).execute();
    },
    /** One page of the listing, in `sort` order. */
    page(f: ListingFilter, sort: TemplateSort, offset: number, limit: number): Promise<ListedRow[]> {
      let q = filtered(f).selectAll('t').select('a.subdomain');
      if (sort === 'newest') q = q.orderBy('t.published_at', 'desc').orderBy('t.id', 'desc');
      else if (sort === 'oldest') q = q.orderBy('t.published_at', 'asc').orderBy('t.id', 'asc');
      else if (sort === 'price_low') q = q.orderBy('t.price_cents', 'asc').orderBy('t.published_at', 'desc').orderBy('t.id', 'desc');
      else if (sort === 'price_high') q = q.orderBy('t.price_cents', 'desc').orderBy('t.published_at', 'desc').orderBy('t.id', 'desc');
      else q = q.orderBy(sql`lower(t.title)`, 'asc').orderBy('t.id', 'asc');
      return q.limit(limit).offset(offset).execute();
    },
    async count(f: ListingFilter): Promise<number> {
      const r = await filtered(f)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
    /** A listed template by id, slug or its snapshot's subdomain (whichever `by` names). */
    findBy(by: 'id' | 'slug' | 'subdomain', key: string): Promise<ListedRow | undefined> {
      const column = by === 'id' ? 't.id' : by === 'slug' ? 't.slug' : 'a.subdomain';
      return listed().selectAll('t').select('a.subdomain').where(column, '=', key).executeTakeFirst();
    },
    /** The user's latest purchase of the template (any status). */
    async latestPurchase(userId: string, templateId: string): Promise<PurchaseStatus | null> {
      const r = await db
        .selectFrom('template_purchases')
        .select('status')
        .where('buyer_user_id', '=', userId)
        .where('template_id', '=', templateId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return r?.status ?? null;
    },
    /** Whether the app is the snapshot of a listed template's current version (anyone may preview it). */
    async isListedSnapshot(appId: string): Promise<boolean> {
      const r = await db.selectFrom('marketplace_templates').select('id').where('snapshot_app_id', '=', appId).limit(1).executeTakeFirst();
      return !!r;
    },
    /** The review request of an app (its source app), if it was ever submitted. */
    async requestOfApp(appId: string): Promise<string | null> {
      const r = await db.selectFrom('review_requests').select('id').where('app_id', '=', appId).executeTakeFirst();
      return r?.id ?? null;
    },
  };
}
