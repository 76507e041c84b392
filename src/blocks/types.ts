import type { BlockRecord } from '../shared/settings/types';
import type { ViewerRole } from './audience';
import type { ChartSeries } from './chart/aggregate';
import type { GeoPoint } from '../shared/api/geo';

export type ViewMode = 'view' | 'edit';

/** What the renderer hands to a block view. Views never fetch: the renderer loads the rows. */
export interface SheetQuery {
  limit?: number;
  offset?: number;
  sort?: string;
  dir?: 'asc' | 'desc';
  q?: string;
}

export interface BlockData {
  rows: Record<string, unknown>[];
  columns: string[];
  /** Rows matching the current query (for server-side pagination). */
  total: number;
  loading: boolean;
  error: string | null;
  /** Rows of other sheets named by the block's `datasource` settings, by sheet title. */
  sheets: Record<string, Record<string, unknown>[]>;
  /** Present when the renderer pages on the server: the view asks for another slice with it. */
  query?: SheetQuery;
  setQuery?: (q: SheetQuery) => void;
  /** Fetches every matching row (used by CSV download), independent of the current page. */
  fetchAll?: () => Promise<{ rows: Record<string, unknown>[]; columns: string[] }>;
  /** Who is looking. Views hide what the audience settings refuse; the server enforces them. */
  viewer: Viewer;
  /** Row writes through the server's one write path; absent when the block has no sheet yet. */
  write?: RowWrites;
  /** Opens a page of the app (toolbar `open_page`, item `open_detail_page`), with a row for detail pages. */
  openPage?: (slug: string, rowId?: string) => void;
  /** Data mode 'aggregate' (chart) only: the sheet grouped on the server. */
  chart?: BlockChart;
  /** Map blocks only: where the rows are (geocoded on the server) and the map's tile settings. */
  geo?: BlockGeo;
  /** The app around the block (multipage apps; boards have one page): pages, navigation, breadcrumbs. */
  app?: AppNav;
  /** The board's (or page's) palette (board settings): colours for blocks that keep their default ones (charts). */
  palette?: string[];
  /** Comments blocks only: one page of the block's comments and how to post (src/web/viewer/block-comments.ts). */
  comments?: BlockComments;
  /** App-user blocks only (login, register, forgot_password, auth): the app's own sign-in (src/web/viewer/app-auth.ts). */
  appAuth?: AppAuth;
}

/** An app user signed in to this app (GET /api/app-auth/me), not a Sheetboard owner. */
export interface AppAuthUser {
  id: string;
  name: string;
  email: string;
  permissions: 'read' | 'read-write';
}

/**
 * Sign-in of app users (POST /api/app-auth/*), for the login, register, forgot-password and auth
 * blocks. Every promise rejects with the server's message (ApiError: `.status`, `.issues` naming
 * name / email / password for a 400). After login, register, a new password and sign-out the board
 * and its pages are loaded again (the app shows what this user may see) and the app opens its home
 * page.
 */
export interface AppAuth {
  /** The signed-in app user, or null. */
  user: AppAuthUser | null;
  /** True until the first answer of /me. */
  loading: boolean;
  /** False in template previews (`?preview=true`): forms show but send nothing. The editor passes mode 'edit'. */
  live: boolean;
  /** A one-time link's `?token=`: a password reset (/reset-password) or an invitation (/accept-invitation). */
  token: { value: string; purpose: 'reset' | 'invitation' } | null;
  login(email: string, password: string): Promise<void>;
  register(name: string, email: string, password: string): Promise<void>;
  /** Resolves whether or not the address is a user (the server always answers {ok: true}). */
  forgotPassword(email: string): Promise<void>;
  resetPassword(token: string, password: string): Promise<void>;
  acceptInvitation(token: string, password: string): Promise<void>;
  signOut(): Promise<void>;
}

/** A comments block's comments, newest first, one page at a time (GET/POST /api/blocks/{id}/comments). */
export interface BlockComments {
  comments: { id: string; author: string; body: string; created_at: string }[];
  total: number;
  offset: number;
  limit: number;
  loading: boolean;
  error: string | null;
  /** False for unsaved blocks (editor previews): nothing can be loaded or posted yet. */
  ready: boolean;
  setOffset: (offset: number) => void;
  /** Rejects with the server's message (ApiError `.issues` name `body` / `author`). */
  post: (input: { body: string; author?: string }) => Promise<void>;
  /** Present for the app's owner. */
  remove?: (id: string) => Promise<void>;
}

