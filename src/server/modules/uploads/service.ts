// Uploads: files under 5 MB stored through ctx.files (storage.ts: DATA_DIR/uploads/{id} on local
// disk, or the S3 bucket when S3_BUCKET is set) with a row in `uploads`.
// The type comes from the bytes (detect.ts); the accept rule (accept.ts) is checked on the
// server. Who may upload: a signed-in owner into their own workspace, anywhere; anyone else
// only through a block of a public app that takes files from them (a form's file field, a
// table or list image column with 'Upload Image' they may fill), into that app's workspace.
// Issue 4 (images) reuses this module; nothing here is specific to forms but `uploadFields`.
// Block settings (purpose `block-setting`: an image, video or audio setting of a block, uploaded
// from the editor) are uploaded by whoever may edit the app, into its workspace, and only as
// media a browser shows without running anything (no SVG: it can hold scripts).
//
// Limits (issue 12): the route counts uploads per client IP and, for visitors, per app
// (routes.ts, config.uploadsPerIp / uploadsPerApp); a workspace stores at most
// config.uploadQuotaMb of files, editors' and visitors' alike (storeUpload); a visitor's file no
// saved row names within config.unattachedUploadHours is deleted (sweepUploads). Editors' files
// are never swept: they may be named by block or app settings, markdown, imported sheets, places
// no one records, so only the quota bounds them.
import { editsWorkspace, PASSWORD_SIGN_IN, refuseSnapshotWrite, viewApp, type AppViewer, type Caller } from '../../access/viewer';
import { blockVisible } from '../../access/visibility';
import { allows, type ViewerRole } from '../../../blocks/audience';
import { axisDefaultOf, needsOf } from '../../../blocks/schemas';
import type { Upload } from '../../../shared/api';
import type { BlockRecord } from '../../../shared/settings';
import type { ServerContext } from '../../platform/context';
import { badRequest, forbidden, HttpError, notFound, unauthorized } from '../../errors';
import { newId, nowIso } from '../../http';
import { appsRepo } from '../../data/apps/repo';
import { canEdit } from '../apps/service';
import { appView, resolveApp } from '../../data/apps/record';
import type { SessionUser } from '../../identity/owner-session';
import { uploadQuotaMb } from '../billing/plans';
import { blockRecord } from '../../data/blocks/record';
import { rowsRepo } from '../../data/rows/repo';
import { acceptRule, type AcceptRule } from './accept';
import { detectType } from './detect';
import { uploadsRepo, type UploadRow } from '../../data/uploads/repo';
import { uploadKey } from '../../platform/storage';
import { stripControlChars } from '../../../shared/rules/control-chars';
import { fileTypeName } from '../../../shared/rules/file-types';
import { currentWorkspaceOrNull } from '../../identity/current-workspace';
import { crashPoint } from '../../crash-points';
import { withJob } from '../jobs/service';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const UPLOAD_MESSAGES = {
  tooLarge: 'Files must be under 5 MB',
  noFile: "Choose a file to upload (form field 'file')",
  oneFile: 'Send one file per upload',
  unreadable: 'The upload could not be read. Please try again.',
  badAccept: (accept: string) => `Unknown accepted file type '${accept.slice(0, 100)}'`,
  notAccepted: (label: string, type: string) => `Only ${label} can be uploaded here: this file is ${fileTypeName(type)}.`,
  signIn: 'Sign in, or upload from a board that takes files',
  privateApp: 'This application is private and you do not have permission to access it.',
  needBlock: 'Uploads to this board must come from one of its blocks (blockId)',
  otherBoard: 'This block is not part of this board',
  noUploads: 'This block does not take file uploads',
  noField: (column: string) => `This block has no upload field '${column.slice(0, 100)}'`,
  notFound: 'File not found',
  signInToEdit: 'Sign in to upload files for block settings',
  notEditor: 'Only the owner of this app can upload files for its blocks',
  tooManyFromIp: (wait: string) => `Too many files uploaded from your network. Please wait ${wait} and try again.`,
  tooManyForApp: (wait: string) => `This app has received too many files in a short time. Please wait ${wait} and try again.`,
  storageFull: 'This file could not be saved: the storage for files of this app is full. Please let the owner of the app know.',
  storageFullEditor: (mb: string) =>
    `This file could not be saved: your workspace has reached its limit of ${mb} MB of uploaded files. Ask the administrator of this Sheetboard server to raise the limit.`,
} as const;

/** What a block setting takes: the kind of its control (image, imageBlock, image_upload → image). */
export type SettingMediaKind = 'image' | 'video' | 'audio';

