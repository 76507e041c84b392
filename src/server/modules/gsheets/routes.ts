// Connecting a workspace's Google account (issue 16). Thin: parse, call the service, answer.
// 'owner' + decidedInService: a session is required (401), and the service allows only the
// workspace's owner and editors (workspaceFor; anyone else's workspace is 404).
import type { FastifyInstance } from 'fastify';
import { GoogleCallbackQuery, GoogleConnectBody, GoogleConnectionQuery, GoogleRemapBody, GoogleSpreadsheetBody, GoogleSpreadsheetParams, GOOGLE_MESSAGES as M } from '../../../shared/api/google';
import type { ServerContext } from '../../context';
import { parse } from '../../http';
import { resolvedSpreadsheet, signedInUser } from '../access/enforce';
import { decidedInService, spreadsheetIn } from '../access/resources';
import { IpLimiter } from '../auth/limiter';
import { perAccount, perIp, type RateLimit } from '../auth/rate-limit';
import { connectSpreadsheet, pullNow, syncStatus } from './pull';
import { googlePushRepo } from './push-repo';
import { remapColumn } from './remap';
import { connectionStatus, disconnect, finishConnect, startConnect } from './service';

/** Consent links one account may open per hour (each stores a state row). */
export const CONNECTS_PER_HOUR = 30;
/** Callbacks one client IP may send per hour (each may cost a call to Google's token endpoint). */
export const CALLBACKS_PER_HOUR = 60;
/** Spreadsheets one account may connect per hour (each costs calls to Google and a first sync). */
export const SPREADSHEET_CONNECTS_PER_HOUR = 30;
/** Pulls one account may ask for per hour (each reads the whole file from Google). */
export const PULLS_PER_HOUR = 120;

const workspaceWhy = 'the workspace named (or the caller’s own): its owner or an editor (gsheets/service.ts workspaceFor)';

export function googleRoutes(app: FastifyInstance, ctx: ServerContext) {
  const connects = perAccount(new IpLimiter(ctx.counters, 'gsheets.connects', CONNECTS_PER_HOUR, 3600_000));
  const connectLimit: RateLimit = { body: GoogleConnectBody, check: [connects], refusal: M.tooManyConnects, count: [{ when: 'attempt', budgets: [connects] }] };
  const callbacks = perIp(new IpLimiter(ctx.counters, 'gsheets.callbacks', CALLBACKS_PER_HOUR, 3600_000));
  const callbackLimit: RateLimit = { check: [callbacks], refusal: M.tooManyConnects, count: [{ when: 'attempt', budgets: [callbacks] }] };

  app.post('/api/google/connect', { config: { access: 'owner', resource: decidedInService(workspaceWhy), rateLimit: connectLimit } }, async (request) => {
    const { mode, workspace_id } = parse(GoogleConnectBody, request.body);
    return startConnect(ctx, signedInUser(request), mode, workspace_id);
  });

  // Google sends the owner's browser here (a top-level GET: the session cookie comes along).
  // Every outcome goes back to the dashboard, in words there.
  app.get('/api/google/callback', { config: { access: 'owner', resource: decidedInService('the consent state names the workspace and the user who started it'), rateLimit: callbackLimit } }, async (request, reply) => {
    const query = parse(GoogleCallbackQuery, request.query);
    const outcome = await finishConnect(ctx, signedInUser(request), query);
    const params = new URLSearchParams({ google: outcome.google, ...(outcome.message ? { message: outcome.message } : {}) });
    return reply.redirect(`/dashboard?${params.toString()}`, 303);
  });

  app.get('/api/google/connection', { config: { access: 'owner', resource: decidedInService(workspaceWhy) } }, async (request) => {
    const { workspace_id } = parse(GoogleConnectionQuery, request.query);
    return connectionStatus(ctx, signedInUser(request), workspace_id);
  });

  const sheetConnects = perAccount(new IpLimiter(ctx.counters, 'gsheets.sheetConnects', SPREADSHEET_CONNECTS_PER_HOUR, 3600_000));
  const sheetConnectLimit: RateLimit = { body: GoogleSpreadsheetBody, check: [sheetConnects], refusal: M.tooManyConnects, count: [{ when: 'attempt', budgets: [sheetConnects] }] };
  const pulls = perAccount(new IpLimiter(ctx.counters, 'gsheets.pulls', PULLS_PER_HOUR, 3600_000));
  const pullLimit: RateLimit = { check: [pulls], refusal: M.tooManyPulls, count: [{ when: 'attempt', budgets: [pulls] }] };
  const spreadsheet = spreadsheetIn(GoogleSpreadsheetParams, (p) => p.spreadsheetId);

  // A spreadsheet fed by a Google Sheets link: created at once, its first pull in the background.
  app.post('/api/google/spreadsheets', { config: { access: 'owner', resource: decidedInService(workspaceWhy), rateLimit: sheetConnectLimit } }, async (request, reply) => {
    const body = parse(GoogleSpreadsheetBody, request.body);
    return reply.status(202).send(await connectSpreadsheet(ctx, signedInUser(request), body));
  });

  app.get('/api/google/spreadsheets/:spreadsheetId', { config: { access: 'owner', resource: spreadsheet } }, async (request) => ({
    sync: await syncStatus(ctx, resolvedSpreadsheet(request).id),
  }));

  app.post('/api/google/spreadsheets/:spreadsheetId/pull', { config: { access: 'owner', resource: spreadsheet, rateLimit: pullLimit } }, async (request, reply) =>
    reply.status(202).send({ sync: await pullNow(ctx, resolvedSpreadsheet(request).id) }),
  );

  // The owner has read what the push could not write as meant: the list is cleared.
  app.delete('/api/google/spreadsheets/:spreadsheetId/conflicts', { config: { access: 'owner', resource: spreadsheet } }, async (request) => {
    const id = resolvedSpreadsheet(request).id;
    await googlePushRepo(ctx.db).clearConflicts(id);
    return { sync: await syncStatus(ctx, id) };
  });

  // The one-click remap of a column renamed or deleted in Google: answers the fresh status.
  app.post('/api/google/spreadsheets/:spreadsheetId/remap', { config: { access: 'owner', resource: spreadsheet } }, async (request) => {
    const body = parse(GoogleRemapBody, request.body);
    const target = resolvedSpreadsheet(request);
    await remapColumn(ctx, target, body);
    return { sync: await syncStatus(ctx, target.id) };
  });

  app.delete('/api/google/connection', { config: { access: 'owner', resource: decidedInService(workspaceWhy) } }, async (request, reply) => {
    const { workspace_id } = parse(GoogleConnectionQuery, request.query);
    await disconnect(ctx, signedInUser(request), workspace_id);
    return reply.status(204).send();
  });
}
