// Personal API tokens of an owner account (issue 18): made with a name and a scope, shown once,
// stored as a sha256, listed with their last use, revoked by deleting them. The request side
// (a bearer token acting as its owner) is auth/session.ts and access/enforce.ts.
import crypto from 'node:crypto';
import { MAX_TOKENS_PER_OWNER, TOKEN_MESSAGES, TOKEN_PREFIX, type ApiToken, type TokenScope } from '../../../shared/api/developer';
import type { ServerContext } from '../../platform/context';
import { HttpError, notFound } from '../../errors';
import { newId, nowIso, sha256 } from '../../http';
import type { SessionUser } from '../../identity/owner-session';
import { tokensRepo } from '../../data/developer/repo';
import { assertVerifiedFor } from '../account/publishing';

/** How many characters of a token the list shows (the prefix and 4 random ones). */
const SHOWN = TOKEN_PREFIX.length + 4;

type TokenRow = Awaited<ReturnType<ReturnType<typeof tokensRepo>['list']>>[number];

function tokenOut(row: TokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope === 'read-write' ? 'read-write' : 'read',
    prefix: row.prefix,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
  };
}

export async function listTokens(ctx: ServerContext, user: SessionUser): Promise<ApiToken[]> {
  return (await tokensRepo(ctx.db).list(user.id)).map(tokenOut);
}

/** A new token: 256 random bits after the `sbt_` prefix. The answer is the only time it is seen. */
export async function createToken(ctx: ServerContext, user: SessionUser, input: { name: string; scope: TokenScope }): Promise<{ token: ApiToken; secret: string }> {
  await assertVerifiedFor(ctx, user.id, 'tokens');
  const repo = tokensRepo(ctx.db);
  const tooMany = () => new HttpError(400, TOKEN_MESSAGES.tooMany, undefined, 'token_limit');
  if ((await repo.count(user.id)) >= MAX_TOKENS_PER_OWNER) throw tooMany();
  const secret = TOKEN_PREFIX + crypto.randomBytes(32).toString('base64url');
  const row = { id: newId(), user_id: user.id, name: input.name, scope: input.scope, token_hash: sha256(secret), prefix: secret.slice(0, SHOWN), created_at: nowIso() };
  await repo.insert(row);
  // Two creations at once may both have passed the count: the later one over the limit leaves.
  if ((await repo.count(user.id)) > MAX_TOKENS_PER_OWNER) {
    await repo.remove(user.id, row.id);
    throw tooMany();
  }
  return { token: tokenOut({ ...row, last_used_at: null }), secret };
}

export async function revokeToken(ctx: ServerContext, user: SessionUser, id: string): Promise<void> {
  if (!(await tokensRepo(ctx.db).remove(user.id, id))) throw notFound(TOKEN_MESSAGES.notFound);
}
