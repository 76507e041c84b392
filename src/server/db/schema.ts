import type { Generated, InsertType, SelectType } from 'kysely';

// Column types of every table. Booleans are stored as integers 0/1 and JSON as text on both
// databases, so one set of queries serves SQLite and PostgreSQL; repos convert at the edge.
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  password_hash: string | null;
  created_at: string;
  /** When the address was proved (issue 18); null: the owner may build but not publish. */
  email_verified_at?: string | null;
  /** The workspace the dashboard shows (migration 0023); checked on every use (workspace/current.ts). */
  current_workspace_id: Generated<string | null>;
}

export interface SessionsTable {
  /** sha256 of the cookie token: a leaked table does not leak sessions. */
  id: string;
  user_id: string;
  expires_at: string;
  created_at: string;
  /** The browser's User-Agent at sign-in (issue 18, the sessions list). */
  user_agent?: string | null;
  last_seen_at?: string | null;
}

/** One-time e-mailed links of owner accounts (issue 18): password reset, address verification and change. */
export interface AccountTokensTable {
  id: string;
  user_id: string;
  purpose: 'reset' | 'verify' | 'email';
  email: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface LoginTokensTable {
  id: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface WorkspacesTable {
  id: string;
  owner_id: string;
  name: string;
  is_free_plan: number;
  created_at: string;
}

export interface SpreadsheetsTable {
  id: string;
  workspace_id: string;
  title: string;
  source: string;
  created_at: string;
}

export interface SheetsTable {
  id: string;
  spreadsheet_id: string;
  title: string;
  position: number;
  /** JSON array of column names. */
  columns: string;
  /** JSON object {column: type} (shared/rows/column-types.ts); a column without one is guessed. */
  column_types: Generated<string>;
  row_count: number;
  /** Bumped on every change of rows or columns; the sheet cache keys on it. */
  version: number;
  updated_at: string;
  /** The row_index the next appended row gets (row indexes are stable ids, never reused). */
  next_row_index: number;
}

export interface SheetRowsTable {
  sheet_id: string;
  /** Stable id of the row in its sheet (`_id` on the wire); order of rows in the sheet. */
  row_index: number;
  /** JSON object {column: value}. */
  data: string;
  /** 1 when written, +1 per update (`_version` on the wire); a stale one makes an edit 409. */
  version: Generated<number>;
}

export interface AppsTable {
  id: string;
  workspace_id: string;
  name: string;
  subdomain: string;
  kind: string;
  public: number;
  sign_in_method: string;
  spreadsheet_id: string | null;
  /** JSON object of the board state fields (title, colours, sections, ...). */
  settings: string;
  /** The Publish URL of the privacy settings, as the owner typed it (null: the app's own host). */
  publish_url: string | null;
  /** The publish URL's host name when it is not ours: once verified, requests with that Host serve this app. */
  custom_host: string | null;
  /** What the owner puts in the TXT record `_sheetboard.{custom_host}` to prove the domain is theirs. */
  custom_host_token: string | null;
  /** When custom_host was proved (null: claimed, not serving). */
  custom_host_verified_at: string | null;
  /** JSON {rules, hidden} (shared/api/row-rules.ts): who reads and changes which rows; '{}' none. */
  row_rules: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface PagesTable {
  id: string;
  app_id: string;
  page_name: string;
  page_slug: string;
  page_type: string;
  is_auth: number;
  is_public: number;
  position: number;
  settings: string;
  created_at: string;
  /** The seller's page this one descends from through copies (0027); null: made here. */
  origin_key: string | null;
}

export interface BlocksTable {
  id: string;
  page_id: string;
  position: number;
  type: string;
  /** JSON of the block record without id and type. */
  config: string;
  created_at: string;
  updated_at: string;
  /** The seller's block this one descends from through copies (0027); null: made here. */
  origin_key: string | null;
}

/** Uploaded files; the bytes are at DATA_DIR/uploads/{id}. `type` is detected from the bytes. */
export interface UploadsTable {
  id: string;
  workspace_id: string;
  name: string;
  type: string;
  size: number;
  created_at: string;
  /** The app the file was uploaded for (reading it follows that app's privacy); null outside any app. */
  app_id: string | null;
  /** When a row saved through the rows service first named the file (null: none yet). */
  attached_at: string | null;
  /** 1: uploaded by someone who does not edit the workspace; swept when no saved row names it in time. */
  from_visitor: number;
}

/** Comments of comments blocks; `author` is the signed-in user's name or the name a visitor gave. */
export interface CommentsTable {
  id: string;
  block_id: string;
  user_id: string | null;
  author: string;
  body: string;
  created_at: string;
}

export interface GeocodeCacheTable {
  /** The normalised address (modules/geocode/places.ts addressKey). */
  address: string;
  lat: number | null;
  lng: number | null;
  status: 'found' | 'not_found' | 'error';
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_tokens: LoginTokensTable;
  account_tokens: AccountTokensTable;
  workspaces: WorkspacesTable;
  spreadsheets: SpreadsheetsTable;
  sheets: SheetsTable;
  sheet_rows: SheetRowsTable;
  apps: AppsTable;
  pages: PagesTable;
  blocks: BlocksTable;
  uploads: UploadsTable;
  geocode_cache: GeocodeCacheTable;
  comments: CommentsTable;
  app_users: AppUsersTable;
  app_user_sessions: AppUserSessionsTable;
  app_user_tokens: AppUserTokensTable;
  workspace_editors: WorkspaceEditorsTable;
  admins: AdminsTable;
  admin_sessions: AdminSessionsTable;
  review_requests: ReviewRequestsTable;
  template_versions: TemplateVersionsTable;
  review_decisions: ReviewDecisionsTable;
  stripe_accounts: StripeAccountsTable;
  stripe_events: StripeEventsTable;
  marketplace_templates: MarketplaceTemplatesTable;
  template_purchases: TemplatePurchasesTable;
  app_origins: AppOriginsTable;
  app_update_snapshots: AppUpdateSnapshotsTable;
  google_connections: GoogleConnectionsTable;
  google_oauth_states: GoogleOauthStatesTable;
  google_sources: GoogleSourcesTable;
  google_tabs: GoogleTabsTable;
  google_outbox: GoogleOutboxTable;
  google_rows: GoogleRowsTable;
  google_conflicts: GoogleConflictsTable;
  blog_admins: BlogAdminsTable;
  blog_admin_sessions: BlogAdminSessionsTable;
  blog_invitations: BlogInvitationsTable;
  blog_categories: BlogCategoriesTable;
  blog_media: BlogMediaTable;
  blog_posts: BlogPostsTable;
  api_tokens: ApiTokensTable;
  jobs: JobsTable;
  billing_customers: BillingCustomersTable;
  billing_subscriptions: BillingSubscriptionsTable;
  lifetime_codes: LifetimeCodesTable;
  rate_counters: RateCountersTable;
}

/** A rate limit's count of one key in its window (0024, cluster/counters.ts). */
export interface RateCountersTable {
  /** The limiter's name (unique per server: cluster/counters.ts refuses a second one). */
  name: string;
  key: string;
  hits: number;
  /** End of the window, epoch milliseconds (PostgreSQL's bigint arrives as a string). */
  expires_at: number | string;
}

/** An operation in progress, or one a stopped server interrupted (migration 0025, modules/jobs). */
export interface JobsTable {
  id: string;
  kind: string;
  user_id: string | null;
  message: string | null;
  spreadsheet_id: string | null;
  /** JSON array of storage keys. */
  files: Generated<string>;
  /** 'running' | 'interrupted'. */
  state: string;
  /** Epoch milliseconds (PostgreSQL's bigint arrives as a string). */
  lease_until: number | string;
  created_at: string;
}

/** An owner account's personal API token (issue 18, migration 0022). */
export interface ApiTokensTable {
  id: string;
  user_id: string;
  name: string;
  /** 'read' | 'read-write'. */
  scope: string;
  /** sha256 (hex) of the token: the token itself is shown once and never stored. */
  token_hash: string;
  /** The token's first characters, to tell tokens apart in the list. */
  prefix: string;
  created_at: string;
  last_used_at: string | null;
}

/** The provider's staff (issue 14): not owners; their own sign-in and session. */
export interface AdminsTable {
  id: string;
  name: string;
  /** Lower-case. */
  email: string;
  password_hash: string;
  created_at: string;
}

export interface AdminSessionsTable {
  /** sha256 of the `sb_admin` cookie's token. */
  id: string;
  admin_id: string;
  expires_at: string;
  created_at: string;
}

/**
 * What a listing shows of a template: typed by the seller into the review request, copied to the
 * marketplace's listing when a version is approved.
 */
export interface ListingFields {
  title: string;
  summary: string;
  /** JSON array of strings. */
  tags: string;
  /** Cleaned rich HTML. */
  description: string;
  category: string;
  /** US cents; 0 when free. */
  price_cents: number;
  is_free: number;
  thumbnail: string;
  thumbnail_bg_color: string;
  /** JSON array of image URLs. */
  additional_images: string;
}

/** One per app; no row is the status "none". */
export interface ReviewRequestsTable extends ListingFields {
  id: string;
  app_id: string;
  workspace_id: string;
  /** 'pending' | 'published' | 'rejected'. */
  status: string;
  rejection_reason: string | null;
  is_public: number;
  sign_in_method: string;
  /** The version under review (or published). */
  version_id: string | null;
  /** The version visitors get, once one was approved. */
  published_version_id: string | null;
  /** 1: the sample rows ship with the template; 0: sheets and columns only (0025). */
  with_data: Generated<number>;
  submitted_at: string;
  created_at: string;
  updated_at: string;
}

/** A submission's frozen copy of the app (see migration 0013). */
export interface TemplateVersionsTable {
  id: string;
  request_id: string;
  source_app_id: string;
  number: number;
  content_hash: string;
  /** The frozen app in the marketplace workspace (null only if it was removed). */
  snapshot_app_id: string | null;
  created_at: string;
}

export interface ReviewDecisionsTable {
  id: string;
  request_id: string;
  version_id: string;
  version_number: number;
  admin_id: string | null;
  reviewer_name: string;
  /** 'approved' | 'rejected'. */
  decision: string;
  reason: string | null;
  decided_at: string;
}

/** A seller's Stripe Connect account, as the last account.updated webhook (or check) said. */
export interface StripeAccountsTable {
  workspace_id: string;
  account_id: string;
  charges_enabled: number;
  payouts_enabled: number;
  details_submitted: number;
  updated_at: string;
}

export interface StripeEventsTable {
  id: string;
  type: string;
  received_at: string;
}

export interface AppUsersTable {
  id: string;
  app_id: string;
  name: string;
  /** Lower-case; unique per app. */
  email: string;
  /** 'read' | 'read-write'. */
  permissions: string;
  password_hash: string | null;
  /** JSON array of the user's group names (row rules match them); '[]' none. */
  groups: Generated<string>;
  /** Seconds since the epoch (number on both databases; pg bigint is read as a string, repos convert). */
  created_at: number;
  updated_at: string;
}

export interface AppUserSessionsTable {
  id: string;
  app_user_id: string;
  app_id: string;
  expires_at: string;
  created_at: string;
}

export interface AppUserTokensTable {
  id: string;
  app_user_id: string;
  purpose: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** Workspace editors: an invitation (token) until accepted, then the account that accepted it. */
export interface WorkspaceEditorsTable {
  id: string;
  workspace_id: string;
  /** Lower-case; unique per workspace. */
  email: string;
  user_id: string | null;
  /** sha256 of the mailed token; null once used. */
  token_hash: string | null;
  token_expires_at: string | null;
  /** Seconds since the epoch (pg bigint is read as a string; the repo converts). */
  created_at: number;
  joined_at: string | null;
}

/** A published template as the marketplace lists it (issue 15; written on approval). */
export interface MarketplaceTemplatesTable extends ListingFields {
  id: string;
  slug: string;
  workspace_id: string;
  seller_name: string;
  kind: string;
  search_text: string;
  version_id: string;
  version_number: number;
  snapshot_app_id: string;
  published_at: string;
  updated_at: string;
}

export type PurchaseStatus = 'pending' | 'paid' | 'refunded' | 'disputed' | 'expired';

export interface TemplatePurchasesTable {
  id: string;
  template_id: string;
  buyer_user_id: string;
  buyer_workspace_id: string;
  seller_workspace_id: string;
  version_id: string;
  amount_cents: number;
  fee_cents: number;
  currency: string;
  status: PurchaseStatus;
  checkout_session_id: string;
  payment_intent_id: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
}

export interface AppOriginsTable {
  app_id: string;
  template_id: string;
  version_id: string;
  version_number: number;
  with_rows: number;
  cloned_by: string;
  cloned_at: string;
  /** JSON ColumnMapping: the buyer's mapping of the template's sheets and columns (0027); null: none. */
  column_mapping: string | null;
}

/** The buyer's app before an update was applied (0027): what a restore puts back. */
export interface AppUpdateSnapshotsTable {
  id: string;
  app_id: string;
  from_version_id: string;
  from_version_number: number;
  to_version_number: number;
  /** JSON UpdateSnapshot (modules/clones/update.ts). */
  data: string;
  created_by: string | null;
  created_at: string;
}

export type GoogleConnectionKind = 'oauth' | 'service_account';
export type GoogleConnectionStatus = 'ok' | 'reconnect_needed';
export type GoogleConnectMode = 'read' | 'read-write' | 'file';

export interface GoogleConnectionsTable {
  id: string;
  workspace_id: string;
  kind: GoogleConnectionKind;
  google_email: string | null;
  scope: string;
  /** Encrypted (gsheets/secrets.ts). */
  access_token: string | null;
  /** Encrypted (gsheets/secrets.ts). */
  refresh_token: string | null;
  /** Milliseconds since the epoch (bigint: a string from PostgreSQL). */
  expires_at: number | string | null;
  status: GoogleConnectionStatus;
  status_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface GoogleOauthStatesTable {
  state_hash: string;
  workspace_id: string;
  user_id: string;
  mode: GoogleConnectMode;
  expires_at: number | string;
}

export interface GoogleSourcesTable {
  spreadsheet_id: string;
  connection_id: string;
  file_id: string;
  url: string;
  drive_version: string | null;
  last_pull_at: string | null;
  last_full_at: string | null;
  status: 'syncing' | 'ok' | 'error' | 'paused';
  error: string | null;
  progress_rows: Generated<number>;
  progress_total: number | null;
  /** Why the last push of the app's edits failed, in words (0018). */
  push_error: Generated<string | null>;
  /** When the background sync last checked the spreadsheet with Google (0024; claimed compare-and-set). */
  checked_at: Generated<string | null>;
}

export interface GoogleTabsTable {
  sheet_id: string;
  spreadsheet_id: string;
  google_sheet_id: number;
  title: string;
  header: string;
  id_column: number | null;
  /** JSON { renamed: [{from,to}], deleted: [name] }: header changes blocks may still name (0017). */
  header_changes: Generated<string | null>;
}

/** A cached row of a Google tab: its Google identity and content hash (migration 0017). */
export interface GoogleRowsTable {
  sheet_id: string;
  row_id: string;
  row_index: number;
  hash: string;
}

/** What a push could not write as the app meant it, kept for the owner (migration 0018). */
export interface GoogleConflictsTable {
  id: string;
  spreadsheet_id: string;
  tab: string;
  row_id: string;
  row_label: string;
  kind: 'cell' | 'row-deleted' | 'row-changed' | 'column-gone';
  column_name: string | null;
  base: string | null;
  sheet: string | null;
  app: string | null;
  winner: 'sheet' | 'app';
  created_at: string;
}

export interface GoogleOutboxTable {
  id: string;
  spreadsheet_id: string;
  sheet_id: string;
  op: 'append' | 'update' | 'delete';
  row_id: string;
  cells: string | null;
  base: string | null;
  created_at: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  status: 'pending' | 'done' | 'conflict' | 'failed';
  error: string | null;
}

/** The blog's own accounts (issue 17, migration 0019): neither owners nor provider admins. */
export interface BlogAdminsTable {
  id: string;
  name: string;
  /** Lower-case. */
  email: string;
  /** 'author' | 'editor' | 'admin'. */
  role: string;
  /** null until the invitation is accepted. */
  password_hash: string | null;
  avatar_media_id: string | null;
  bio: Generated<string>;
  last_login_at: string | null;
  created_at: string;
}

export interface BlogAdminSessionsTable {
  /** sha256 of the `sb_blog` cookie's token. */
  id: string;
  blog_admin_id: string;
  /** The loginTime (shell §3). */
  created_at: string;
  expires_at: string;
}

export interface BlogInvitationsTable {
  /** sha256 of the e-mailed token. */
  id: string;
  blog_admin_id: string;
  expires_at: string;
  created_at: string;
}

export interface BlogCategoriesTable {
  id: string;
  name: string;
  slug: string;
  created_at: string;
}

export interface BlogMediaTable {
  id: string;
  name: string;
  /** image/jpeg | image/png | image/webp (what the server re-encoded it to). */
  type: string;
  bytes: number;
  width: number;
  height: number;
  alt: Generated<string>;
  uploaded_by: string | null;
  created_at: string;
}

export interface BlogPostsTable {
  id: string;
  slug: string;
  title: string;
  excerpt: Generated<string>;
  /** Cleaned rich HTML. */
  content: string;
  cover_image: Generated<string>;
  category_id: string | null;
  /** JSON array of strings. */
  tags: string;
  author_id: string | null;
  /** 'draft' | 'published' | 'scheduled'. */
  status: string;
  publish_at: string | null;
  seo_title: Generated<string>;
  seo_description: Generated<string>;
  preview_token: string;
  version: number;
  updated_by: string | null;
  created_at: string;
  updated_at: string;
}

/** A workspace's Stripe Billing customer (issue 18, migration 0021). */
export interface BillingCustomersTable {
  workspace_id: string;
  customer_id: string;
  last_invoice_status: string | null;
  last_invoice_at: string | null;
  created_at: string;
}

/** A workspace's Stripe subscription as the webhooks last told it. */
export interface BillingSubscriptionsTable {
  id: string;
  workspace_id: string;
  customer_id: string;
  status: string;
  cancel_at_period_end: number;
  current_period_end: string | null;
  event_at: string;
  updated_at: string;
}

/** A lifetime-deal code (only its hash is kept). */
export interface LifetimeCodesTable {
  id: string;
  code_hash: string;
  hint: string;
  batch_id: string;
  note: string;
  created_by: string | null;
  created_at: string;
  redeemed_at: string | null;
  workspace_id: string | null;
  redeemed_by: string | null;
  redeemed_email: string | null;
  revoked_at: string | null;
}

/**
 * What this file says of a column: `nullable` (its type holds null), `default` (never null, but an
 * insert may leave it out: Generated or optional, so the database must fill it in), `required`
 * (never null, always given).
 */
export type ColumnKind = 'nullable' | 'default' | 'required';

type KindOf<T, C extends keyof T> = null extends SelectType<T[C]> ? 'nullable' : undefined extends InsertType<T[C]> ? 'default' : 'required';

/** Every table of Database, and of each every column with its kind: one entry per key, nothing more. */
export type DatabaseColumns = { readonly [K in keyof Database]: { readonly [C in keyof Database[K]]-?: KindOf<Database[K], C> } };

/**
 * The interfaces above as a value, for the test that compares them with the migrated database
 * (db/migrations.test.ts). The compiler keeps it in step with them: a table or column missing or
 * extra here, or a kind that does not follow from the column's type, does not type-check.
 */
export const databaseColumns = {
  users: {
    id: 'required', name: 'required', email: 'required', password_hash: 'nullable', created_at: 'required', email_verified_at: 'nullable',
    current_workspace_id: 'nullable',
  },
  sessions: { id: 'required', user_id: 'required', expires_at: 'required', created_at: 'required', user_agent: 'nullable', last_seen_at: 'nullable' },
  login_tokens: { id: 'required', user_id: 'required', expires_at: 'required', used_at: 'nullable', created_at: 'required' },
  account_tokens: {
    id: 'required', user_id: 'required', purpose: 'required', email: 'required', expires_at: 'required', used_at: 'nullable', created_at: 'required',
  },
  workspaces: { id: 'required', owner_id: 'required', name: 'required', is_free_plan: 'required', created_at: 'required' },
  spreadsheets: { id: 'required', workspace_id: 'required', title: 'required', source: 'required', created_at: 'required' },
  sheets: {
    id: 'required', spreadsheet_id: 'required', title: 'required', position: 'required', columns: 'required', column_types: 'default',
    row_count: 'required', version: 'required', updated_at: 'required', next_row_index: 'required',
  },
  sheet_rows: { sheet_id: 'required', row_index: 'required', data: 'required', version: 'default' },
  apps: {
    id: 'required', workspace_id: 'required', name: 'required', subdomain: 'required', kind: 'required', public: 'required',
    sign_in_method: 'required', spreadsheet_id: 'nullable', settings: 'required', publish_url: 'nullable', custom_host: 'nullable',
    custom_host_token: 'nullable', custom_host_verified_at: 'nullable', row_rules: 'default', created_at: 'required', updated_at: 'required',
  },
  pages: {
    id: 'required', app_id: 'required', page_name: 'required', page_slug: 'required', page_type: 'required', is_auth: 'required',
    is_public: 'required', position: 'required', settings: 'required', created_at: 'required', origin_key: 'nullable',
  },
  blocks: {
    id: 'required', page_id: 'required', position: 'required', type: 'required', config: 'required', created_at: 'required', updated_at: 'required',
    origin_key: 'nullable',
  },
  uploads: {
    id: 'required', workspace_id: 'required', name: 'required', type: 'required', size: 'required', created_at: 'required', app_id: 'nullable',
    attached_at: 'nullable', from_visitor: 'required',
  },
  geocode_cache: { address: 'required', lat: 'nullable', lng: 'nullable', status: 'required', updated_at: 'required' },
  comments: { id: 'required', block_id: 'required', user_id: 'nullable', author: 'required', body: 'required', created_at: 'required' },
  app_users: {
    id: 'required', app_id: 'required', name: 'required', email: 'required', permissions: 'required', password_hash: 'nullable', groups: 'default',
    created_at: 'required', updated_at: 'required',
  },
  app_user_sessions: { id: 'required', app_user_id: 'required', app_id: 'required', expires_at: 'required', created_at: 'required' },
  app_user_tokens: {
    id: 'required', app_user_id: 'required', purpose: 'required', expires_at: 'required', used_at: 'nullable', created_at: 'required',
  },
  workspace_editors: {
    id: 'required', workspace_id: 'required', email: 'required', user_id: 'nullable', token_hash: 'nullable', token_expires_at: 'nullable',
    created_at: 'required', joined_at: 'nullable',
  },
  admins: { id: 'required', name: 'required', email: 'required', password_hash: 'required', created_at: 'required' },
  admin_sessions: { id: 'required', admin_id: 'required', expires_at: 'required', created_at: 'required' },
  review_requests: {
    id: 'required', app_id: 'required', workspace_id: 'required', status: 'required', title: 'required', summary: 'required', tags: 'required',
    description: 'required', category: 'required', price_cents: 'required', is_free: 'required', thumbnail: 'required',
    thumbnail_bg_color: 'required', additional_images: 'required', rejection_reason: 'nullable', is_public: 'required', sign_in_method: 'required',
    version_id: 'nullable', published_version_id: 'nullable', submitted_at: 'required', created_at: 'required', updated_at: 'required',
    with_data: 'default',
  },
  template_versions: {
    id: 'required', request_id: 'required', source_app_id: 'required', number: 'required', content_hash: 'required', snapshot_app_id: 'nullable',
    created_at: 'required',
  },
  review_decisions: {
    id: 'required', request_id: 'required', version_id: 'required', version_number: 'required', admin_id: 'nullable', reviewer_name: 'required',
    decision: 'required', reason: 'nullable', decided_at: 'required',
  },
  stripe_accounts: {
    workspace_id: 'required', account_id: 'required', charges_enabled: 'required', payouts_enabled: 'required', details_submitted: 'required',
    updated_at: 'required',
  },
  stripe_events: { id: 'required', type: 'required', received_at: 'required' },
  marketplace_templates: {
    id: 'required', slug: 'required', workspace_id: 'required', seller_name: 'required', kind: 'required', title: 'required', summary: 'required',
    tags: 'required', description: 'required', category: 'required', price_cents: 'required', is_free: 'required', thumbnail: 'required',
    thumbnail_bg_color: 'required', additional_images: 'required', search_text: 'required', version_id: 'required', version_number: 'required',
    snapshot_app_id: 'required', published_at: 'required', updated_at: 'required',
  },
  template_purchases: {
    id: 'required', template_id: 'required', buyer_user_id: 'required', buyer_workspace_id: 'required', seller_workspace_id: 'required',
    version_id: 'required', amount_cents: 'required', fee_cents: 'required', currency: 'required', status: 'required',
    checkout_session_id: 'required', payment_intent_id: 'nullable', created_at: 'required', updated_at: 'required', paid_at: 'nullable',
  },
  app_origins: {
    app_id: 'required', template_id: 'required', version_id: 'required', version_number: 'required', with_rows: 'required', cloned_by: 'required',
    cloned_at: 'required', column_mapping: 'nullable',
  },
  app_update_snapshots: {
    id: 'required', app_id: 'required', from_version_id: 'required', from_version_number: 'required', to_version_number: 'required', data: 'required',
    created_by: 'nullable', created_at: 'required',
  },
  google_connections: {
    id: 'required', workspace_id: 'required', kind: 'required', google_email: 'nullable', scope: 'required', access_token: 'nullable',
    refresh_token: 'nullable', expires_at: 'nullable', status: 'required', status_reason: 'nullable', created_at: 'required', updated_at: 'required',
  },
  google_oauth_states: { state_hash: 'required', workspace_id: 'required', user_id: 'required', mode: 'required', expires_at: 'required' },
  google_sources: {
    spreadsheet_id: 'required', connection_id: 'required', file_id: 'required', url: 'required', drive_version: 'nullable', last_pull_at: 'nullable',
    last_full_at: 'nullable', status: 'required', error: 'nullable', progress_rows: 'default', progress_total: 'nullable', push_error: 'nullable',
    checked_at: 'nullable',
  },
  google_tabs: {
    sheet_id: 'required', spreadsheet_id: 'required', google_sheet_id: 'required', title: 'required', header: 'required', id_column: 'nullable',
    header_changes: 'nullable',
  },
  google_outbox: {
    id: 'required', spreadsheet_id: 'required', sheet_id: 'required', op: 'required', row_id: 'required', cells: 'nullable', base: 'nullable',
    created_at: 'required', attempts: 'default', next_attempt_at: 'required', status: 'required', error: 'nullable',
  },
  google_rows: { sheet_id: 'required', row_id: 'required', row_index: 'required', hash: 'required' },
  google_conflicts: {
    id: 'required', spreadsheet_id: 'required', tab: 'required', row_id: 'required', row_label: 'required', kind: 'required',
    column_name: 'nullable', base: 'nullable', sheet: 'nullable', app: 'nullable', winner: 'required', created_at: 'required',
  },
  blog_admins: {
    id: 'required', name: 'required', email: 'required', role: 'required', password_hash: 'nullable', avatar_media_id: 'nullable', bio: 'default',
    last_login_at: 'nullable', created_at: 'required',
  },
  blog_admin_sessions: { id: 'required', blog_admin_id: 'required', created_at: 'required', expires_at: 'required' },
  blog_invitations: { id: 'required', blog_admin_id: 'required', expires_at: 'required', created_at: 'required' },
  blog_categories: { id: 'required', name: 'required', slug: 'required', created_at: 'required' },
  blog_media: {
    id: 'required', name: 'required', type: 'required', bytes: 'required', width: 'required', height: 'required', alt: 'default',
    uploaded_by: 'nullable', created_at: 'required',
  },
  blog_posts: {
    id: 'required', slug: 'required', title: 'required', excerpt: 'default', content: 'required', cover_image: 'default', category_id: 'nullable',
    tags: 'required', author_id: 'nullable', status: 'required', publish_at: 'nullable', seo_title: 'default', seo_description: 'default',
    preview_token: 'required', version: 'required', updated_by: 'nullable', created_at: 'required', updated_at: 'required',
  },
  api_tokens: {
    id: 'required', user_id: 'required', name: 'required', scope: 'required', token_hash: 'required', prefix: 'required', created_at: 'required',
    last_used_at: 'nullable',
  },
  billing_customers: {
    workspace_id: 'required', customer_id: 'required', last_invoice_status: 'nullable', last_invoice_at: 'nullable', created_at: 'required',
  },
  billing_subscriptions: {
    id: 'required', workspace_id: 'required', customer_id: 'required', status: 'required', cancel_at_period_end: 'required',
    current_period_end: 'nullable', event_at: 'required', updated_at: 'required',
  },
  lifetime_codes: {
    id: 'required', code_hash: 'required', hint: 'required', batch_id: 'required', note: 'required', created_by: 'nullable', created_at: 'required',
    redeemed_at: 'nullable', workspace_id: 'nullable', redeemed_by: 'nullable', redeemed_email: 'nullable', revoked_at: 'nullable',
  },
  rate_counters: { name: 'required', key: 'required', hits: 'required', expires_at: 'required' },
  jobs: {
    id: 'required', kind: 'required', user_id: 'nullable', message: 'nullable', spreadsheet_id: 'nullable', files: 'default', state: 'required',
    lease_until: 'required', created_at: 'required',
  },
} as const satisfies DatabaseColumns;
