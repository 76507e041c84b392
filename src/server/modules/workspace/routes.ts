import type { FastifyInstance } from 'fastify';
import { ShortIdParams } from '../../../shared/api/params';
import { AddWorkspaceEditorBody, JoinWorkspaceBody } from '../../../shared/api/workspace';
import type { ServerContext } from '../../context';
import { HttpError } from '../../errors';
import { linkScheme, parse } from '../../http';
import { signedInUser } from '../access/enforce';
import { INVITATIONS_PER_OWNER, INVITATIONS_WINDOW_MS, IpLimiter, LOGIN_MAX_FAILURES_PER_IP, pause, tooManyAttempts } from '../auth/limiter';
import { addEditor, joinWorkspace, listEditors, removeEditor } from './editors';
import { workspacePlan } from './service';

export function workspaceRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.get('/api/board/workspace', { config: { access: 'signed-in' } }, async (request) => {
    const user = signedInUser(request);
    return workspacePlan(ctx, user.id);
  });

  // ---- Workspace editors (workspace/editors.ts): the signed-in owner's own workspace only ----

  // Keyed by the owner's account id; in memory, per process, like the other limits.
  const invitations = new IpLimiter(INVITATIONS_PER_OWNER, INVITATIONS_WINDOW_MS);
  /** Invitation links that did not work, per IP (a signed-in client guessing tokens). */
  const badLinks = new IpLimiter(LOGIN_MAX_FAILURES_PER_IP);

  app.get('/api/workspace/editors', { config: { access: 'signed-in' } }, async (request) => {
    const user = signedInUser(request);
    return { editors: await listEditors(ctx, user) };
  });

  app.post('/api/workspace/editors', { config: { access: 'signed-in' } }, async (request, reply) => {
    const user = signedInUser(request);
    const { email } = parse(AddWorkspaceEditorBody, request.body);
    const result = await addEditor(ctx, user, email, {
      scheme: linkScheme(ctx.config, request),
      mayInvite: () => {
        const wait = invitations.retryAfter(user.id);
        if (wait > 0) throw tooManyAttempts(reply, wait, (w) => `Too many invitations sent. Please wait ${w} and try again.`);
      },
    });
    invitations.fail(user.id);
    return reply.status(201).send(result);
  });

  app.delete('/api/workspace/editors/:id', { config: { access: 'signed-in' } }, async (request, reply) => {
    const user = signedInUser(request);
    const { id } = parse(ShortIdParams, request.params);
    await removeEditor(ctx, user, id);
    return reply.status(204).send();
  });

  app.post('/api/workspace/join', { config: { access: 'signed-in' } }, async (request, reply) => {
    const user = signedInUser(request);
    const { token } = parse(JoinWorkspaceBody, request.body);
    const wait = badLinks.retryAfter(request.ip);
    if (wait > 0) throw tooManyAttempts(reply, wait, (w) => `Too many failed attempts. Please wait ${w} and try again.`);
    await pause(badLinks.delay(request.ip, ctx.config.authSlowdownMs));
    try {
      return { workspace: await joinWorkspace(ctx, user, token) };
    } catch (e) {
      if (e instanceof HttpError && e.code === 'invalid_token') badLinks.fail(request.ip);
      throw e;
    }
  });
}
