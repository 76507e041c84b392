// Cloning a listed template into the caller's workspace (issue 15, §4's use-template flow), and
// the origins of cloned apps ("update available"). The copy itself is templates/copy.ts copyApp:
// fresh ids everywhere, the sheets the blocks use, the files they name; app users, comments and
// the seller's other data never come along (they are not part of an app's copy), and the
// credentials of API-call actions are blanked (stripSecrets; versions are frozen without them too).
import type { AppOrigin, CloneBody, CloneResponse } from '../../../shared/api/templates';
import { TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '../../../shared/rules/templates';
import type { ServerContext } from '../../platform/context';
import { isUniqueViolation } from '../../db';
import { badRequest, forbidden, HttpError, notFound } from '../../errors';
import { nowIso, parseJson } from '../../http';
import { chooseSubdomain } from '../apps/service';
import type { SessionUser } from '../../identity/owner-session';
import { assertAppRoom, uploadQuotaMb } from '../billing/plans';
import { purchasesRepo } from '../../data/purchases/repo';
import { copyApp } from '../templates/copy';
import { UPLOAD_MESSAGES } from '../uploads/service';
import { uploadsRepo } from '../../data/uploads/repo';
import { clonesRepo, type ListedTemplate } from '../../data/clones/repo';
import { updateRepo } from '../../data/clones/update-repo';
import { currentWorkspaceOrNull } from '../../identity/current-workspace';
import { withJob } from '../jobs/service';
import { crashPoint } from '../../crash-points';

/** Derived subdomains tried when racing clones take the same one. */
const SUBDOMAIN_ATTEMPTS = 5;

/** The caller's current workspace, one of their own (a clone never lands in a workspace they only edit). */
async function ownWorkspace(ctx: ServerContext, user: SessionUser): Promise<string> {
  const ws = await currentWorkspaceOrNull(ctx, user);
  if (!ws) throw forbidden('You need a workspace of your own to use templates.');
  if (ws.role !== 'owner') throw forbidden('Templates go into a workspace of your own. Switch to one of your workspaces first.');
  return ws.id;
}

/** The trimmed name of the new app, or the 400 the clone modal shows beside the field. */
export function cloneName(raw: string): string {
  const name = raw.trim();
  if (!name) throw badRequest(TEMPLATE_MESSAGES.cloneNameRequired, [{ path: 'name', message: TEMPLATE_MESSAGES.cloneNameRequired }]);
  if (name.length > TEMPLATE_LIMITS.cloneNameMax) throw badRequest(TEMPLATE_MESSAGES.cloneNameTooLong, [{ path: 'name', message: TEMPLATE_MESSAGES.cloneNameTooLong }]);
  return name;
}

/** Free, bought (a paid purchase that was not refunded or disputed), or the seller's own. */
async function mayClone(ctx: ServerContext, user: SessionUser, workspaceId: string, template: ListedTemplate): Promise<boolean> {
  if (Number(template.is_free) === 1 || template.workspace_id === workspaceId) return true;
  return purchasesRepo(ctx.db).hasPaid(user.id, template.id);
}

/**
 * Copies the template's current approved version into the caller's workspace as a new private
 * app named `name` (its subdomain from the name, unique), with or without the sample rows, and
 * records where it came from. One transaction: nothing is left of a copy that fails.
 */
export async function cloneTemplate(ctx: ServerContext, user: SessionUser, templateId: string, body: CloneBody): Promise<CloneResponse> {
  const name = cloneName(body.name);
  const workspaceId = await ownWorkspace(ctx, user);
  const template = await clonesRepo(ctx.db).template(templateId);
  // A listing whose version's copy is gone (never in practice: versions are deleted with their
  // listing) is as good as none.
  if (!template || !(await clonesRepo(ctx.db).appExists(template.snapshot_app_id))) throw notFound(TEMPLATE_MESSAGES.notFound);
  if (!(await mayClone(ctx, user, workspaceId, template))) throw new HttpError(402, TEMPLATE_MESSAGES.notPurchased, undefined, 'not_purchased');

  // The plan's number of apps and its upload quota (shared/rules/plans.ts).
  await assertAppRoom(ctx, ctx.db, workspaceId);
  const quotaMb = await uploadQuotaMb(ctx, ctx.db, workspaceId);
  const quotaBytes = quotaMb * 1024 * 1024;
  // Under a job (modules/jobs): files are copied before the commit, so a server stopped in between
  // leaves files the sweep removes by their ids, and the buyer a notice.
  return withJob(ctx, { kind: 'copy', userId: user.id, message: CLONE_INTERRUPTED(template.title) }, async (job) => {
    for (let attempt = 0; ; attempt++) {
      // Chosen before the transaction (on SQLite a read through ctx.db inside it would wait for it);
      // a clone racing for the same one fails on the unique index and takes the next.
      const subdomain = await chooseSubdomain(ctx, name, undefined, undefined, attempt);
      try {
        // Tracked so a stop waits for it (platform/lifecycle.ts); past the stop's deadline the copy
        // rolls back at its next slice (templates/copy.ts) and the sweep removes the files it copied.
        return await ctx.lifecycle.track(`a copy of template ${template.id}`, { atNextStart: 'nothing of an unfinished copy is kept; the sweep removes its files and tells the owner' }, () => ctx.db.transaction().execute(async (trx) => {
          const copy = await copyApp(ctx, trx, template.snapshot_app_id, workspaceId, {
            withRows: body.with_data,
            subdomain,
            // A clone starts private like any new app: the buyer publishes it when it is theirs.
            public: false,
            stripSecrets: true,
            fileId: job.fileId,
            // Named after the template, not the seller's spreadsheet ('Sample business' twice).
            spreadsheetTitle: template.title,
            // The copied files become the buyer's workspace media: they count against its quota.
            beforeFiles: async (bytes) => {
              if (bytes > 0 && (await uploadsRepo(trx).bytesOf(workspaceId)) + bytes > quotaBytes)
                throw new HttpError(413, UPLOAD_MESSAGES.storageFullEditor(String(Math.round(quotaMb * 100) / 100)), undefined, 'storage_full');
            },
          });
          const repo = clonesRepo(trx);
          const now = nowIso();
          const app = await repo.appSettings(copy.appId);
          const settings = parseJson<Record<string, unknown>>(app?.settings, {});
          await repo.renameApp(copy.appId, name, JSON.stringify({ ...settings, title: name }), now);
          // A board's one page carries the board's name (as a new board's does).
          if (app?.kind === 'board') await repo.renameBoardPage(copy.appId, name);
          await repo.insertOrigin({
            app_id: copy.appId,
            template_id: template.id,
            version_id: template.version_id,
            version_number: Number(template.version_number),
            with_rows: body.with_data ? 1 : 0,
            cloned_by: user.id,
            cloned_at: now,
          });
          // Everything copied (files too), nothing committed yet (the crash test stops here).
          await crashPoint('clone-copied');
          await job.done(trx);
          return {
            app: { id: copy.appId, name, subdomain: copy.subdomain, kind: template.kind === 'board' ? 'board' : 'multipage' },
            spreadsheet_id: copy.spreadsheetId,
          } satisfies CloneResponse;
        }));
      } catch (e) {
        if (e instanceof HttpError) throw e;
        if (isUniqueViolation(e) && attempt < SUBDOMAIN_ATTEMPTS) continue;
        ctx.log.error({ err: e }, 'template clone failed');
        throw new HttpError(500, TEMPLATE_MESSAGES.cloneFailed, undefined, 'clone_failed');
      }
    }
  });
}

/** The notice of a clone a server stop cut off. */
export const CLONE_INTERRUPTED = (title: string) => `Copying the template '${title}' was interrupted; nothing was changed. Try again.`;

/** The caller's workspace's cloned apps, with "update available" when a newer version was approved. */
export async function listOrigins(ctx: ServerContext, user: SessionUser): Promise<AppOrigin[]> {
  const ws = await currentWorkspaceOrNull(ctx, user);
  if (!ws) return [];
  const rows = await clonesRepo(ctx.db).originsOf(ws.id);
  const restorable = new Set((await updateRepo(ctx.db).latestSnapshots(rows.map((r) => r.app_id))).map((s) => s.app_id));
  return rows.map((r) => {
    const latest = r.latest_version_number === null || r.latest_version_number === undefined ? null : Number(r.latest_version_number);
    return {
      app_id: r.app_id,
      template_id: r.template_id,
      template_name: r.template_name ?? null,
      template_slug: r.template_slug ?? null,
      version_number: Number(r.version_number),
      latest_version_number: latest,
      update_available: latest !== null && latest > Number(r.version_number),
      can_restore: restorable.has(r.app_id),
    };
  });
}
