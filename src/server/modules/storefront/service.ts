// The storefront (issue 15): what visitors browse. A template is listed from its own row, written
// when a reviewer approves a version (publishApproved, inside the decision's transaction), so a
// newer submission under review — or rejected — changes nothing visitors see. The listing and the
// detail read only that row and its snapshot app's subdomain.
import type { z } from 'zod';
import type { PurchaseStatus, TemplateDetail, TemplateListQuery, TemplateListResponse, TemplateSummary } from '../../../shared/api/templates';
import { MARKETPLACE_CATEGORIES } from '../../../shared/rules/marketplace';
import { slugify } from '../../../shared/rules/slug';
import { normalisedTemplateName, TEMPLATE_LIMITS, TEMPLATE_MESSAGES, templateSlugOf } from '../../../shared/rules/templates';
import type { ServerContext } from '../../platform/context';
import type { Db } from '../../db';
import { notFound } from '../../errors';
import { parseJson } from '../../http';
import { callerEdits, type Caller } from '../../access/viewer';
import { cleanDescription } from '../../platform/sanitize';
import { purchasesRepo } from '../../data/purchases/repo';
import { storefrontRepo, type ListedRow, type TemplateRow } from '../../data/storefront/repo';

type ListQuery = z.output<typeof TemplateListQuery>;

const categoryLabel = (value: string) => MARKETPLACE_CATEGORIES.find((c) => c.value === value)?.label ?? '';

const stringList = (json: string): string[] => {
  const v = parseJson<unknown>(json, []);
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
};

/** What the listing's search looks in: title, summary, tags and category (value and label), lower-case. */
export function searchTextOf(t: { title: string; summary: string; tags: string[]; category: string }): string {
  return [t.title, t.summary, t.tags.join(' '), t.category, categoryLabel(t.category)].join('\n').toLowerCase();
}

/**
 * A slug for `title` no other template holds: the name-to-slug rule, then -2, -3, ... (the base
 * shortened so the whole stays within TEMPLATE_LIMITS.slugMax).
 */
async function freeSlug(trx: Db, title: string, templateId: string): Promise<string> {
  const base = templateSlugOf(title);
  const taken = await storefrontRepo(trx).slugsLike(base, templateId);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const stem = base.slice(0, TEMPLATE_LIMITS.slugMax - suffix.length).replace(/-+$/g, '') || 'template';
    const candidate = `${stem}${suffix}`;
    // A shortened stem has candidates the first query did not read.
    if (stem !== base ? !(await storefrontRepo(trx).slugsLike(candidate, templateId)).has(candidate) : !taken.has(candidate)) return candidate;
  }
}

/**
 * Lists (or relists) the approved version of request `requestId`: the listing row whose id is the
 * request's, from the request's fields as submitted and the version's snapshot. The slug is given
 * once and kept (a later version's new title keeps it); the first approval's time is kept.
 * Runs on the decision's transaction only.
 */
export async function publishApproved(trx: Db, requestId: string, versionId: string, at: string): Promise<TemplateRow> {
  const repo = storefrontRepo(trx);
  const src = await repo.listingSource(requestId, versionId);
  if (!src) throw new Error(`publishApproved: no version ${versionId} of request ${requestId}`);
  if (!src.snapshot_app_id) throw new Error(`publishApproved: version ${versionId} has no snapshot app`);
  const tags = stringList(src.tags);
  const existing = await repo.byId(requestId);
  // The seller's name as people know them: the workspace owner's name (else the workspace's).
  const seller = (src.owner_name ?? '').trim() || (src.workspace_name ?? '').trim() || 'Unknown seller';
  const fields = {
    workspace_id: src.workspace_id,
    seller_name: seller.slice(0, 200),
    kind: src.app_kind === 'board' ? 'board' : 'multipage',
    title: src.title,
    summary: src.summary,
    tags: JSON.stringify(tags),
    description: cleanDescription(src.description),
    category: src.category,
    price_cents: Number(src.price_cents),
    is_free: Number(src.is_free) ? 1 : 0,
    thumbnail: src.thumbnail,
    thumbnail_bg_color: src.thumbnail_bg_color,
    additional_images: JSON.stringify(stringList(src.additional_images)),
    search_text: searchTextOf({ title: src.title, summary: src.summary, tags, category: src.category }),
    version_id: src.version_id,
    version_number: Number(src.version_number),
    snapshot_app_id: src.snapshot_app_id,
    updated_at: at,
  };
  if (existing) {
    await repo.update(requestId, fields);
    return { ...existing, ...fields };
  }
  const row: TemplateRow = { id: requestId, slug: await freeSlug(trx, src.title, requestId), published_at: at, ...fields };
  await repo.insert(row);
  return row;
}

