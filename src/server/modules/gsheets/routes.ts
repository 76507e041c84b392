// Connecting a workspace's Google account (issue 16). Thin: the input is declared in each route's
// schema (parsed before the handler), the handler calls the service and answers.
// 'owner' + decidedInService: a session is required (401), and the service allows only the
// workspace's owner and editors (workspaceFor; anyone else's workspace is 404).
import {
  GoogleCallbackQuery,
  GoogleConnectBody,
  GoogleConnectionQuery,
  GoogleConnectionResponse,
  GoogleConnectResponse,
  GoogleRemapBody,
  GoogleSpreadsheetBody,
  GoogleSpreadsheetParams,
  GoogleSpreadsheetResponse,
  GoogleSyncResponse,
  GOOGLE_MESSAGES as M,
} from '../../../shared/api/google';
import type { ServerContext } from '../../platform/context';
import type { ApiServer } from '../../routing/input';
import { resolvedSpreadsheet, signedInUser } from '../../access/enforce';
import { decidedInService, spreadsheetIn } from '../../access/resources';
import { IpLimiter } from '../../platform/limits/limiter';
import { perAccount, perIp, type RateLimit } from '../../platform/limits/rate-limit';
import { connectSpreadsheet, pullNow, syncStatus } from './pull';
import { googlePushRepo } from '../../data/gsheets/push-repo';
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

const tag = 'Google Sheets' as const;
const workspaceWhy = 'the workspace named (or the caller’s own): its owner or an editor (gsheets/service.ts workspaceFor)';

