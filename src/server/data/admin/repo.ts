// The provider's admin area: admin accounts and sessions, the review queue and its decisions, the
// owners' list. The only place the admin module's SQL lives.
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db';
import type { ReviewDecisionsTable, ReviewRequestsTable } from '../../db/schema';

export type ReviewRequestRow = Selectable<ReviewRequestsTable>;
export type ReviewDecisionRow = Selectable<ReviewDecisionsTable>;

/** A request with what the queue shows beside it: its app, its owner, the version under review. */
export interface QueueRow extends ReviewRequestRow {
  app_name: string | null;
  app_subdomain: string | null;
  owner_name: string | null;
  owner_email: string | null;
  version_number: number | null;
  content_hash: string | null;
  snapshot_subdomain: string | null;
}

/** `text` for a LIKE pattern: %, _ and the escape character itself match only themselves. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function adminsRepo(db: Db) {
  return {
    async count(): Promise<number> {
      const r = await db.selectFrom('admins').select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
      return Number(r?.n ?? 0);
    },
    byEmail(email: string) {
      return db.selectFrom('admins').selectAll().where('email', '=', email).executeTakeFirst();
    },
    async insert(a: { id: string; name: string; email: string; password_hash: string; created_at: string }) {
      await db.insertInto('admins').values(a).execute();
    },
    async setPassword(id: string, passwordHash: string): Promise<void> {
      await db.updateTable('admins').set({ password_hash: passwordHash }).where('id', '=', id).execute();
    },
    async insertSession(s: { id: string; admin_id: string; expires_at: string; created_at: string }) {
      await db.insertInto('admin_sessions').values(s).execute();
    },
    async deleteSession(hash: string) {
      await db.deleteFrom('admin_sessions').where('id', '=', hash).execute();
    },
    async deleteSessionsOf(adminId: string) {
      await db.deleteFrom('admin_sessions').where('admin_id', '=', adminId).execute();
    },
    async deleteExpiredSessions(now: string) {
      await db.deleteFrom('admin_sessions').where('expires_at', '<=', now).execute();
    },
  };
}

/** Whether an app is the frozen copy of some template version (issue 14): read-only for everyone. */
export function snapshotsRepo(db: Db) {
  return {
    async isSnapshot(appId: string): Promise<boolean> {
      const r = await db.selectFrom('template_versions').select('id').where('snapshot_app_id', '=', appId).limit(1).executeTakeFirst();
      return !!r;
    },
  };
}

export function reviewRepo(db: Db) {
  const queue = () =>
    db
      .selectFrom('review_requests as r')
      .leftJoin('apps', 'apps.id', 'r.app_id')
      .leftJoin('workspaces', 'workspaces.id', 'r.workspace_id')
      .leftJoin('users', 'users.id', 'workspaces.owner_id')
      .leftJoin('template_versions as v', 'v.id', 'r.version_id')
      .leftJoin('apps as snap', 'snap.id', 'v.snapshot_app_id')
      .selectAll('r')
      .select([
        'apps.name as app_name',
        'apps.subdomain as app_subdomain',
        'users.name as owner_name',
        'users.email as owner_email',
        'v.number as version_number',
        'v.content_hash as content_hash',
        'snap.subdomain as snapshot_subdomain',
      ]);
  return {
    /** Waiting ones, oldest submission first: `limit` from `offset`. */
    pending(offset: number, limit: number): Promise<QueueRow[]> {
      return queue().where('r.status', '=', 'pending').orderBy('r.submitted_at', 'asc').orderBy('r.id').offset(offset).limit(limit).execute();
    },
    /** Decided ones (of one status, or both), the latest decision first: `limit` from `offset`. */
    decided(status: 'published' | 'rejected' | null, offset: number, limit: number): Promise<QueueRow[]> {
      let q = queue().where('r.status', 'in', status ? [status] : ['published', 'rejected']);
      q = q.orderBy('r.updated_at', 'desc').orderBy('r.id');
      return q.offset(offset).limit(limit).execute();
    },
    /** How many requests have one of these statuses. */
    async count(statuses: readonly string[]): Promise<number> {
      const r = await db.selectFrom('review_requests').select((eb) => eb.fn.countAll<string | number>().as('n')).where('status', 'in', statuses).executeTakeFirst();
      return Number(r?.n ?? 0);
    },
    byId(id: string): Promise<QueueRow | undefined> {
      return queue().where('r.id', '=', id).executeTakeFirst();
    },
    /** The decisions of these requests, newest first. */
    decisionsOf(requestIds: string[]): Promise<ReviewDecisionRow[]> {
      if (requestIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('review_decisions').selectAll().where('request_id', 'in', requestIds).orderBy('decided_at', 'desc').orderBy('id', 'desc').execute();
    },
    /**
     * Moves a pending request to `status` (only if it is still pending: two reviewers deciding at
     * once, one wins). Whether it moved.
     */
    async decide(id: string, change: { status: 'published' | 'rejected'; published_version_id?: string; rejection_reason: string | null; updated_at: string }): Promise<boolean> {
      const res = await db
        .updateTable('review_requests')
        .set({
          status: change.status,
          rejection_reason: change.rejection_reason,
          updated_at: change.updated_at,
          ...(change.published_version_id ? { published_version_id: change.published_version_id } : {}),
        })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    async insertDecision(d: ReviewDecisionRow) {
      await db.insertInto('review_decisions').values(d).execute();
    },
    /** Every decision ever taken, newest first, with its request's title and app name. */
    history() {
      return db
        .selectFrom('review_decisions as d')
        .innerJoin('review_requests as r', 'r.id', 'd.request_id')
        .leftJoin('apps', 'apps.id', 'r.app_id')
        .selectAll('d')
        .select(['r.title', 'apps.name as app_name'])
        .orderBy('d.decided_at', 'desc')
        .orderBy('d.id', 'desc')
        .execute();
    },
  };
}

/** The marketplace's own system account has an address that cannot receive mail (…@….invalid). */
const SYSTEM_EMAIL_PATTERN = '%.invalid';

export function ownersRepo(db: Db) {
  const base = (search: string | null) => {
    // One row per person: an owner of several workspaces (issue 33) is not counted once per workspace.
    let q = db.selectFrom('users').where('users.email', 'not like', SYSTEM_EMAIL_PATTERN);
    if (search) {
      const pattern = `%${likeLiteral(search.toLowerCase())}%`;
      q = q.where(sql<boolean>`(lower(users.name) like ${pattern} escape '\\' or lower(users.email) like ${pattern} escape '\\')`);
    }
    return q;
  };
  return {
    /**
     * The product's owners, newest first, a page at a time: whether any workspace they own is on a
     * paid plan (is_free_plan 0; null when they own none) and the apps of all of them.
     */
    page(search: string | null, offset: number, limit: number) {
      return base(search)
        .select((eb) => [
          'users.id',
          'users.name',
          'users.email',
          'users.created_at',
          eb.selectFrom('workspaces').select((w) => w.fn.min('workspaces.is_free_plan').as('f')).whereRef('workspaces.owner_id', '=', 'users.id').as('is_free_plan'),
          eb
            .selectFrom('apps')
            .innerJoin('workspaces', 'workspaces.id', 'apps.workspace_id')
            .select(eb.fn.countAll().as('n'))
            .whereRef('workspaces.owner_id', '=', 'users.id')
            .as('apps'),
        ])
        .orderBy('users.created_at', 'desc')
        .orderBy('users.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
    },
    async total(search: string | null): Promise<number> {
      const r = await base(search)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
  };
}