export const SETTING_MEDIA: Record<SettingMediaKind, { label: string; types: readonly string[] }> = {
  // SVG is left out on purpose: it may carry scripts, and these images appear on public pages.
  image: { label: 'PNG, JPEG, GIF or WebP images', types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] },
  video: { label: 'MP4, WebM, Ogg or QuickTime videos', types: ['video/mp4', 'video/webm', 'video/ogg', 'video/quicktime'] },
  audio: { label: 'MP3, WAV, Ogg, M4A or FLAC audio', types: ['audio/mpeg', 'audio/wav', 'audio/ogg', 'audio/mp4', 'audio/flac'] },
};

export interface UploadRequest {
  board?: string;
  blockId?: string;
  /** Accept rule the client asks for (the form's file_mime_type); applied on top of the block's. */
  accept?: string;
  /** The block's field (column) the file is for, when it has several. */
  column?: string;
  host?: string;
  /** `block-setting`: a media setting of a block, uploaded from the editor by an editor of the app. */
  purpose?: 'block-setting';
  /** For `block-setting`: the kind of media (default image). */
  kind?: SettingMediaKind;
}

export interface UploadField {
  column: string;
  accept: string;
}

/**
 * The fields of a block that take a file from a viewer with `role`: a form's `file` fields
 * (accept: file_mime_type, spec default image/*), and image columns of tables and lists set to
 * 'Upload Image' that the role may fill (add_new_row, the column's editable, or an Edit row action).
 */
export function uploadFields(block: BlockRecord, role: ViewerRole): UploadField[] {
  const out: UploadField[] = [];
  const column = (e: Record<string, unknown>) => (typeof e.column === 'string' ? e.column : '');
  const writes = needsOf(block.type).rowWrites;
  if (writes?.by === 'fields') {
    for (const e of block.axis)
      if (e.type === 'file') out.push({ column: column(e), accept: typeof e.file_mime_type === 'string' && e.file_mime_type ? e.file_mime_type : 'image/*' });
    return out;
  }
  if (writes?.by !== 'audiences') return out;
  const visibility = block.action_button_visibility ?? 'Everyone';
  const editRow = block.actions.some((a) => a.type === 'Edit row') && allows(visibility, role);
  const adds = allows(block.add_new_row ?? 'None', role);
  for (const e of block.axis) {
    if (e.type !== 'image' || e.image_source !== 'Upload Image') continue;
    // Tables default `editable` to None, lists to Everyone (spec §3), as the rows service does.
    const editable = allows(e.editable ?? axisDefaultOf(block.type, 'editable') ?? 'None', role);
    if (adds || editable || editRow) out.push({ column: column(e), accept: 'image' });
  }
  return out;
}

export interface UploadPermit {
  workspaceId: string;
  /** The app the file is for: reading it back follows that app's privacy (null: workspace media). */
  appId: string | null;
  /** Every rule the file must satisfy. */
  rules: AcceptRule[];
  /** Uploaded by an editor of the workspace (not counted per app, never swept). */
  editor: boolean;
}

function ruleOf(accept: string): AcceptRule {
  const rule = acceptRule(accept);
  if (!rule) throw badRequest(UPLOAD_MESSAGES.badAccept(accept), [{ path: 'accept', message: 'Unknown file type' }]);
  return rule;
}

