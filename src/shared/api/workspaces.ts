// Several workspaces per owner (issue 18): the switcher, /dashboard/new-workspace, renaming and
// deleting, and /boardWorkspace (the workspace's boards). The spec names the routes only; our
// design is in docs/decisions (several workspaces per owner).
import { z } from 'zod';

export const WORKSPACE_NAME_MAX = 100;
/** Workspaces one account may own (each holds its own data: bounded like everything else). */
export const MAX_WORKSPACES_PER_OWNER = 50;

export const WORKSPACE_MESSAGES = {
  nameRequired: 'Please enter a name for the workspace.',
  nameTooLong: `The name can have at most ${WORKSPACE_NAME_MAX} characters.`,
  notFound: 'Workspace not found',
  ownerOnly: 'Only the owner of this workspace can rename or delete it.',
  lastOne: 'This is your only workspace. Create another one before deleting this one.',
  tooMany: `You own ${MAX_WORKSPACES_PER_OWNER} workspaces, the most one account can have. Delete one to make room.`,
  confirm: "Type the workspace's name exactly to confirm.",
  editorsOwnerOnly: 'Only the owner of this workspace can manage its editors. Switch to one of your own workspaces to invite people.',
} as const;

const name = z
  .string({ error: WORKSPACE_MESSAGES.nameRequired })
  .transform((s) => s.replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, WORKSPACE_MESSAGES.nameRequired).max(WORKSPACE_NAME_MAX, WORKSPACE_MESSAGES.nameTooLong));

export const WorkspaceSummary = z.object({
  id: z.string(),
  name: z.string(),
  is_free_plan: z.boolean(),
  /** 'owner': the account's own; 'editor': another owner's it edits. */
  role: z.enum(['owner', 'editor']),
  /** The owner's name, for a workspace the account edits. */
  owner_name: z.string().optional(),
  current: z.boolean(),
});
export type WorkspaceSummary = z.infer<typeof WorkspaceSummary>;

/** GET /api/workspaces: the account's own workspaces (oldest first), then those it edits. */
export const WorkspacesResponse = z.object({ workspaces: z.array(WorkspaceSummary) });
/** POST /api/workspaces {name} → 201 {workspace}: a new, empty workspace on the default plan, made current. */
export const CreateWorkspaceBody = z.object({ name });
export const WorkspaceResponseOne = z.object({ workspace: WorkspaceSummary });
/** PUT /api/workspaces/current {id} → {workspace}; 404 for one the account neither owns nor edits. */
export const SwitchWorkspaceBody = z.object({ id: z.string().min(1).max(64) });
/** PATCH /api/workspaces/{id} {name} → {workspace} (owner only). */
export const RenameWorkspaceBody = z.object({ name });
/** DELETE /api/workspaces/{id} {confirm: its name} → 204 (owner only; never the last one). */
export const DeleteWorkspaceBody = z.object({ confirm: z.string().max(500) });

export const BOARD_SORTS = ['updated', 'name'] as const;
export type BoardSort = (typeof BOARD_SORTS)[number];

/** GET /api/board-workspace?q=&sort=: the current workspace's boards and apps (for /boardWorkspace). */
export const BoardWorkspaceQuery = z.object({
  q: z.string().max(200).optional(),
  sort: z.enum(BOARD_SORTS).optional(),
});
export const BoardCard = z.object({
  id: z.string(),
  name: z.string(),
  subdomain: z.string(),
  kind: z.enum(['board', 'multipage']),
  public: z.boolean(),
  /** ISO time of the last change of the app, its pages or its blocks. */
  updated_at: z.string(),
  blocks: z.number(),
  /** GET: a small SVG of the board's layout (owner and editors only). */
  thumbnail_url: z.string(),
});
export type BoardCard = z.infer<typeof BoardCard>;
export const BoardWorkspaceResponse = z.object({ workspace: WorkspaceSummary, boards: z.array(BoardCard) });
