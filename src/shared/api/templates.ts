// Marketplace, part 2 (issue 15): browse, preview, use, clone and buy templates. Listing fields of
// shell §3 (id, name, slug, subdomain, is_free, isPurchased) plus what a listing needs to be
// useful; prices in US dollars as in the review request.
import { z } from 'zod';
import { MARKETPLACE_CATEGORIES } from '../rules/marketplace';
import { PRICE_FILTERS, TEMPLATE_KINDS, TEMPLATE_LIMITS, TEMPLATE_SORTS } from '../rules/templates';

/** One published template as listed. */
export const TemplateSummary = z.object({
  id: z.string(),
  /** The title. */
  name: z.string(),
  slug: z.string(),
  /** The approved version's app (its preview lives at `/{subdomain}?preview=true&template_id={id}`). */
  subdomain: z.string(),
  is_free: z.boolean(),
  /** The signed-in visitor has paid for it (false for free templates and for visitors). */
  isPurchased: z.boolean(),
  summary: z.string(),
  category: z.string(),
  tags: z.array(z.string()),
  /** US dollars (0 when free). */
  price: z.number(),
  thumbnail: z.string(),
  thumbnail_bg_color: z.string(),
  kind: z.enum(['board', 'multipage']),
  seller_name: z.string(),
  /** First approval. */
  published_at: z.string(),
  /** Path of the live preview on the board host: `/{subdomain}?preview=true&template_id={id}`. */
  preview_url: z.string(),
});
export type TemplateSummary = z.infer<typeof TemplateSummary>;

/**
 * GET /api/multipage/marketplace/templates?q=&category=&price=&kind=&sort=&page= → published
 * templates, newest first by default, TEMPLATE_LIMITS.pageSize a page, and the total. Anyone may
 * read it (signed in or not).
 */
