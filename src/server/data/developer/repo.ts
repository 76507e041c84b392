// The SQL of personal API tokens (api_tokens, migration 0022).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function tokensRepo(db: Kysely<Database>) {
  return {
    /** The token whose hash this is, with its owner account (null: unknown or revoked). */
    async byHash(hash: string) {
      const row = await db
        .selectFrom('api_tokens')
        .innerJoin('users', 'users.id', 'api_tokens.user_id')
        .select(['api_tokens.id as token_id', 'api_tokens.scope', 'api_tokens.last_used_at', 'users.id', 'users.name', 'users.email'])
        .where('api_tokens.token_hash', '=', hash)
        .executeTakeFirst();
      return row ?? null;
    },
    /** Records a use unless one was recorded since `cutoff` (a single conditional UPDATE). */
    async touch(id: string, now: string, cutoff: string) {
      await db
        .updateTable('api_tokens')
        .set({ last_used_at: now })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', cutoff)]))
        .execute();
    },
    list(userId: string) {
      return db
        .selectFrom('api_tokens')
        .select(['id', 'name', 'scope', 'prefix', 'created_at', 'last_used_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
    },
    async count(userId: string): Promise<number> {
      const row = await db.selectFrom('api_tokens').select((eb) => eb.fn.countAll<string | number>().as('n')).where('user_id', '=', userId).executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async insert(row: { id: string; user_id: string; name: string; scope: string; token_hash: string; prefix: string; created_at: string }) {
      await db.insertInto('api_tokens').values({ ...row, last_used_at: null }).execute();
    },
    /** Deletes the owner's token; false when they have none with this id. */
    async remove(userId: string, id: string): Promise<boolean> {
      const res = await db.deleteFrom('api_tokens').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },
    /** Revokes every token of the account (its ownership was proved again: account/ownership.ts); answers how many. */
    async removeAll(userId: string): Promise<number> {
      const res = await db.deleteFrom('api_tokens').where('user_id', '=', userId).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}
