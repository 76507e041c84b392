// Template versions (issue 14): every marketplace submission freezes the app as it is at that
// moment into the provider's marketplace workspace (copy.ts), and records the copy as version
// n + 1 of the request. Reviewers look at the copy, and visitors will get it: later edits of the
// source app change nothing in a version. Nobody edits a version's copy; a new submission makes
// a new version.
import type { ServerContext } from '../../platform/context';
import type { Db } from '../../db';
import { newId, nowIso } from '../../http';
import { breathe, copyApp, removeCopiedFiles, uploadFilesToRemove } from './copy';
import { templatesRepo, type TemplateVersionRow } from '../../data/templates/repo';

/**
 * The system account that holds the frozen copies. Nobody can sign in as it: it has no password;
 * its e-mail is under the reserved `.invalid` domain (RFC 2606: no mail is ever delivered there,
 * so no sign-in link either); and the address is one the sign-up and e-mail-link forms refuse as
 * malformed (two dots in a row), so nobody can register it before the account is first made,
 * which would otherwise block it from ever being made.
 */
export const MARKETPLACE_ACCOUNT = {
  userId: 'marketplace',
  workspaceId: 'marketplace',
  name: 'Sheetboard Marketplace',
  email: 'marketplace..system@sheetboard.invalid',
} as const;

/** Creates the marketplace account and workspace on first use (inside the caller's transaction). */
export async function ensureMarketplaceWorkspace(trx: Db): Promise<string> {
  const now = nowIso();
  await templatesRepo(trx).ensureAccount(
    { id: MARKETPLACE_ACCOUNT.userId, name: MARKETPLACE_ACCOUNT.name, email: MARKETPLACE_ACCOUNT.email, created_at: now },
    { id: MARKETPLACE_ACCOUNT.workspaceId, name: MARKETPLACE_ACCOUNT.name, created_at: now },
  );
  return MARKETPLACE_ACCOUNT.workspaceId;
}

export interface FrozenVersion {
  version: TemplateVersionRow;
  /** Upload records the copy made (the caller removes their files if its transaction fails). */
  uploadIds: string[];
}

/**
 * Freezes `app` as the next version of review request `requestId`: an immutable, private copy in
 * the marketplace workspace holding what a guest of the app reads (copy.ts shippedSheets): the
 * sheets and columns the guest-visible blocks use, with their rows, or none when the seller sends
 * the template without its data (`withRows` false). Runs on `trx` only.
 */
export async function freezeVersion(
  ctx: ServerContext,
  trx: Db,
  input: { requestId: string; app: { id: string }; withRows: boolean; fileId?: (n: number) => string },
): Promise<FrozenVersion> {
  const workspaceId = await ensureMarketplaceWorkspace(trx);
  const copy = await copyApp(ctx, trx, input.app.id, workspaceId, { withRows: input.withRows, stripSecrets: true, fileId: input.fileId });
  const repo = templatesRepo(trx);
  const version: TemplateVersionRow = {
    id: newId(),
    request_id: input.requestId,
    source_app_id: input.app.id,
    number: (await repo.lastVersionNumber(input.requestId)) + 1,
    content_hash: copy.contentHash,
    snapshot_app_id: copy.appId,
    created_at: nowIso(),
  };
  await repo.insertVersion(version);
  return { version, uploadIds: copy.uploadIds };
}

/**
 * Deletes the frozen copies of a request's versions (a cancelled submission): their apps, their
 * spreadsheets and the upload records they made. Returns the upload ids, whose files the caller
 * records for removal in the same transaction (uploadFilesToRemove).
 */
export async function dropVersionCopies(trx: Db, requestId: string): Promise<string[]> {
  const repo = templatesRepo(trx);
  const uploadIds: string[] = [];
  for (const v of await repo.versionsOf(requestId)) {
    if (!v.snapshot_app_id) continue;
    uploadIds.push(...(await snapshotUploads(trx, v.snapshot_app_id)));
    await repo.deleteAppAndSpreadsheet(v.snapshot_app_id);
  }
  await repo.deleteUploads(uploadIds);
  return uploadIds;
}

/** The marketplace workspace's upload records a snapshot's settings, blocks and rows name. */
async function snapshotUploads(trx: Db, appId: string): Promise<string[]> {
  const repo = templatesRepo(trx);
  const app = await repo.app(appId);
  if (!app) return [];
  const pages = await repo.pages(appId);
  const blocks = await repo.blocks(pages.map((p) => p.id));
  const ids = new Set<string>();
  const scan = (text: string) => {
    for (const m of text.matchAll(/\/api\/uploads\/([A-Za-z0-9_-]{1,32})/g)) ids.add(m[1]!);
  };
  for (const text of [app.settings, ...pages.map((p) => p.settings), ...blocks.map((b) => b.config)]) scan(text);
  if (app.spreadsheet_id)
    for (const s of await repo.sheets(app.spreadsheet_id))
      for (let after = -1; ; ) {
        const batch = await repo.rowsAfter(s.id, after, 1000);
        for (const r of batch) scan(r.data);
        if (batch.length < 1000) break;
        after = batch[batch.length - 1]!.row_index;
        await breathe();
      }
  return (await repo.uploadsOfWorkspace(MARKETPLACE_ACCOUNT.workspaceId, [...ids])).map((u) => u.id);
}

export { removeCopiedFiles, uploadFilesToRemove };
