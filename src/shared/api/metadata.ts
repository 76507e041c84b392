// `POST /api/board/update-metadata` and `/api/page/update-metadata`: what the editor and the viewer
// load to show a board or a page (the app, its sheets, blocks and state fields, the caller's role),
// optionally saving state fields first.
import { z } from 'zod';
import { ViewerQuery } from './params';
import { AppKind } from './apps';
import { BlockRecordSchema } from './blocks';
import { BoardSettings, PageSettings } from './board-settings';
import { Page } from './pages';
import { SheetSummary } from './spreadsheets';

/** `POST /api/board/update-metadata` and `/api/page/update-metadata`. */
export const MetadataQuery = ViewerQuery;

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
  /**
   * The app's own origin (`http://{subdomain}.{BASE_HOST}`) where this caller is shown it; null
   * where the base host's `/{subdomain}` is theirs (the editor, a private app, a review; APP_ORIGINS off).
   */
  app_origin: z.string().nullable().optional(),
  /** Present only when can_edit. */
  owner_email: z.string().optional(),
  /** Present only when can_edit: the sheet in Google for a spreadsheet connected from Google, else null. */
  spreadsheet_url: z.string().nullable().optional(),
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
