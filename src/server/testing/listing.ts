// A seller's app listed in the marketplace for tests: submitted through the real route (which
// freezes a version) and its listing row written as a reviewer's approval would
// (storefront/service.ts publishApproved does it in production; the review flow has its own tests).
// Called again for the same app, it lists the next version under the same template id.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { nowIso } from '../http';
import { multipart, type TestUser } from './app';
import { PNG } from './fixtures';

export interface ListedTemplate {
  id: string;
  versionId: string;
  versionNumber: number;
  snapshotAppId: string;
}

async function image(app: FastifyInstance, seller: TestUser, appId: string, field: string): Promise<string> {
  const m = multipart('pic.png', PNG, {}, field);
  const res = await app.inject({ method: 'POST', url: `/api/upload-file?app_id=${appId}`, payload: m.payload, headers: { ...m.headers, cookie: seller.cookie } });
  if (res.statusCode !== 201) throw new Error(`image upload failed: ${res.statusCode} ${res.body}`);
  return res.json().url as string;
}

/** Submits `appId` (a new version) and lists that version; `price_cents` > 0 lists it as paid. */
export async function listTemplate(app: FastifyInstance, db: Db, seller: TestUser, appId: string, options: { title?: string; priceCents?: number } = {}): Promise<ListedTemplate> {
  const title = options.title ?? 'Shop template';
  const free = !options.priceCents;
  const existing = await db.selectFrom('review_requests').select('id').where('app_id', '=', appId).executeTakeFirst();
  // A listed template's next submission is an update; the test skips the review of the one before.
  if (existing) await db.updateTable('review_requests').set({ status: 'published' }).where('id', '=', existing.id).execute();
  const thumbnail = await image(app, seller, appId, 'thumbnail');
  const form = { app_id: appId, title, summary: 'Orders', tags: 'a', description: '<p>Good</p>', category: 'other', price: free ? 5 : options.priceCents! / 100, is_free: free, thumbnail, thumbnail_bg_color: '#ffffff', additional_images: [await image(app, seller, appId, 'image')] };
  const res = await app.inject({ method: 'PUT', url: '/api/multipage/marketplace/review-request', headers: { cookie: seller.cookie }, payload: { form } });
  if (res.statusCode !== 200) throw new Error(`submission failed: ${res.statusCode} ${res.body}`);
  const requestId = res.json().reviewRequest.id as string;
  const version = await db.selectFrom('template_versions').selectAll().where('request_id', '=', requestId).orderBy('number', 'desc').executeTakeFirstOrThrow();
  const workspace = await db.selectFrom('apps').select('workspace_id').where('id', '=', appId).executeTakeFirstOrThrow();
  const now = nowIso();
  const row = {
    workspace_id: workspace.workspace_id,
    seller_name: seller.name,
    kind: 'board',
    title,
    summary: 'Orders',
    tags: '[]',
    description: '<p>Good</p>',
    category: 'other',
    price_cents: free ? 0 : options.priceCents!,
    is_free: free ? 1 : 0,
    thumbnail,
    thumbnail_bg_color: '#ffffff',
    additional_images: '[]',
    search_text: title.toLowerCase(),
    version_id: version.id,
    version_number: Number(version.number),
    snapshot_app_id: version.snapshot_app_id!,
    updated_at: now,
  };
  if (existing) await db.updateTable('marketplace_templates').set(row).where('id', '=', requestId).execute();
  else await db.insertInto('marketplace_templates').values({ ...row, id: requestId, slug: `shop-${requestId}`, published_at: now }).execute();
  return { id: requestId, versionId: version.id, versionNumber: Number(version.number), snapshotAppId: version.snapshot_app_id! };
}