/** A page of the app as navigation sees it. */
export interface NavPage {
  id: string;
  name: string;
  /** '' or the home page's slug for the home page. */
  slug: string;
  page_type: string;
  is_auth: boolean;
  is_public: boolean;
  /** A detail page (shows the row its address names): opened from a list, not from the menu. */
  is_details?: boolean;
}

export interface Breadcrumb {
  name: string;
  /** The path with its query, as navigated (e.g. '/products', '/item?row=12'). */
  path: string;
}

/**
 * The app a block lives in (blocks-and-data §4 navigation history and breadcrumbs). The viewer
 * owns the history; header and item-details blocks only read it and call these functions.
 */
export interface AppNav {
  appId: string;
  /** App name (first label of the host, shell §5) or the app's own name. */
  appName: string;
  pages: NavPage[];
  /** The page on screen. */
  currentPage: NavPage | null;
  /** `row` of the address (`?row={_id}`): the row an item-details page shows. */
  rowId: string | null;
  breadcrumbs: Breadcrumb[];
  /** Opens a page by slug ('' = home). Header navigation passes `reset` (history and breadcrumbs restart). */
  goTo(slug: string, options?: { rowId?: string; reset?: boolean }): void;
  /** Breadcrumb click: history is cut back to that entry. */
  goToBreadcrumb(index: number): void;
  /** The address of a page (for real links: open in new tab, copy). */
  hrefOf(slug: string, rowId?: string): string;
  /** Who is signed in to this app, if anyone (header user menu). */
  user: { name: string; email: string } | null;
  signOut?: () => void;
}

/** The map's data: points by row `_id` (GET …/geo) and the tile settings (GET /api/getENV/MAP_*). */
export interface BlockGeo {
  points: GeoPoint[];
  /** Rows whose address is still being looked up (the renderer asks again until none are). */
  pending: number;
  notFound: number;
  failed: number;
  /** The sheet has more rows than a map places. */
  limited: boolean;
  loading: boolean;
  error: string | null;
  /** Null until the settings have loaded. */
  tiles: MapTiles | null;
}

export interface MapTiles {
  /** Leaflet URL template ({z}/{x}/{y}, {s}, {r}, {accessToken}). */
  url: string;
  /** Credit line (HTML from the operator's MAP_ATTRIBUTION). */
  attribution: string;
  accessToken: string;
}

/** A chart's rows grouped on the server (GET …/chart) into at most `points` values per series. */
export interface BlockChart {
  /** Null until the first answer (or while the chart has no x axis or column). */
  series: ChartSeries | null;
  loading: boolean;
  error: string | null;
  /** The points asked for; 0 until the view has reported its width. */
  points: number;
  /** The view asks for pointsFor(its width); nothing is fetched before the first call. */
  setPoints: (points: number) => void;
}

export interface Viewer {
  role: ViewerRole;
  /** The signed-in e-mail (form default token `user_email`), null for anonymous visitors. */
  email: string | null;
}

/** A row as the server sends it: its columns plus `_id` and `_version`. */
export type SheetRow = Record<string, unknown> & { _id?: string; _version?: number };

export interface UploadedFile {
  id: string;
  url: string;
  name: string;
  type: string;
  size: number;
}

/**
 * Writes of the block's sheet (`sheet_title`), named by the block so the server can check the
 * block's audience settings. Every promise rejects with an Error whose message is the server's
 * (ApiError: `.status` 409 for a stale version, `.issues` naming fields for a 400). Successful
 * writes refresh every view of that sheet.
 */
export interface RowWrites {
  add(values: Record<string, unknown>): Promise<SheetRow>;
  /** Changes only the given columns; `version` is the `_version` the user saw. */
  update(rowId: string, values: Record<string, unknown>, version: number): Promise<SheetRow>;
  remove(rowId: string): Promise<void>;
  /** Server-side actions (API call, Duplicate row, Delete row, Compose Email) by their index in `actions`. */
  runAction(index: number, rowId: string): Promise<{ ok: boolean; message: string }>;
  /** Uploads a file for a form's file field; `accept` is the field's file_mime_type. */
  upload(file: File, accept?: string): Promise<UploadedFile>;
}

export interface BlockViewProps {
  config: BlockRecord;
  rows: Record<string, unknown>[];
  columns: string[];
  mode: ViewMode;
  data: BlockData;
}
