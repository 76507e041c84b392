// SQL of `jobs` (migration 0025): operations in progress, and the notices of interrupted ones
// (modules/jobs).
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db';
import type { JobsTable } from '../../db/schema';

export type JobRow = Selectable<JobsTable>;

export function jobsRepo(db: Db) {
  return {
    async insert(row: Insertable<JobsTable>) {
      await db.insertInto('jobs').values(row).execute();
    },
    /** Moves a running job's lease on (its server is alive). */
    async renew(id: string, leaseUntil: number) {
      await db.updateTable('jobs').set({ lease_until: leaseUntil }).where('id', '=', id).where('state', '=', 'running').execute();
    },
    async delete(id: string) {
      await db.deleteFrom('jobs').where('id', '=', id).execute();
    },
    /** Running jobs whose lease ran out before `now`: their server stopped. */
    expired(now: number, limit: number) {
      return db.selectFrom('jobs').selectAll().where('state', '=', 'running').where('lease_until', '<', now).orderBy('lease_until').limit(limit).execute();
    },
    /** Claims an expired job for one sweeper: true for the one whose update changed it. */
    async interrupt(id: string, now: number): Promise<boolean> {
      const r = await db.updateTable('jobs').set({ state: 'interrupted' }).where('id', '=', id).where('state', '=', 'running').where('lease_until', '<', now).executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
    /** The notices of a user's interrupted jobs, oldest first. */
    noticesOf(userId: string) {
      return db
        .selectFrom('jobs')
        .select(['id', 'message', 'created_at'])
        .where('user_id', '=', userId)
        .where('state', '=', 'interrupted')
        .where('message', 'is not', null)
        .orderBy('created_at')
        .execute();
    },
    async dismiss(userId: string, id: string): Promise<boolean> {
      const r = await db.deleteFrom('jobs').where('id', '=', id).where('user_id', '=', userId).where('state', '=', 'interrupted').executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },
  };
}