/** `/{subdomain}?preview=true&template_id={id}` (the contract's preview path). */
export function previewUrl(t: { id: string; subdomain: string }): string {
  return `/${encodeURIComponent(t.subdomain)}?${new URLSearchParams({ preview: 'true', template_id: t.id }).toString()}`;
}

function summaryOf(r: ListedRow, purchased: boolean): TemplateSummary {
  const isFree = Number(r.is_free) === 1;
  return {
    id: r.id,
    name: r.title,
    slug: r.slug,
    subdomain: r.subdomain,
    is_free: isFree,
    isPurchased: !isFree && purchased,
    summary: r.summary,
    category: r.category,
    tags: stringList(r.tags),
    price: isFree ? 0 : Number(r.price_cents) / 100,
    thumbnail: r.thumbnail,
    thumbnail_bg_color: r.thumbnail_bg_color,
    kind: r.kind === 'board' ? 'board' : 'multipage',
    seller_name: r.seller_name,
    published_at: r.published_at,
    preview_url: previewUrl(r),
  };
}

/** One page of the listing with the total; isPurchased for the signed-in owner account (one query a page). */
export async function listTemplates(ctx: ServerContext, caller: Caller, query: ListQuery): Promise<TemplateListResponse> {
  const repo = storefrontRepo(ctx.db);
  const q = query.q?.trim().toLowerCase() || null;
  const filter = { q, category: query.category ?? null, price: query.price, kind: query.kind };
  const size = TEMPLATE_LIMITS.pageSize;
  const [rows, total] = await Promise.all([repo.page(filter, query.sort, (query.page - 1) * size, size), repo.count(filter)]);
  const user = caller.user;
  const paidIds = rows.filter((r) => Number(r.is_free) !== 1).map((r) => r.id);
  const paid = user && paidIds.length ? await purchasesRepo(ctx.db).paidAmong(user.id, paidIds) : new Set<string>();
  return { templates: rows.map((r) => summaryOf(r, paid.has(r.id))), total, page: query.page, page_size: size };
}

/**
 * A listed template by §4's keys, in this order: its id, its slug, its version's subdomain, or a
 * name whose normalised form is its slug. null when none matches.
 */
export async function findTemplate(ctx: ServerContext, key: string): Promise<ListedRow | null> {
  const repo = storefrontRepo(ctx.db);
  const raw = key.trim();
  if (!raw) return null;
  const normalised = normalisedTemplateName(raw);
  // A key with no letters or digits normalises to the rule's fallback ('template'), which is no name.
  const named = slugify(raw).replace(/-/g, '') !== '';
  return (
    (await repo.findBy('id', raw)) ??
    (await repo.findBy('slug', raw)) ??
    (await repo.findBy('subdomain', raw.toLowerCase())) ??
    (named && normalised !== raw ? await repo.findBy('slug', normalised) : undefined) ??
    null
  );
}

/** The detail page's template, with the signed-in visitor's rights (404 'Template not found in marketplace'). */
export async function templateDetail(ctx: ServerContext, caller: Caller, key: string): Promise<TemplateDetail> {
  const row = await findTemplate(ctx, key);
  if (!row) throw notFound(TEMPLATE_MESSAGES.notFound);
  const user = caller.user;
  const isFree = Number(row.is_free) === 1;
  let own = false;
  let paid = false;
  let purchaseStatus: PurchaseStatus | null = null;
  if (user) {
    own = await callerEdits(ctx, caller, row.workspace_id);
    paid = !isFree && (await purchasesRepo(ctx.db).hasPaid(user.id, row.id));
    purchaseStatus = await storefrontRepo(ctx.db).latestPurchase(user.id, row.id);
  }
  return {
    ...summaryOf(row, paid),
    // Cleaned when stored, and again now: a rule tightened since also covers what was stored.
    description: cleanDescription(row.description),
    additional_images: stringList(row.additional_images),
    version_number: Number(row.version_number),
    updated_at: row.updated_at,
    own,
    can_clone: !!user && (isFree || paid || own),
    purchase_status: purchaseStatus,
  };
}
