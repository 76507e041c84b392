import type { FastifyInstance } from 'fastify';
import { ShortIdParams } from '../../../shared/api/params';
import { AddWorkspaceEditorBody, AddWorkspaceEditorResponse, JoinWorkspaceBody, WorkspaceEditorsResponse, WorkspaceResponse } from '../../../shared/api/workspace';
import type { ServerContext } from '../../context';
import { linkScheme, parse } from '../../http';
import { signedInUser } from '../access/enforce';
import { INVITATIONS_PER_OWNER, INVITATIONS_WINDOW_MS, IpLimiter, LOGIN_MAX_FAILURES_PER_IP, tooManyAttempts } from '../auth/limiter';
import { perAccount, perIp, type RateLimit } from '../auth/rate-limit';
import { addEditor, joinWorkspace, listEditors, removeEditor } from './editors';
import { workspacePlan } from './service';

const tooManyInvitations = (w: string) => `Too many invitations sent. Please wait ${w} and try again.`;

export function workspaceRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.get('/api/board/workspace', { config: { access: 'signed-in', api: { tag: 'Workspace', summary: "Your workspace's plan", response: WorkspaceResponse } } }, async (request) => {
    const user = signedInUser(request);
    return workspacePlan(ctx, user.id);
  });

  // ---- Workspace editors (workspace/editors.ts): the signed-in owner's own workspace only ----

  // Per owner account and per IP; in memory, per process, like the other limits.
  const invitations = perAccount(new IpLimiter(INVITATIONS_PER_OWNER, INVITATIONS_WINDOW_MS));
  /** Invitation links that did not work, per IP (a signed-in client guessing tokens). */
  const badLinks = perIp(new IpLimiter(LOGIN_MAX_FAILURES_PER_IP));

  app.get('/api/workspace/editors', { config: { access: 'signed-in', api: { tag: 'Workspace', summary: "List your workspace's editors", response: WorkspaceEditorsResponse } } }, async (request) => {
    const user = signedInUser(request);
    return { editors: await listEditors(ctx, user) };
  });

  // The service decides whether adding mails an invitation (mayInvite): only then does the budget
  // apply; every editor added counts.
  const added: RateLimit = { check: [], refusal: tooManyInvitations, count: [{ when: 'success', budgets: [invitations] }] };
  app.post('/api/workspace/editors', { config: { access: 'signed-in', rateLimit: added, api: { tag: 'Workspace', summary: 'Invite an editor by e-mail', body: AddWorkspaceEditorBody, response: AddWorkspaceEditorResponse, status: 201 } } }, async (request, reply) => {
    const user = signedInUser(request);
    const { email } = parse(AddWorkspaceEditorBody, request.body);
    const result = await addEditor(ctx, user, email, {
      scheme: linkScheme(ctx.config, request),
      mayInvite: () => {
        const wait = invitations.retryAfter(request);
        if (wait > 0) throw tooManyAttempts(reply, wait, tooManyInvitations);
      },
    });
    return reply.status(201).send(result);
  });

  app.delete('/api/workspace/editors/:id', { config: { access: 'signed-in', api: { tag: 'Workspace', summary: 'Remove an editor (they lose access at once)', params: ShortIdParams, status: 204 } } }, async (request, reply) => {
    const user = signedInUser(request);
    const { id } = parse(ShortIdParams, request.params);
    await removeEditor(ctx, user, id);
    return reply.status(204).send();
  });

  const joinLimit: RateLimit = {
    check: [badLinks],
    refusal: (w) => `Too many failed attempts. Please wait ${w} and try again.`,
    slowDown: [badLinks],
    count: [{ when: { status: 400, code: 'invalid_token' }, budgets: [badLinks] }],
  };
  app.post('/api/workspace/join', { config: { access: 'signed-in', rateLimit: { body: JoinWorkspaceBody, ...joinLimit } } }, async (request) => {
    const user = signedInUser(request);
    const { token } = parse(JoinWorkspaceBody, request.body);
    return { workspace: await joinWorkspace(ctx, user, token) };
  });
}
