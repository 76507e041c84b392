// Listed templates written straight into the database, for the listing's tests and its benchmark
// (bench/marketplace-listing.ts): each with its own source app and review request (the listing's
// foreign key), all previewing one shared snapshot app. Never used by the server itself.
import type { Db } from '../db';
import { MARKETPLACE_CATEGORIES } from '../../shared/rules/marketplace';
import { searchTextOf } from '../modules/storefront/service';
import type { TemplateRow } from '../data/storefront/repo';

export interface SeedTemplate {
  title: string;
  summary?: string;
  tags?: string[];
  category?: string;
  price_cents?: number;
  kind?: 'board' | 'multipage';
  published_at: string;
  slug?: string;
}

/** Inserts the templates (500 a statement) into `workspaceId`, previewing `snapshotAppId`; their ids. */
export async function seedTemplates(db: Db, workspaceId: string, snapshotAppId: string, list: SeedTemplate[], prefix = 'seed'): Promise<string[]> {
  const ids: string[] = [];
  const apps = [];
  const requests = [];
  const templates: TemplateRow[] = [];
  for (const [i, s] of list.entries()) {
    const id = `${prefix}${i}`;
    ids.push(id);
    const tags = s.tags ?? [];
    const category = s.category ?? MARKETPLACE_CATEGORIES[i % MARKETPLACE_CATEGORIES.length]!.value;
    const price = s.price_cents ?? 0;
    const at = s.published_at;
    apps.push({ id: `${id}a`, workspace_id: workspaceId, name: s.title.slice(0, 100), subdomain: `${prefix}-src-${i}`.toLowerCase(), kind: s.kind ?? 'multipage', public: 1, sign_in_method: 'No sign in', spreadsheet_id: null, settings: '{}', created_at: at, updated_at: at });
    const common = { title: s.title, summary: s.summary ?? '', tags: JSON.stringify(tags), description: '<p>Seeded.</p>', category, price_cents: price, is_free: price ? 0 : 1, thumbnail: '/api/uploads/seedthumb', thumbnail_bg_color: '#ffffff', additional_images: '[]' };
    requests.push({ ...common, id, app_id: `${id}a`, workspace_id: workspaceId, status: 'published', rejection_reason: null, is_public: 1, sign_in_method: 'No sign in', version_id: null, published_version_id: null, submitted_at: at, created_at: at, updated_at: at });
    templates.push({
      ...common,
      id,
      slug: s.slug ?? `${prefix}-${i}`.toLowerCase(),
      workspace_id: workspaceId,
      seller_name: 'Seed Seller',
      kind: s.kind ?? 'multipage',
      search_text: searchTextOf({ title: s.title, summary: s.summary ?? '', tags, category }),
      version_id: `${id}v`,
      version_number: 1,
      snapshot_app_id: snapshotAppId,
      published_at: at,
      updated_at: at,
    });
  }
  for (let i = 0; i < list.length; i += 500) {
    await db.insertInto('apps').values(apps.slice(i, i + 500)).execute();
    await db.insertInto('review_requests').values(requests.slice(i, i + 500)).execute();
    await db.insertInto('marketplace_templates').values(templates.slice(i, i + 500)).execute();
  }
  return ids;
}
