import { ShortIdParams } from '../../../shared/api/params';
import { AddWorkspaceEditorBody, AddWorkspaceEditorResponse, JoinWorkspaceBody, WorkspaceEditorsResponse, WorkspaceResponse } from '../../../shared/api/workspace';
import type { ServerContext } from '../../platform/context';
import { linkScheme } from '../../http';
import type { ApiServer } from '../../routing/input';
import { signedInUser } from '../../access/enforce';
import { INVITATIONS_PER_OWNER, INVITATIONS_WINDOW_MS, IpLimiter, LOGIN_MAX_FAILURES_PER_IP, tooManyAttempts } from '../../platform/limits/limiter';
import { perAccount, perIp, type RateLimit } from '../../platform/limits/rate-limit';
import { addEditor, joinWorkspace, listEditors, removeEditor } from './editors';
import { workspacePlan } from './service';
import { IdParams } from '../../../shared/api/params';
import { BoardWorkspaceQuery, CreateWorkspaceBody, DeleteWorkspaceBody, RenameWorkspaceBody, SwitchWorkspaceBody, WorkspaceResponseOne, WorkspacesResponse } from '../../../shared/api/workspaces';
import { appParam } from '../../access/resources';
import { resolvedApp } from '../../access/enforce';
import { boardsOfWorkspace, thumbnailOf } from './boards';
import { createWorkspace, currentSummary, deleteWorkspace, listWorkspaces, renameWorkspace, switchWorkspace } from './workspaces';

const tooManyInvitations = (w: string) => `Too many invitations sent. Please wait ${w} and try again.`;

