// Developer access (issue 18): the owner's API tokens and the generated OpenAPI document.
// Token management is 'signed-in' and not part of the documented API, so an API token cannot
// list, make or revoke tokens (403 token_not_allowed, access/enforce.ts): only a real session can.
import { ApiTokensResponse, CreateApiTokenBody, CreateApiTokenResponse } from '../../../shared/api/developer';
import { ShortIdParams } from '../../../shared/api/params';
import type { ServerContext } from '../../platform/context';
import type { ApiServer } from '../../routing/input';
import { signedInUser } from '../../access/enforce';
import type { ApiRegistry } from './openapi';
import { createToken, listTokens, revokeToken } from './tokens';
import { MAX_TOKENS_PER_OWNER } from '../../../shared/api/developer';

export function developerRoutes(app: ApiServer, ctx: ServerContext, registry: ApiRegistry) {
  // Documented (config.api) but not open to API tokens (no config.tokens): only a session manages them.
  const tag = 'Developer';
  app.get('/api/developer/tokens', { config: { access: 'signed-in', api: { tag, summary: 'List your API tokens', response: ApiTokensResponse } } }, async (request) => ({
    tokens: await listTokens(ctx, signedInUser(request)),
    max: MAX_TOKENS_PER_OWNER,
  }));

  app.post('/api/developer/tokens', { schema: { body: CreateApiTokenBody }, config: { access: 'signed-in', api: { tag, summary: 'Create an API token (its secret is answered this once only)', response: CreateApiTokenResponse, status: 201 } } }, async (request, reply) => {
    return reply.status(201).send(await createToken(ctx, signedInUser(request), request.body));
  });

  app.delete('/api/developer/tokens/:id', { schema: { params: ShortIdParams }, config: { access: 'signed-in', api: { tag, summary: 'Revoke an API token', status: 204 } } }, async (request, reply) => {
    await revokeToken(ctx, signedInUser(request), request.params.id);
    return reply.status(204).send();
  });

  // Anyone may read the reference of the API (it holds no data); generated once, from the
  // `config.api` declarations the routes were registered with.
  app.get('/api/openapi.json', { config: { access: 'public', api: { tag, summary: 'This reference: the OpenAPI 3.1 document of the API', status: 200 } } }, async () => registry.document(`${ctx.config.publicScheme}://${ctx.config.baseHost}`));
}
