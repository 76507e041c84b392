// Developer access (issue 18): the owner's API tokens and the generated OpenAPI document.
// Token management is 'signed-in' and not part of the documented API, so an API token cannot
// list, make or revoke tokens (403 token_not_allowed, access/enforce.ts): only a real session can.
import type { FastifyInstance } from 'fastify';
import { CreateApiTokenBody } from '../../../shared/api/developer';
import { ShortIdParams } from '../../../shared/api/params';
import type { ServerContext } from '../../context';
import { parse } from '../../http';
import { signedInUser } from '../access/enforce';
import type { ApiRegistry } from './openapi';
import { createToken, listTokens, revokeToken } from './tokens';
import { MAX_TOKENS_PER_OWNER } from '../../../shared/api/developer';

export function developerRoutes(app: FastifyInstance, ctx: ServerContext, registry: ApiRegistry) {
  app.get('/api/developer/tokens', { config: { access: 'signed-in' } }, async (request) => ({
    tokens: await listTokens(ctx, signedInUser(request)),
    max: MAX_TOKENS_PER_OWNER,
  }));

  app.post('/api/developer/tokens', { config: { access: 'signed-in' } }, async (request, reply) => {
    const body = parse(CreateApiTokenBody, request.body);
    return reply.status(201).send(await createToken(ctx, signedInUser(request), body));
  });

  app.delete('/api/developer/tokens/:id', { config: { access: 'signed-in' } }, async (request, reply) => {
    const { id } = parse(ShortIdParams, request.params);
    await revokeToken(ctx, signedInUser(request), id);
    return reply.status(204).send();
  });

  // Anyone may read the reference of the API (it holds no data); generated once, from the
  // `config.api` declarations the routes were registered with.
  app.get('/api/openapi.json', { config: { access: 'public' } }, async () => registry.document(`${ctx.config.publicScheme}://${ctx.config.baseHost}`));
}
