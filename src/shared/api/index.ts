// zod schemas of every HTTP request and response. The server validates with them; the web
// client types its calls with the inferred types. Field names are the spec's.
import { z } from 'zod';
import type { Filter } from '../filters/conditions';
import { boardFilterProblems, filterSchema } from '../filters/schema';

export const ErrorResponse = z.object({
  message: z.string(),
  code: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

// ---------- auth ----------
export const PublicUser = z.object({ _id: z.string(), name: z.string(), email: z.string() });
export type PublicUser = z.infer<typeof PublicUser>;

export const SignupBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  email: z.string().trim().toLowerCase().email('Please enter a valid email address'),
  password: z.string().min(8, 'Password must be at least 8 characters').max(200),
});
export const LoginBody = z.object({
  email: z.string().trim().toLowerCase().min(1, 'Email is required'),
  password: z.string().min(1, 'Password is required'),
});
export const TokenLoginBody = z.object({ token: z.string().min(1, 'Token is required') });
export const MagicLinkBody = z.object({
  email: z.string().trim().toLowerCase().email('Please enter a valid email address'),
});
export const UserResponse = z.object({ user: PublicUser });
export const TokenResponse = z.object({ token: z.string() });

export const WorkspaceResponse = z.object({ is_free_plan: z.boolean() });

// ---------- spreadsheets ----------
export const SheetSummary = z.object({
  title: z.string(),
  columns: z.array(z.string()),
  row_count: z.number().int().optional(),
});
export type SheetSummary = z.infer<typeof SheetSummary>;

export const Spreadsheet = z.object({
  id: z.string(),
  title: z.string(),
  sheets: z.array(SheetSummary),
  created_at: z.string().optional(),
});
export type Spreadsheet = z.infer<typeof Spreadsheet>;

const CellValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const JsonSpreadsheetBody = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200),
  sheets: z
    .array(
      z.object({
        title: z.string().trim().min(1, 'Sheet title is required').max(100),
        columns: z.array(z.string().trim().min(1, 'Column names cannot be empty')).min(1, 'A sheet needs at least one column'),
        rows: z.array(z.record(z.string(), CellValue)),
      }),
    )
    .min(1, 'A spreadsheet needs at least one sheet'),
});
export type JsonSpreadsheetBody = z.infer<typeof JsonSpreadsheetBody>;

export const SpreadsheetResponse = z.object({ spreadsheet: Spreadsheet });
export const SpreadsheetsResponse = z.object({ spreadsheets: z.array(Spreadsheet) });

/** Query of `GET /api/board/{spreadsheetId}/sheet/{sheetTitle}`. */
export const SheetDataQuery = z.object({
  board: z.string().optional(),
  referer: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(100000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
  /** Column to sort by; prefix with `-` for descending (or use `dir`). */
  sort: z.string().optional(),
  dir: z.enum(['asc', 'desc']).optional(),
  /** Search: split on commas, any term matches, case-insensitive (spec §9). */
  q: z.string().optional(),
  /** Comma-separated list of columns to return (default: all). */
  fields: z.string().optional(),
  /**
   * Board filters: a JSON array of the spec's Filter entity `{name, active, condition,
   * sheet_column: {sheet, column}, value}`; the active ones for this sheet apply before search.
   */
  filters: z.string().optional(),
  nocache: z.string().optional(),
});
export type SheetDataQuery = z.infer<typeof SheetDataQuery>;

export const SheetDataResponse = z.object({
  rows: z.array(z.record(z.string(), z.unknown())),
  columns: z.array(z.string()),
  /** Rows matching the filters and the search, before limit/offset. */
  total: z.number().int(),
});
export type SheetDataResponse = z.infer<typeof SheetDataResponse>;

// ---------- row writes (POST/PUT/DELETE /api/board/{spreadsheetId}/sheet/{sheetTitle}/rows) ----------
/** A value written to a cell: text, a number, or a list (multi-select, stored joined with ', '). */
export const RowValue = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]);
export const RowValues = z.record(z.string(), RowValue);