export const TemplateListQuery = z.object({
  q: z.string().max(TEMPLATE_LIMITS.searchMax).optional(),
  category: z.enum(MARKETPLACE_CATEGORIES.map((c) => c.value) as [string, ...string[]]).optional(),
  price: z.enum(PRICE_FILTERS).default('all'),
  kind: z.enum(TEMPLATE_KINDS).default('all'),
  sort: z.enum(TEMPLATE_SORTS).default('newest'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
/** The query as a page sends it (every field optional). */
export type TemplateListQuery = { q?: string; category?: string; price?: (typeof PRICE_FILTERS)[number]; kind?: (typeof TEMPLATE_KINDS)[number]; sort?: (typeof TEMPLATE_SORTS)[number]; page?: number };
export const TemplateListResponse = z.object({ templates: z.array(TemplateSummary), total: z.number(), page: z.number(), page_size: z.number() });
export type TemplateListResponse = z.infer<typeof TemplateListResponse>;

/** The signed-in visitor's payment for a template, if any. */
export const PURCHASE_STATUSES = ['pending', 'paid', 'refunded', 'disputed', 'expired'] as const;
export const PurchaseStatus = z.enum(PURCHASE_STATUSES);
export type PurchaseStatus = z.infer<typeof PurchaseStatus>;

/**
 * GET /api/multipage/marketplace/templates/:key → { template }. `key` is the template's id, its
 * slug, its version's subdomain, or a name that normalises to its slug (§4's lookup); 404
 * 'Template not found in marketplace' otherwise.
 */
export const TemplateDetail = TemplateSummary.extend({
  /** Rich HTML, cleaned when stored and again when served. */
  description: z.string(),
  additional_images: z.array(z.string()),
  /** The approved version (1, 2, ...). */
  version_number: z.number(),
  /** Latest approval. */
  updated_at: z.string(),
  /** The signed-in visitor is the seller (their workspace submitted it). */
  own: z.boolean(),
  /** The signed-in visitor may clone it now: free, bought, or their own. False when not signed in. */
  can_clone: z.boolean(),
  /** The signed-in visitor's latest payment for it (null: none, or not signed in). */
  purchase_status: PurchaseStatus.nullable(),
});
export type TemplateDetail = z.infer<typeof TemplateDetail>;
export const TemplateDetailResponse = z.object({ template: TemplateDetail });
export const TemplateKeyParams = z.object({ key: z.string().min(1).max(200) });
export const TemplateIdParams = z.object({ id: z.string().min(1).max(64) });

/**
 * POST /api/multipage/marketplace/templates/:id/clone { name, with_data } → 201 { app }: the
 * approved version copied into the caller's workspace as a new app (signed-in owners only; a paid
 * template needs a paid purchase, 402 otherwise).
 */
export const CloneBody = z.object({
  name: z.string().max(1000),
  /** true: "with the sample data"; false: "structure only" (empty sheets). */
  with_data: z.boolean(),
});
export type CloneBody = z.infer<typeof CloneBody>;
export const CloneResponse = z.object({
  app: z.object({ id: z.string(), name: z.string(), subdomain: z.string(), kind: z.enum(['board', 'multipage']) }),
  /** The copy's own spreadsheet (null when the template has none). */
  spreadsheet_id: z.string().nullable(),
});
export type CloneResponse = z.infer<typeof CloneResponse>;

/**
 * POST /api/multipage/marketplace/templates/:id/checkout → { url, session_id }: a Stripe
 * Checkout Session (the price, the provider's application fee, the seller's connected account as
 * the destination). The purchase is granted only by the signed checkout.session.completed webhook.
 */
export const CheckoutResponse = z.object({ url: z.string(), session_id: z.string() });
export type CheckoutResponse = z.infer<typeof CheckoutResponse>;

/** GET /api/multipage/marketplace/purchases/:sessionId → the caller's purchase (/payment_success polls it). */
export const PurchaseParams = z.object({ sessionId: z.string().min(1).max(200) });
export const PurchaseResponse = z.object({
  purchase: z.object({
    status: PurchaseStatus,
    amount: z.number(),
    template: z.object({ id: z.string(), name: z.string(), slug: z.string(), subdomain: z.string() }).nullable(),
  }),
});
export type PurchaseResponse = z.infer<typeof PurchaseResponse>;

/**
 * GET /api/multipage/marketplace/origins → the caller's workspace's apps cloned from a template,
 * with "update available" when a newer version has been approved since (no automatic merge).
 */
export const AppOrigin = z.object({
  app_id: z.string(),
  template_id: z.string(),
  /** Null when the template has left the marketplace. */
  template_name: z.string().nullable(),
  template_slug: z.string().nullable(),
  version_number: z.number(),
  latest_version_number: z.number().nullable(),
  update_available: z.boolean(),
  /** An update was applied to the app and can be undone (GET …/template-update names the snapshot). */
  can_restore: z.boolean(),
});
export type AppOrigin = z.infer<typeof AppOrigin>;
export const AppOriginsResponse = z.object({ origins: z.array(AppOrigin) });

// ---- Binding a cloned app to the buyer's own spreadsheet (column mapping) ----

export const MappingColumn = z.object({ name: z.string(), type: z.string() });

/**
 * GET /api/apps/:appId/column-mapping?spreadsheet_id= → what the app's blocks use (each sheet and
 * column, with the blocks that use it) and, with spreadsheet_id, that spreadsheet's sheets and a
 * suggested mapping (by name, then by type). Owners and editors of the app's workspace only.
 */
export const MappingQuery = z.object({ spreadsheet_id: z.string().min(1).max(64).optional() });
export const MappingPlan = z.object({
  used: z.array(
    z.object({
      sheet: z.string(),
      columns: z.array(
        MappingColumn.extend({
          blocks: z.array(z.string()),
          /**
           * The blocks that name this column (block_id '' is the board's filters): each is broken
           * when the column is left unmapped and the chosen sheet has no column of that name. A
           * block showing every column of its sheet names none and is not listed.
           */
          named_by: z.array(z.object({ block_id: z.string(), block: z.string() })),
        }),
      ),
    }),
  ),
  target: z
    .object({
      spreadsheet_id: z.string(),
      title: z.string(),
      sheets: z.array(z.object({ title: z.string(), columns: z.array(MappingColumn) })),
    })
    .nullable(),
  /** One entry per used sheet: the target sheet guessed (null: none fits) and each column's guess. */
  suggestion: z.array(z.object({ from: z.string(), to: z.string().nullable(), columns: z.record(z.string(), z.string().nullable()) })),
});
export type MappingPlan = z.infer<typeof MappingPlan>;

/** What happens to a block whose column is left unmapped: the column is taken out of it, or the block is removed. */
export const MAPPING_CHOICES = ['drop', 'remove'] as const;

/**
 * POST /api/apps/:appId/column-mapping { spreadsheet_id, sheets, choices? } → { app_id, blocks,
 * removed }: the app now reads `spreadsheet_id`; every block reference to a mapped sheet or column
 * is rewritten. A column mapped to null keeps its name; when the chosen sheet has no column of
 * that name the blocks naming it would break, so the mapping is refused (400, in words) unless
 * `choices` says, for each such block and column (the template's sheet and column names), whether
 * to drop the column from the block (its axis, field, action, filter or reference) or remove the
 * block. block_id '' is the board's filters (dropped either way).
 */
export const MappingChoice = z.object({
  block_id: z.string().max(64),
  sheet: z.string().max(200),
  column: z.string().max(500),
  choice: z.enum(MAPPING_CHOICES),
});
export type MappingChoice = z.infer<typeof MappingChoice>;
export const MappingBody = z.object({
  spreadsheet_id: z.string().min(1).max(64),
  sheets: z
    .array(z.object({ from: z.string().max(200), to: z.string().max(200), columns: z.record(z.string().max(500), z.string().max(500).nullable()) }))
    .max(200),
  choices: z.array(MappingChoice).max(2000).optional(),
});
export type MappingBody = z.infer<typeof MappingBody>;
export const MappingResponse = z.object({ app_id: z.string(), spreadsheet_id: z.string(), blocks: z.number(), removed: z.number() });

// ---- Updates of a cloned template (issue 33 §2) ----

/** One thing the template's new version changed, in words ("Added the page 'Stats'"). */
export const TemplateUpdateChange = z.object({ kind: z.enum(['added', 'changed', 'removed']), item: z.enum(['app', 'page', 'block']), text: z.string() });
/** Something both the buyer and the template changed: the buyer keeps theirs ('mine') or takes the template's ('theirs'). */
export const TemplateUpdateConflict = z.object({ id: z.string(), text: z.string(), mine: z.string(), theirs: z.string() });

/**
 * GET /api/apps/:appId/template-update → whether a newer approved version of the app's template
 * is out, what it changes, where the buyer's own changes meet the template's, and the version the
 * app can go back to (the one before the last update applied).
 */
export const TemplateUpdatePreview = z.object({
  available: z.boolean(),
  template_name: z.string().nullable(),
  /** The version the app has (null: the app was not made from a template). */
  version_number: z.number().nullable(),
  latest_version_number: z.number().nullable(),
  changes: z.array(TemplateUpdateChange),
  conflicts: z.array(TemplateUpdateConflict),
  restore: z.object({ snapshot_id: z.string(), version_number: z.number(), created_at: z.string() }).nullable(),
});
export type TemplateUpdatePreview = z.infer<typeof TemplateUpdatePreview>;

/** POST /api/apps/:appId/template-update { version_number, resolutions } → the update merged into the app. */
export const TemplateUpdateBody = z.object({
    /** The version the buyer looked at (409 when a newer one came out meanwhile). */
    version_number: z.number().int().min(1),
    resolutions: z.record(z.string().max(200), z.enum(['mine', 'theirs'])).default({}),
  });
export type TemplateUpdateBody = z.infer<typeof TemplateUpdateBody>;
export const TemplateUpdateResponse = z.object({ version_number: z.number(), snapshot_id: z.string(), changes: z.number() });

/** POST /api/apps/:appId/template-update/restore { snapshot_id } → the app as it was before that update. */
export const TemplateRestoreBody = z.object({ snapshot_id: z.string().min(1).max(64) });
export const TemplateRestoreResponse = z.object({ version_number: z.number() });
