// What of an app a viewer who is not its owner may see (issue 12): the one rule every route that
// hands out blocks, their data or their actions follows (pages and board/page state, a block by
// id, actions, comments, row writes and uploads through a block, sheet data, charts and maps).
// - The owner (and the workspace's editors) see everything.
// - A page's blocks are visible only when the page is public (the Pages popup's "Public"): a
//   page that is not public keeps its content on the server, spec §4; only its frame blocks
//   (header and footer: `needs.frame`) still show, the way around the app.
// - A visitor of a password app who has not signed in yet sees the sign-in pages only
//   (shared/rules/auth-pages.ts), under the same rule.
// A block the viewer may not see is answered as one that does not exist, and the sheets and
// columns a viewer reads are those its visible blocks use (access/columns.ts).
import { kindsThat, resolveKind } from '../../blocks/schemas';
import type { BlockRecord } from '../../shared/settings';
import { isAuthPage } from '../../shared/rules/auth-pages';
import type { ServerContext } from '../platform/context';
import type { Db } from '../db';
import { blockRecord } from '../data/blocks/record';
import { blocksRepo, type BlockRow } from '../data/blocks/repo';
import { pagesRepo } from '../data/pages/repo';
import type { AppViewer } from './viewer';

/** Blocks a non-owner still gets on a page that is not public: the way around the app. */
const FRAME_KINDS: ReadonlySet<string> = new Set<string>(kindsThat((needs) => needs.frame !== undefined));

/** What the rule needs of a page (a stored row or the wire page). */
export interface PageVisibility {
  page_slug: string;
  is_public: boolean | number;
  is_auth?: boolean | number | null;
}

/** What the rule needs of the viewer (access/viewer.ts appViewer). */
export type Beholder = Pick<AppViewer, 'owner' | 'canView'>;

/**
 * A guest of an app: a visitor who may open it and is not its owner (a public app's visitor, the
 * marketplace preview's). What a template ships is what this viewer reads (templates/copy.ts).
 */
export const GUEST: Beholder = { owner: false, canView: true };

/** Whether the viewer may open the page at all: anyone who may view the app, or a sign-in page before signing in. */
export function pageOpens(viewer: Beholder, page: PageVisibility): boolean {
  return viewer.owner || viewer.canView || isAuthPage(page);
}

/** Whether the viewer sees this block of this page (the rule above). */
export function blockVisible(viewer: Beholder, page: PageVisibility, block: { type: string }): boolean {
  if (viewer.owner) return true;
  if (!pageOpens(viewer, page)) return false;
  return Number(page.is_public) === 1 || FRAME_KINDS.has(resolveKind(block.type) ?? block.type);
}

/** The blocks of one page the viewer sees, in order. */
export function visibleBlocks<B extends { type: string }>(viewer: Beholder, page: PageVisibility, blocks: readonly B[]): B[] {
  return blocks.filter((b) => blockVisible(viewer, page, b));
}

/**
 * Records of stored blocks as the rules read them, kept by block id with the stored type and
 * settings they were made from: every guest request reads the app's blocks (columns.ts), and
 * parsing and bringing up to date each block's settings each time was a tenth of a board's
 * requests. The rows themselves are read from the database on every request, so a change (here
 * or on another instance) is a different stored text and a new record; nothing to invalidate.
 * The records are shared: read them, never change them.
 */
const keptRecords = new Map<string, { type: string; config: string; record: BlockRecord }>();
const KEPT_RECORDS_MAX = 20_000;
const recordSerials = new WeakMap<BlockRecord, number>();
let nextSerial = 1;

function sharedRecord(row: BlockRow): BlockRecord {
  const kept = keptRecords.get(row.id);
  if (kept && kept.type === row.type && kept.config === row.config) return kept.record;
  const record = blockRecord(row);
  recordSerials.set(record, nextSerial++);
  if (keptRecords.size >= KEPT_RECORDS_MAX) keptRecords.delete(keptRecords.keys().next().value!);
  keptRecords.set(row.id, { type: row.type, config: row.config, record });
  return record;
}

/** A number that names a shared record (the same stored block, unchanged), or undefined for another record. */
export function recordSerial(record: BlockRecord): number | undefined {
  return recordSerials.get(record);
}

/**
 * Every block of the app the viewer sees, over all its pages (page order, then block order). Shared
 * records: read only. `db`: the handle to read through (a copy's transaction; default ctx.db).
 */
export async function visibleAppBlocks(ctx: ServerContext, appId: string, viewer: Beholder, db: Db = ctx.db): Promise<readonly BlockRecord[]> {
  const pages = (await pagesRepo(db).listByApp(appId)).filter((p) => pageOpens(viewer, p));
  const rows = await blocksRepo(db).listByPages(pages.map((p) => p.id));
  const byPage = new Map<string, BlockRecord[]>(pages.map((p) => [p.id, []]));
  for (const row of rows) byPage.get(row.page_id)?.push(sharedRecord(row));
  return pages.flatMap((p) => visibleBlocks(viewer, p, byPage.get(p.id) ?? []));
}
