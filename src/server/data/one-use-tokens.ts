// Tokens that work once: owners' sign-in links, their reset, verification and address-change
// links, app users' invitation and reset links. A token is spent by one conditional UPDATE, so of
// several requests holding the same token exactly one gets it, even when they race.
import { sql } from 'kysely';
import type { Db } from '../db';

type OneUseTable = 'login_tokens' | 'account_tokens' | 'app_user_tokens';

/**
 * Marks the token `hash` of `table` used if it is unused and unexpired at `now` (and, where the
 * table keeps a purpose, of one of `purposes`): whether this call spent it.
 */
export async function spendToken(db: Db, table: OneUseTable, hash: string, now: string, purposes?: readonly string[]): Promise<boolean> {
  const res = await db
    .updateTable(table)
    .set({ used_at: now })
    .where('id', '=', hash)
    .$if(purposes !== undefined, (q) => q.where(sql.ref('purpose'), 'in', purposes!))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