// No route here declares a token scope (`config.tokens`): editors, invitations and workspaces are
// membership, and a leaked API token must not turn into access that outlives revoking it (an
// invited account of the attacker's, a workspace of theirs). A session does these.
export function workspaceRoutes(app: ApiServer, ctx: ServerContext) {
  app.get('/api/board/workspace', { config: { access: 'signed-in', api: { tag: 'Workspace', summary: "Your workspace's plan", response: WorkspaceResponse } } }, async (request) => {
    const user = signedInUser(request);
    return workspacePlan(ctx, user);
  });

  // ---- Workspace editors (workspace/editors.ts): the signed-in owner's own workspace only ----

  // Per owner account and per IP; in memory, per process, like the other limits.
  const invitations = perAccount(new IpLimiter(ctx.counters, 'workspace.invitations', INVITATIONS_PER_OWNER, INVITATIONS_WINDOW_MS));
  /** Invitation links that did not work, per IP (a signed-in client guessing tokens). */
  const badLinks = perIp(new IpLimiter(ctx.counters, 'workspace.badLinks', LOGIN_MAX_FAILURES_PER_IP));

  app.get('/api/workspace/editors', { config: { access: 'signed-in', api: { tag: 'Workspace', summary: "List your workspace's editors", response: WorkspaceEditorsResponse } } }, async (request) => {
    const user = signedInUser(request);
    return { editors: await listEditors(ctx, user) };
  });

  // The service decides whether adding mails an invitation (mayInvite): only then does the budget
  // apply; every editor added counts.
  const added: RateLimit = { check: [], refusal: tooManyInvitations, count: [{ when: 'success', budgets: [invitations] }] };
  app.post('/api/workspace/editors', { schema: { body: AddWorkspaceEditorBody }, config: { access: 'signed-in', rateLimit: added, api: { tag: 'Workspace', summary: 'Invite an editor by e-mail', response: AddWorkspaceEditorResponse, status: 201 } } }, async (request, reply) => {
    const user = signedInUser(request);
    const result = await addEditor(ctx, user, request.body.email, {
      scheme: linkScheme(ctx.config, request),
      mayInvite: async () => {
        const wait = await invitations.retryAfter(request);
        if (wait > 0) throw tooManyAttempts(reply, wait, tooManyInvitations);
      },
    });
    return reply.status(201).send(result);
  });

  app.delete('/api/workspace/editors/:id', { schema: { params: ShortIdParams }, config: { access: 'signed-in', api: { tag: 'Workspace', summary: 'Remove an editor (they lose access at once)', status: 204 } } }, async (request, reply) => {
    const user = signedInUser(request);
    await removeEditor(ctx, user, request.params.id);
    return reply.status(204).send();
  });

  const joinLimit: RateLimit = {
    check: [badLinks],
    refusal: (w) => `Too many failed attempts. Please wait ${w} and try again.`,
    slowDown: [badLinks],
    count: [{ when: { status: 400, code: 'invalid_token' }, budgets: [badLinks] }],
  };
  // Not in the API reference (config.api): following an invitation link binds the account signed
  // in, a session only (developer/openapi.test.ts names it among the web app's own routes).
  app.post('/api/workspace/join', { schema: { body: JoinWorkspaceBody }, config: { access: 'signed-in', rateLimit: joinLimit, api: { tag: 'Workspace', summary: 'Accept an invitation to edit a workspace (the link the invitation e-mail holds)' } } }, async (request) => {
    const user = signedInUser(request);
    return { workspace: await joinWorkspace(ctx, user, request.body.token) };
  });

  // ---- Several workspaces per owner (issue 18, workspace/workspaces.ts) ----

  /** New workspaces per account: the 50-workspace cap bounds what is kept, this bounds the churn. */
  const creations = perAccount(new IpLimiter(ctx.counters, 'workspace.creations', WORKSPACES_CREATED_PER_HOUR, 3600_000));
  const created: RateLimit = { check: [creations], refusal: (w) => `Too many new workspaces. Please wait ${w} and try again.`, count: [{ when: 'success', budgets: [creations] }] };

  app.get('/api/workspaces', { config: { access: 'signed-in', api: { tag: 'Workspace', summary: 'List your workspaces and those you edit (the current one marked)', response: WorkspacesResponse } } }, async (request) => ({ workspaces: await listWorkspaces(ctx, signedInUser(request)) }));

  app.post('/api/workspaces', { schema: { body: CreateWorkspaceBody }, config: { access: 'signed-in', rateLimit: created, api: { tag: 'Workspace', summary: 'Create a workspace (empty, on the free plan)', response: WorkspaceResponseOne, status: 201 } } }, async (request, reply) => {
    return reply.status(201).send({ workspace: await createWorkspace(ctx, signedInUser(request), request.body.name) });
  });

  app.put('/api/workspaces/current', { schema: { body: SwitchWorkspaceBody }, config: { access: 'signed-in', api: { tag: 'Workspace', summary: 'Switch to another workspace (every later call works in it)', response: WorkspaceResponseOne } } }, async (request) => {
    return { workspace: await switchWorkspace(ctx, signedInUser(request), request.body.id) };
  });

  app.patch('/api/workspaces/:id', { schema: { params: IdParams, body: RenameWorkspaceBody }, config: { access: 'signed-in', api: { tag: 'Workspace', summary: 'Rename a workspace of yours', response: WorkspaceResponseOne } } }, async (request) => {
    return { workspace: await renameWorkspace(ctx, signedInUser(request), request.params.id, request.body.name) };
  });

  app.delete('/api/workspaces/:id', { schema: { params: IdParams, body: DeleteWorkspaceBody }, config: { access: 'signed-in', api: { tag: 'Workspace', summary: 'Delete a workspace of yours with its data (not the last one; confirm with its name)', status: 204 } } }, async (request, reply) => {
    await deleteWorkspace(ctx, signedInUser(request), request.params.id, request.body.confirm);
    return reply.status(204).send();
  });

  // /boardWorkspace: the current workspace's boards, searched and sorted, with their thumbnails.
  // Not in the API reference yet: its operationId would be GET /api/board/workspace's
  // (getApiBoardWorkspace, openapi.ts makes it from the path alone).
  app.get('/api/board-workspace', { schema: { querystring: BoardWorkspaceQuery }, config: { access: 'signed-in', api: { tag: 'Workspace', summary: "The boards of the workspace screen (the spec's address)", operationId: 'getApiBoardWorkspaceScreen' } } }, async (request) => {
    const user = signedInUser(request);
    const query = request.query;
    return { workspace: await currentSummary(ctx, user), boards: await boardsOfWorkspace(ctx, user, query.q ?? '', query.sort ?? 'updated') };
  });

  // Not in the API reference (config.api): a picture of the board for /boardWorkspace, not data
  // (developer/openapi.test.ts names it among the web app's own routes). `v` (the app's last
  // change, in the address the board list gives) only makes a changed board's address new.
  app.get('/api/apps/:id/thumbnail.svg', { schema: { params: IdParams }, config: { access: 'owner', resource: appParam(IdParams, (p) => p.id), api: { tag: 'Apps', summary: "A picture of the app for the workspace screen", produces: ['image/svg+xml'] } } }, async (request, reply) => {
    const svg = await thumbnailOf(ctx, resolvedApp(request).id);
    // The address carries the app's last change (?v=), so a changed board gets a new one. Drawn
    // from fixed shapes only; the policy is for anyone opening it directly all the same.
    return reply
      .header('Content-Type', 'image/svg+xml; charset=utf-8')
      .header('Cache-Control', 'private, max-age=3600')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .send(svg);
  });
}

/** New workspaces one account may create per hour. */
export const WORKSPACES_CREATED_PER_HOUR = 20;