export function googleRoutes(app: ApiServer, ctx: ServerContext) {
  const connects = perAccount(new IpLimiter(ctx.counters, 'gsheets.connects', CONNECTS_PER_HOUR, 3600_000));
  const connectLimit: RateLimit = { check: [connects], refusal: M.tooManyConnects, count: [{ when: 'attempt', budgets: [connects] }] };
  const callbacks = perIp(new IpLimiter(ctx.counters, 'gsheets.callbacks', CALLBACKS_PER_HOUR, 3600_000));
  const callbackLimit: RateLimit = { check: [callbacks], refusal: M.tooManyConnects, count: [{ when: 'attempt', budgets: [callbacks] }] };

  app.post(
    '/api/google/connect',
    {
      schema: { body: GoogleConnectBody },
      config: { access: 'owner', resource: decidedInService(workspaceWhy), rateLimit: connectLimit, api: { tag, summary: "Start connecting a Google account: the link to Google's consent page", response: GoogleConnectResponse } },
    },
    async (request) => startConnect(ctx, signedInUser(request), request.body.mode, request.body.workspace_id),
  );

  // Google sends the owner's browser here (a top-level GET: the session cookie comes along).
  // Every outcome goes back to the dashboard, in words there.
  app.get(
    '/api/google/callback',
    {
      schema: { querystring: GoogleCallbackQuery },
      config: {
        access: 'owner',
        resource: decidedInService('the consent state names the workspace and the user who started it'),
        rateLimit: callbackLimit,
        api: {
          tag,
          summary: "Google's return from its consent page (the owner's browser, sent on to the dashboard)",
          description: 'Answers 303 See Other to `/dashboard?google=connected|denied|expired|error`, with a `message` to show when there is one.',
        },
      },
    },
    async (request, reply) => {
      const outcome = await finishConnect(ctx, signedInUser(request), request.query);
      const params = new URLSearchParams({ google: outcome.google, ...(outcome.message ? { message: outcome.message } : {}) });
      return reply.redirect(`/dashboard?${params.toString()}`, 303);
    },
  );

  app.get(
    '/api/google/connection',
    {
      schema: { querystring: GoogleConnectionQuery },
      config: { access: 'owner', resource: decidedInService(workspaceWhy), api: { tag, summary: "The workspace's Google connection, and the ways this server can connect one", response: GoogleConnectionResponse } },
    },
    async (request) => connectionStatus(ctx, signedInUser(request), request.query.workspace_id),
  );

  const sheetConnects = perAccount(new IpLimiter(ctx.counters, 'gsheets.sheetConnects', SPREADSHEET_CONNECTS_PER_HOUR, 3600_000));
  const sheetConnectLimit: RateLimit = { check: [sheetConnects], refusal: M.tooManyConnects, count: [{ when: 'attempt', budgets: [sheetConnects] }] };
  const pulls = perAccount(new IpLimiter(ctx.counters, 'gsheets.pulls', PULLS_PER_HOUR, 3600_000));
  const pullLimit: RateLimit = { check: [pulls], refusal: M.tooManyPulls, count: [{ when: 'attempt', budgets: [pulls] }] };
  const spreadsheet = spreadsheetIn(GoogleSpreadsheetParams, (p) => p.spreadsheetId);
  const sheetOwner = { access: 'owner' as const, resource: spreadsheet };

  // A spreadsheet fed by a Google Sheets link: created at once, its first pull in the background.
  // It and the pull answer 202, which `config.api.status` cannot say (200, 201 or 204): their
  // reference shows the answer's body under 200, and the summary says 202.
  app.post(
    '/api/google/spreadsheets',
    {
      schema: { body: GoogleSpreadsheetBody },
      config: {
        access: 'owner',
        resource: decidedInService(workspaceWhy),
        rateLimit: sheetConnectLimit,
        api: { tag, summary: 'Connect a Google spreadsheet by its link (202: its first sync runs in the background)', response: GoogleSpreadsheetResponse },
      },
    },
    async (request, reply) => reply.status(202).send(await connectSpreadsheet(ctx, signedInUser(request), request.body)),
  );

  app.get(
    '/api/google/spreadsheets/:spreadsheetId',
    { schema: { params: GoogleSpreadsheetParams }, config: { ...sheetOwner, api: { tag, summary: "A connected spreadsheet's sync status", response: GoogleSyncResponse } } },
    async (request) => ({ sync: await syncStatus(ctx, resolvedSpreadsheet(request).id) }),
  );

  app.post(
    '/api/google/spreadsheets/:spreadsheetId/pull',
    { schema: { params: GoogleSpreadsheetParams }, config: { ...sheetOwner, rateLimit: pullLimit, api: { tag, summary: "Read Google's changes now (202: the sync runs in the background)", response: GoogleSyncResponse } } },
    async (request, reply) => reply.status(202).send({ sync: await pullNow(ctx, resolvedSpreadsheet(request).id) }),
  );

  // The owner has read what the push could not write as meant: the list is cleared.
  app.delete(
    '/api/google/spreadsheets/:spreadsheetId/conflicts',
    { schema: { params: GoogleSpreadsheetParams }, config: { ...sheetOwner, api: { tag, summary: 'Clear the list of edits that could not be written to Google as made', response: GoogleSyncResponse } } },
    async (request) => {
      const id = resolvedSpreadsheet(request).id;
      await googlePushRepo(ctx.db).clearConflicts(id);
      return { sync: await syncStatus(ctx, id) };
    },
  );

  // The one-click remap of a column renamed or deleted in Google: answers the fresh status.
  app.post(
    '/api/google/spreadsheets/:spreadsheetId/remap',
    {
      schema: { params: GoogleSpreadsheetParams, body: GoogleRemapBody },
      config: { ...sheetOwner, api: { tag, summary: 'Point the blocks that use a column renamed or deleted in Google at another column', response: GoogleSyncResponse } },
    },
    async (request) => {
      const target = resolvedSpreadsheet(request);
      await remapColumn(ctx, target, request.body);
      return { sync: await syncStatus(ctx, target.id) };
    },
  );

  app.delete(
    '/api/google/connection',
    { schema: { querystring: GoogleConnectionQuery }, config: { access: 'owner', resource: decidedInService(workspaceWhy), api: { tag, summary: "Disconnect the workspace's Google account", status: 204 } } },
    async (request, reply) => {
      await disconnect(ctx, signedInUser(request), request.query.workspace_id);
      return reply.status(204).send();
    },
  );
}
