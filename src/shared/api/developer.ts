// Developer access (issue 18): personal API tokens of an owner account and the generated OpenAPI
// document of the REST API they call. Design (docs/decisions, API tokens):
// - A token acts as its owner account on the routes that declare a token scope (`config.tokens`:
//   apps, pages, blocks, spreadsheets and imports, sheets and rows), never on sign-in, the
//   account, its workspaces and their editors, billing, tokens, the admin or blog areas, nor as
//   an app user: nothing a leaked token could turn into access that outlives revoking it.
// - Scope 'read': the reads that declare 'read'. Scope 'read-write': those and the changes that
//   declare 'read-write'.
import { z } from 'zod';

export const TOKEN_SCOPES = ['read', 'read-write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** What each scope allows, shown beside the choice and in the reference. */
export const SCOPE_LABELS: Record<TokenScope, { label: string; allows: string }> = {
  read: { label: 'Read only', allows: 'Read your apps, pages, blocks, spreadsheets and rows (GET requests only).' },
  'read-write': { label: 'Read and write', allows: 'Also create, change and delete apps, pages, blocks, spreadsheets and rows, and import files.' },
};

/** What no token can do, whatever its scope (the reference and the Developer page say it). */
export const TOKENS_NEVER =
  'No token can manage your account (name, e-mail address, password, sessions, deleting it), your workspaces or their editors and invitations, billing and plans, or API tokens, nor make an app public or change its sign-in or Publish URL: those need you signed in.';

/** Tokens one owner account may hold at once. */
export const MAX_TOKENS_PER_OWNER = 20;
/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const TOKEN_PREFIX = 'sbt_';

export const TOKEN_MESSAGES = {
  nameRequired: 'Please give the token a name, e.g. "Nightly export".',
  nameTooLong: 'A token name can be at most 100 characters.',
  scope: 'Please choose what the token may do: Read only, or Read and write.',
  tooMany: `You have ${MAX_TOKENS_PER_OWNER} API tokens, the most one account may have. Revoke one you no longer use to create another.`,
  notFound: 'This token does not exist or was revoked already.',
  invalid: 'This API token is not valid. It may have been revoked; create a new one on the Developer page.',
  readOnly: 'This API token is read-only: it can only read (GET requests). Create a "Read and write" token to make changes.',
  notForTokens: 'API tokens cannot be used for this. Sign in to Sheetboard to do it.',
  opensApp: 'API tokens cannot make an app public or change its sign-in or Publish URL. Sign in to Sheetboard to do it.',
  shownOnce: "Copy this token now: for your security it won't be shown again.",
} as const;

export const ApiToken = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(TOKEN_SCOPES),
  /** The token's first characters (`sbt_AbCd`), to tell tokens apart. */
  prefix: z.string(),
  created_at: z.string(),
  /** null: never used. Updated at most once a minute. */
  last_used_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiToken>;

/** GET /api/developer/tokens: the signed-in owner's tokens, newest first. */
export const ApiTokensResponse = z.object({ tokens: z.array(ApiToken), max: z.number() });
/** POST /api/developer/tokens → 201 {token, secret}: `secret` is the token, answered this once only. */
export const CreateApiTokenBody = z.object({
  name: z.string(TOKEN_MESSAGES.nameRequired).trim().min(1, TOKEN_MESSAGES.nameRequired).max(100, TOKEN_MESSAGES.nameTooLong),
  scope: z.enum(TOKEN_SCOPES, TOKEN_MESSAGES.scope),
});
export const CreateApiTokenResponse = z.object({ token: ApiToken, secret: z.string() });
/** DELETE /api/developer/tokens/{id} → 204 (params: ShortIdParams). */