/** `board` and `blockId` may also come in the query string (the web layer puts `board` there). */
export const RowWriteQuery = z.object({
  board: z.string().optional(),
  referer: z.string().optional(),
  app: z.string().optional(),
  blockId: z.string().optional(),
});
export type RowWriteQuery = z.infer<typeof RowWriteQuery>;

export const AddRowBody = z.object({
  board: z.string().optional(),
  blockId: z.string().optional(),
  values: RowValues,
});
export type AddRowBody = z.infer<typeof AddRowBody>;

export const UpdateRowBody = AddRowBody.extend({
  /** The `_version` the row had when it was read; another write since then → 409. */
  _version: z.number().int().min(1),
});
export type UpdateRowBody = z.infer<typeof UpdateRowBody>;

/** A sheet row on the wire: its values plus `_id` (stable, unique in the sheet) and `_version`. */
export const SheetRow = z.looseObject({ _id: z.string(), _version: z.number().int() });
export type SheetRow = z.infer<typeof SheetRow>;
export const RowResponse = z.object({ row: SheetRow });
export type RowResponse = z.infer<typeof RowResponse>;

// ---------- apps, pages, blocks ----------
export const AppKind = z.enum(['board', 'multipage']);
export const SignInMethod = z.enum(['No sign in', 'Use password set by user']);

export const App = z.object({
  id: z.string(),
  name: z.string(),
  subdomain: z.string(),
  kind: AppKind,
  public: z.boolean(),
  sign_in_method: z.string(),
  spreadsheetId: z.string().nullable(),
  created_at: z.string().optional(),
  /** The app's public address (its own host, or a custom host name that then serves the app). */
  publishUrl: z.string().optional(),
  /** GET /api/apps: true for an app of another owner's workspace the caller edits (a workspace editor). */
  shared: z.boolean().optional(),
  /** With `shared`: the name of the workspace's owner. */
  owner_name: z.string().optional(),
});
export type App = z.infer<typeof App>;

/** POST /api/app/app-info: the app named by the first label of the host name (shell §5). */
export const AppInfoBody = z.object({ appName: z.string().trim().min(1, 'Unable to determine app name').max(63) });

export const CreateAppBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100),
  subdomain: z.string().trim().optional(),
  kind: AppKind.default('board'),
  spreadsheetId: z.string().nullable().optional(),
});
export const AppResponse = z.object({ app: App });
export const AppsResponse = z.object({ apps: z.array(App) });

export const BlockRecordSchema = z
  .object({
    id: z.string(),
    type: z.string(),
    section: z.string(),
    sheet_title: z.string(),
    axis: z.array(z.record(z.string(), z.unknown())),
    actions: z.array(z.record(z.string(), z.unknown())),
    full_width: z.boolean(),
  })
  .catchall(z.unknown());

export const Page = z.object({
  page_id: z.string(),
  page_slug: z.string(),
  page_name: z.string(),
  page_type: z.string(),
  is_auth: z.boolean(),
  is_public: z.boolean(),
  app_id: z.string(),
  blocks: z.array(BlockRecordSchema),
  /** Page colours (blocks-and-data §3 "Page state"); absent when the page follows the app's colours. */
  page_background: z.string().optional(),
  block_border: z.string().optional(),
  block_shadow: z.string().optional(),
});
export type Page = z.infer<typeof Page>;

export const PagesResponse = z.object({ pages: z.array(Page) });
export const PageResponse = z.object({ page: Page });
export const CreatePageBody = z.object({
  appId: z.string().min(1),
  page_name: z.string().trim().min(1, 'Page name is required').max(100),
  page_slug: z.string().trim().optional(),
});
/** `PUT /api/pages/{id}`: rename. The slug follows the name (home keeps its slug) unless one is given. */
export const UpdatePageBody = z.object({
  page_name: z.string().trim().min(1, 'Page name is required').max(100),
  page_slug: z.string().trim().optional(),
});
/** `PUT /api/apps/{appId}/pages/order`: every page id of the app once, the home page first. */
export const PageOrderBody = z.object({ order: z.array(z.string()).min(1) });

