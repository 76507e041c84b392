import type { Db } from '../../db';

export function workspaceRepo(db: Db) {
  return {
    byOwner(ownerId: string) {
      return db.selectFrom('workspaces').select(['id', 'owner_id', 'name', 'is_free_plan']).where('owner_id', '=', ownerId).executeTakeFirst();
    },
    async insert(w: { id: string; owner_id: string; name: string; is_free_plan: number; created_at: string }) {
      await db.insertInto('workspaces').values(w).execute();
    },
  };
}