/** Who may upload where, and under which accept rules (decided before the file is stored). */
export async function authorizeUpload(ctx: ServerContext, caller: Caller, req: UploadRequest): Promise<UploadPermit> {
  const user = caller.user;
  if (req.purpose === 'block-setting') return authorizeSettingUpload(ctx, user, req);
  const rules: AcceptRule[] = req.accept ? [ruleOf(req.accept)] : [];
  const ws = await currentWorkspaceOrNull(ctx, user);
  const app = req.board || req.host ? await resolveApp(ctx, { board: req.board, host: req.host }) : null;
  // The owner or an editor of the app's workspace; without an app, a signed-in owner into their current one.
  const owner = app ? await editsWorkspace(ctx, user, app.workspaceId) : !!ws;

  let viewer: AppViewer | null = null;
  if (!owner) {
    if (!app) throw unauthorized(UPLOAD_MESSAGES.signIn);
    viewer = await viewApp(ctx, caller, app);
    if (!req.blockId) throw forbidden(UPLOAD_MESSAGES.needBlock);
  }
  // Nothing is stored for a template's frozen copy (issue 14), whoever sends it.
  await refuseSnapshotWrite(ctx, app, viewer);
  if (!req.blockId) return { workspaceId: app ? app.workspaceId : ws!.id, appId: app?.id ?? null, rules, editor: owner };

  const row = await rowsRepo(ctx.db).blockWithApp(req.blockId);
  if (!row) throw (owner ? notFound('Block not found') : forbidden(UPLOAD_MESSAGES.otherBoard));
  if (!app) await refuseSnapshotWrite(ctx, { id: row.app_id });
  // A block the viewer may not see (access/visibility.ts) is answered as one that does not exist.
  if (viewer && !blockVisible(viewer, row, row)) throw forbidden(UPLOAD_MESSAGES.otherBoard);
  if (app ? row.app_id !== app.id : !owner) throw forbidden(UPLOAD_MESSAGES.otherBoard);
  const block = blockRecord(row);
  let workspaceId = app?.workspaceId ?? ws?.id ?? '';
  if (owner && !app) {
    // The owner names a block without a board: it must be of a workspace they edit.
    const own = await appsRepo(ctx.db).findById(row.app_id);
    if (!own || !(await editsWorkspace(ctx, user, own.workspace_id))) throw forbidden(UPLOAD_MESSAGES.otherBoard);
    workspaceId = own.workspace_id;
  }
  const role: ViewerRole = owner ? 'admin' : viewer!.role;
  let fields = uploadFields(block, role);
  if (req.column !== undefined && req.column !== '') {
    fields = fields.filter((f) => f.column === req.column);
    if (fields.length === 0 && !owner) throw forbidden(UPLOAD_MESSAGES.noField(req.column));
  }
  if (fields.length === 0) {
    if (!owner) throw forbidden(UPLOAD_MESSAGES.noUploads);
    // The owner may upload anywhere; a block without file fields adds no rule.
    return { workspaceId, appId: row.app_id, rules, editor: owner };
  }
  // The block's own rule: any of its fields' accepts.
  const blockRules = fields.map((f) => ruleOf(f.accept));
  const labels = [...new Set(blockRules.map((r) => r.label))];
  rules.push({
    label: labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}` : labels[0]!,
    matches: (type) => blockRules.some((r) => r.matches(type)),
  });
  return { workspaceId, appId: row.app_id, rules, editor: owner };
}

/**
 * A block setting's media: the app named by the request (its host, else `board`) must be one the
 * user may edit; the file goes to that app's workspace. Without an app (an owner screen outside
 * any app) it goes to the user's own workspace. Only the kind's media types pass.
 */
async function authorizeSettingUpload(ctx: ServerContext, user: SessionUser | null, req: UploadRequest): Promise<UploadPermit> {
  const kind = req.kind ?? 'image';
  const media = SETTING_MEDIA[kind];
  const rules: AcceptRule[] = [{ label: media.label, matches: (type) => media.types.includes(type) }];
  const app = req.board || req.host ? await resolveApp(ctx, { board: req.board, host: req.host }) : null;
  // Nothing is stored for a template's frozen copy (issue 14): signing in would not help.
  await refuseSnapshotWrite(ctx, app);
  if (!user) throw unauthorized(UPLOAD_MESSAGES.signInToEdit);
  if (app) {
    if (!(await canEdit(ctx, user, app))) throw forbidden(UPLOAD_MESSAGES.notEditor);
    return { workspaceId: app.workspaceId, appId: app.id, rules, editor: true };
  }
  const ws = await currentWorkspaceOrNull(ctx, user);
  if (!ws) throw forbidden(UPLOAD_MESSAGES.notEditor);
  return { workspaceId: ws.id, appId: null, rules, editor: true };
}

/** A file name fit to store and to put in a Content-Disposition: no path, no control characters. */
export function cleanName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const clean = stripControlChars(base).trim();
  return Array.from(clean || 'file').slice(0, 200).join('');
}

const ID = /^[A-Za-z0-9_-]{1,32}$/;

export function uploadOut(row: UploadRow): Upload {
  return { id: row.id, url: `/api/uploads/${row.id}`, name: row.name, type: row.type, size: Number(row.size) };
}

/** Runs `fn` after every earlier call with the same key has finished (per process). */
const queues = new Map<string, Promise<unknown>>();
async function oneAtATime<T>(key: string, fn: () => Promise<T>): Promise<T> {
  const run = (queues.get(key) ?? Promise.resolve()).then(fn, fn);
  const tail = run.catch(() => undefined);
  queues.set(key, tail);
  try {
    return await run;
  } finally {
    if (queues.get(key) === tail) queues.delete(key);
  }
}

/** The quota in MB as people read it: 1024, 0.5. */
const megabytes = (mb: number) => String(Math.round(mb * 100) / 100);

/**
 * Stores a file the route has read whole (at most MAX_UPLOAD_BYTES: the multipart fileSize limit
 * stops the stream past it, before anything is written). Nothing reaches the store (disk or bucket) unless it
 * passes every rule and fits the workspace's quota; a write or insert that fails leaves no file.
 * The quota check and the write run one at a time per workspace, so parallel uploads cannot each
 * see room for themselves only.
 */
export async function storeUpload(ctx: ServerContext, permit: UploadPermit, name: string | undefined, data: Buffer): Promise<Upload> {
  if (data.length > MAX_UPLOAD_BYTES) throw badRequest(UPLOAD_MESSAGES.tooLarge);
  const type = detectType(data);
  for (const rule of permit.rules)
    if (!rule.matches(type)) throw badRequest(UPLOAD_MESSAGES.notAccepted(rule.label, type), [{ path: 'file', message: `Only ${rule.label}` }]);
  const row: UploadRow = {
    id: newId(),
    workspace_id: permit.workspaceId,
    name: cleanName(name),
    type,
    size: data.length,
    created_at: nowIso(),
    app_id: permit.appId,
    attached_at: null,
    from_visitor: permit.editor ? 0 : 1,
  };
  const repo = uploadsRepo(ctx.db);
  return oneAtATime(`quota:${permit.workspaceId}`, async () => {
    // The workspace's plan sets the quota (never below UPLOAD_QUOTA_MB).
    const quotaMb = await uploadQuotaMb(ctx, ctx.db, permit.workspaceId);
    if ((await repo.bytesOf(permit.workspaceId)) + data.length > quotaMb * 1024 * 1024)
      throw new HttpError(413, permit.editor ? UPLOAD_MESSAGES.storageFullEditor(megabytes(quotaMb)) : UPLOAD_MESSAGES.storageFull, undefined, 'storage_full');
    // The store writes whole or nothing (a full disk leaves no half file); a file whose record
    // could not be inserted is removed again, and one whose server stopped before its record was
    // (kill -9) is removed by the sweep: the job names it until the record's transaction commits.
    const key = uploadKey(row.id);
    await withJob(ctx, { kind: 'upload', files: [key] }, async (job) => {
      await ctx.files.put(key, data, type);
      await crashPoint('upload-stored');
      try {
        await ctx.db.transaction().execute(async (trx) => {
          await uploadsRepo(trx).insert(row);
          await job.done(trx);
        });
      } catch (err) {
        await ctx.files.delete(key).catch((e: unknown) => ctx.log.warn({ err: e, key }, 'removing a file without its record failed'));
        throw err;
      }
    });
    return uploadOut(row);
  });
}

const SWEEP_BATCH = 500;

/**
 * Deletes (record, then file) visitors' uploads that no saved row named within
 * config.unattachedUploadHours. Editors' files and files stored before attachments were recorded
 * are kept. Stored files without a record are left alone: several instances may share DATA_DIR
 * or a bucket with their own databases (DATABASE_SCHEMA), so a file unknown here may be another's.
 * Returns how many uploads were removed.
 */
export async function sweepUploads(ctx: ServerContext, now = Date.now()): Promise<number> {
  const before = new Date(now - ctx.config.unattachedUploadHours * 3600_000).toISOString();
  const repo = uploadsRepo(ctx.db);
  let removed = 0;
  for (;;) {
    const batch = await repo.unattachedBefore(before, SWEEP_BATCH);
    for (const { id } of batch) {
      // Checked again as it is deleted: a row saved since keeps the file.
      if (!(await repo.deleteUnattached(id))) continue;
      await ctx.files.delete(uploadKey(id));
      removed++;
    }
    if (batch.length < SWEEP_BATCH) break;
  }
  return removed;
}

/**
 * A stored upload's record and whether any cache may keep it (its bytes: ctx.files, uploadKey). A file uploaded for an
 * app is read under that app's viewer rule (access/viewer.ts: 403 'Access Denied' for a private
 * app, 401 for a password app until its app user signs in); a file outside any app (workspace
 * media) by anyone holding its unguessable id.
 */
export async function findUpload(ctx: ServerContext, caller: Caller, id: string): Promise<{ row: UploadRow; shared: boolean }> {
  if (!ID.test(id)) throw notFound(UPLOAD_MESSAGES.notFound);
  const row = await uploadsRepo(ctx.db).findById(id);
  if (!row) throw notFound(UPLOAD_MESSAGES.notFound);
  let shared = true;
  if (row.app_id) {
    const app = await appsRepo(ctx.db).findById(row.app_id);
    if (!app) throw notFound(UPLOAD_MESSAGES.notFound);
    const view = appView(app);
    await viewApp(ctx, caller, view);
    // Only a file everyone may see goes into shared caches.
    shared = view.public && view.sign_in_method !== PASSWORD_SIGN_IN;
  }
  return { row, shared };
}
