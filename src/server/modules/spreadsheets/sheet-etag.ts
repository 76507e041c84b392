// Conditional GETs of sheet data: every route that reads a sheet's rows for a viewer (rows, one
// row, chart) goes through readSheetConditionally, so a reloaded board revalidates (304, no body)
// instead of downloading its rows again.
//
// The tag is computed from everything the answer depends on, before any row is read:
// - the sheet (id, version: every row write, import, re-import, column change and Google pull
//   bumps it, so a changed sheet never matches an old tag) and its columns;
// - the request's path and query string (search, sort, paging, filters, chart settings);
// - who asks: the account, the app and app user, the viewer's role and e-mail ('current user'
//   filters), the row rule they are held to with their e-mail and groups (access/row-rules.ts),
//   and the columns this viewer may see (they follow the app's blocks, which can change
//   while the sheet does not), so two viewers never share a validator;
// - today's date (relative date filters: 'today', 'this week');
// - ETAG_FORMAT, raised when the answers' shape changes, so a new server never confirms an old body.
// The tag lives in the database's state only (no per-process counter), so every instance of the
// server computes the same one.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../platform/context';
import { AnswerCache, sendKept } from '../../platform/net/answer-cache';
import { ifNoneMatchHits, weakEtag } from '../../platform/net/etag';
import { resolvedSheetAccess } from '../../access/enforce';
import type { SheetAccess } from '../../access/viewer';
import { openSheet, type ViewerSheet } from './service';

/** Raise when a sheet-reading route's answer changes shape for the same sheet and query. */
export const ETAG_FORMAT = 1;

/** Answers may be kept by the browser alone, and are checked with the server before each use. */
export const SHEET_CACHE_CONTROL = 'private, no-cache';

function localDate(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The weak ETag of a sheet read: see the list at the top of this file. */
export function sheetEtag(sheet: ViewerSheet, access: SheetAccess, url: string, now = new Date()): string {
  const viewer = access.reader?.viewer;
  return weakEtag([
    ETAG_FORMAT,
    url,
    sheet.id,
    String(sheet.version),
    sheet.columns,
    access.user?.id ?? null,
    access.reader?.app.id ?? null,
    viewer ? [viewer.owner, viewer.role, viewer.appUser?.id ?? null] : null,
    sheet.viewerEmail,
    sheet.allowedColumns ? [...sheet.allowedColumns].sort() : null,
    // The row rule this reader is held to, with their e-mail and groups (a new group, a changed
    // rule: another answer).
    sheet.rowRule?.key ?? null,
    localDate(now),
  ]);
}

/**
 * Opens the sheet for the route's reader (its rule has already run), tags the answer, and answers
 * 304 when If-None-Match holds the tag; otherwise runs `read` on the opened sheet. The ETag and
 * Cache-Control go on the 304 and on a successful answer only (never on an error).
 * `nocache`: the spec's no-cache flag (a Google pull first, so the tag names the fresh version).
 */
export async function readSheetConditionally<T>(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  sheetTitle: string,
  read: (sheet: ViewerSheet) => Promise<T>,
  nocache?: string,
): Promise<T | FastifyReply> {
  const access = resolvedSheetAccess(request);
  const sheet = await openSheet(ctx, access, sheetTitle, nocache);
  const etag = sheetEtag(sheet, access, request.url);
  if (ifNoneMatchHits(request.headers['if-none-match'], etag)) {
    return reply.code(304).header('etag', etag).header('cache-control', SHEET_CACHE_CONTROL).send();
  }
  const cache = answerCacheOf(ctx);
  if (cache.enabled) {
    // The tag names everything the answer depends on (above): the same tag, the same bytes.
    return sendKept(cache, request, reply, etag, () => read(sheet), { etag, 'cache-control': SHEET_CACHE_CONTROL });
  }
  const answer = await read(sheet);
  reply.header('etag', etag).header('cache-control', SHEET_CACHE_CONTROL);
  return answer;
}

const answerCaches = new WeakMap<ServerContext, AnswerCache>();

/** This server instance's kept answers (net/answer-cache.ts), made on first use. */
export function answerCacheOf(ctx: ServerContext): AnswerCache {
  let cache = answerCaches.get(ctx);
  if (!cache) answerCaches.set(ctx, (cache = new AnswerCache(ctx.config.answerCacheMb * 1024 * 1024)));
  return cache;
}