/** `POST /api/blocks`: the block's settings travel as top-level keys beside pageId and type. */
export const CreateBlockBody = z.object({ pageId: z.string().min(1), type: z.string().min(1) }).catchall(z.unknown());
export const UpdateBlockBody = z.object({}).catchall(z.unknown());
export const BlockResponse = z.object({ block: BlockRecordSchema });
export const BlockOrderBody = z.object({ order: z.array(z.string()).min(1) });

export const CatalogueEntry = z.object({
  type: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  icon: z.string(),
});
export const CatalogueResponse = z.object({ blocks: z.array(CatalogueEntry) });

/** `POST /api/board/update-metadata` and `/api/page/update-metadata`. */
export const MetadataQuery = z.object({ board: z.string().optional(), referer: z.string().optional() });

// ---------- board and page settings (state fields stored on the server) ----------
const Colour = z
  .string()
  .max(100)
  .regex(/^(#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})|(?:rgba?|hsla?)\([\d.%\s,/]+\)|[a-zA-Z]{3,20}|)$/, 'Must be a colour such as #4f46e5');
const FooterFields = z
  .object({ logo: z.string().max(2000).optional(), socialMediaIcons: z.array(z.unknown()).max(20).optional(), copyrightText: z.string().max(500).optional() })
  .strict();

/**
 * The board's filters (spec Filter entity). Checked as a whole by boardFilterProblems so a refusal
 * names the filter ('Filter 'Status': ...') at `filters.<index>.<field>`; unknown keys are dropped.
 */
export const BoardFilters = z.array(z.unknown()).transform((items, ctx): Filter[] => {
  const problems = boardFilterProblems(items);
  for (const p of problems)
    ctx.addIssue({ code: 'custom', message: p.message, path: [p.index, ...(p.field ? p.field.split('.') : [])], input: items });
  return problems.length > 0 ? z.NEVER : items.map((item) => filterSchema.parse(item));
});

/** Board state fields an owner may save (blocks-and-data §3 "Board state"). Unknown keys are dropped. */
export const BoardSettings = z.object({
  title: z.string().max(200).optional(),
  hide_filters: z.boolean().optional(),
  filters: BoardFilters.optional(),
  hide_hero: z.boolean().optional(),
  hide_search: z.boolean().optional(),
  hero: z.string().max(5000).optional(),
  logo: z.string().max(2000).optional(),
  hero_image: z.string().max(2000).optional(),
  palette: z.union([z.string().max(200), z.array(Colour).max(20)]).optional(),
  nav_background: Colour.optional(),
  hero_background: Colour.optional(),
  active_section_text_color: Colour.optional(),
  inactive_section_text_color: Colour.optional(),
  active_section_background_color: Colour.optional(),
  board_background: Colour.optional(),
  block_border: Colour.optional(),
  block_shadow: Colour.optional(),
  /** Comma-separated section names. */
  sections: z.string().max(2000).optional(),
  footer: FooterFields.optional(),
  event: FooterFields.optional(),
});
export type BoardSettings = z.infer<typeof BoardSettings>;

/** Page state fields an owner may save (blocks-and-data §3 "Page state"). */
export const PageSettings = z.object({
  title: z.string().max(200).optional(),
  nav_background: Colour.optional(),
  page_background: Colour.optional(),
  block_border: Colour.optional(),
  block_shadow: Colour.optional(),
  page_name: z.string().trim().min(1, 'Page name is required').max(100).optional(),
  /** Guests see a page that is not public behind an overlay, without its blocks (spec §4). */
  is_public: z.boolean().optional(),
  /** The page needs a signed-in app user (app users come with issue 5). */
  is_auth: z.boolean().optional(),
});
export type PageSettings = z.infer<typeof PageSettings>;

/** `PUT /api/apps/{id}`: any subset; board settings may travel at the top level. */
export const UpdateAppBody = BoardSettings.extend({
  name: z.string().trim().min(1, 'Name is required').max(100).optional(),
  subdomain: z.string().trim().optional(),
  spreadsheetId: z.string().nullable().optional(),
  public: z.boolean().optional(),
  sign_in_method: SignInMethod.optional(),
  publishUrl: z.string().max(500).optional(),
});
export type UpdateAppBody = z.infer<typeof UpdateAppBody>;

/** `POST /api/board/update-metadata` body (may be empty): settings to save before answering. */
export const BoardMetadataBody = BoardSettings.extend({
  name: z.string().trim().min(1, 'Name is required').max(100).optional(),
  spreadsheetId: z.string().nullable().optional(),
});
export const PageMetadataBody = PageSettings;
export const PageMetadataQuery = MetadataQuery.extend({ page: z.string().optional(), app: z.string().optional() });

/** Answer of `POST /api/board/update-metadata`: board state fields merged (blocks-and-data §3). */
export const BoardMetadataResponse = BoardSettings.required({
  title: true,
  hide_filters: true,
  filters: true,
  nav_background: true,
  hero_background: true,
  board_background: true,
  block_border: true,
  block_shadow: true,
  sections: true,
}).extend({
  id: z.string(),
  app_id: z.string(),
  name: z.string(),
  subdomain: z.string(),
  kind: AppKind,
  workspace_id: z.string(),
  public: z.boolean(),
  sign_in_method: z.string(),
  spreadsheetId: z.string().nullable(),
  sheets: z.array(SheetSummary),
  can_edit: z.boolean(),
  /** 'owner'; an app user's permission ('read', 'read-write') when one is signed in to the app; else 'guest'. */
  user_role: z.enum(['owner', 'read', 'read-write', 'guest']),
  /** The app user signed in to this app (null for the owner and anonymous visitors). */
  app_user: z.object({ id: z.string(), name: z.string(), email: z.string(), permissions: z.enum(['read', 'read-write']) }).nullable().optional(),
  /** A password app's visitor who has not signed in: no data, only its sign-in pages (issue 5). */
  needs_sign_in: z.boolean().optional(),
  /** Present only when can_edit. */
  owner_email: z.string().optional(),
  page_id: z.string().nullable(),
  page_name: z.string().nullable(),
  page_slug: z.string().nullable(),
  blocks: z.array(BlockRecordSchema),
});
export type BoardMetadataResponse = z.infer<typeof BoardMetadataResponse>;

/** Answer of `POST /api/page/update-metadata`. */
export const PageMetadataResponse = BoardMetadataResponse.pick({
  id: true,
  app_id: true,
  name: true,
  subdomain: true,
  kind: true,
  workspace_id: true,
  public: true,
  sign_in_method: true,
  spreadsheetId: true,
  sheets: true,
  can_edit: true,
  user_role: true,
  owner_email: true,
  blocks: true,
}).extend({
  title: z.string(),
  nav_background: z.string(),
  page_background: z.string(),
  block_border: z.string(),
  block_shadow: z.string(),
  page_id: z.string(),
  page_name: z.string(),
  page_slug: z.string(),
  page_type: z.string(),
  is_public: z.boolean(),
  is_auth: z.boolean(),
  pages: z.array(Page.omit({ blocks: true })),
});
export type PageMetadataResponse = z.infer<typeof PageMetadataResponse>;

// ---------- block actions and uploads ----------

/** `POST /api/blocks/{blockId}/actions/{index}/run`: the row is the table row's `_id`. */
export const RunActionBody = z.object({
  rowId: z.union([z.string().min(1).max(40), z.number().int().nonnegative()]).transform(String),
  board: z.string().max(2000).optional(),
});
export type RunActionBody = z.input<typeof RunActionBody>;
/** ok: the action did what it does (API call: a 2xx answer); message: the action's success/error message or a default. */
export const RunActionResponse = z.object({ ok: z.boolean(), message: z.string() });
export type RunActionResponse = z.infer<typeof RunActionResponse>;

/** `POST /api/uploads` (multipart: `file`, and `board` + `blockId` + `accept` as fields or query). */
export const Upload = z.object({ id: z.string(), url: z.string(), name: z.string(), type: z.string(), size: z.number() });
export type Upload = z.infer<typeof Upload>;
export const UploadResponse = z.object({ upload: Upload });
