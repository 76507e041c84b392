// Workspace editors (issue 5: "only the owner and the workspace's editors" see a private app).
// The spec names the /dashboard/users route but does not show it; our design (docs/decisions,
// workspace editors): the owner invites people by e-mail to edit every app of the workspace. An invitation is
// a one-time link (/join-workspace?token=...) that binds the account signed in when it is opened.
import { z } from 'zod';

/**
 * `GET /api/board/workspace`: the plan of the signed-in account's current workspace (issue 18: an
 * owner may hold several, each with its plan; GET /api/workspaces names them).
 */
export const WorkspaceResponse = z.object({ is_free_plan: z.boolean() });

export const EDITOR_STATUSES = ['invited', 'active'] as const;

export const WorkspaceEditor = z.object({
  id: z.string(),
  email: z.string(),
  /** The account's name once the invitation is accepted; null while invited. */
  name: z.string().nullable(),
  /** 'invited' until someone follows the link signed in; then 'active'. */
  status: z.enum(EDITOR_STATUSES),
  /** Seconds since the epoch. */
  created_at: z.number(),
});
export type WorkspaceEditor = z.infer<typeof WorkspaceEditor>;

/** GET /api/workspace/editors: the signed-in owner's workspace editors, oldest first. */
export const WorkspaceEditorsResponse = z.object({ editors: z.array(WorkspaceEditor) });
/** POST /api/workspace/editors → 201 {editor, invitation_sent}; 400 bad address or your own; 409 already there; 429 too many invitations. */
export const AddWorkspaceEditorBody = z.object({ email: z.string().max(320).transform((s) => s.trim().toLowerCase()) });
export const AddWorkspaceEditorResponse = z.object({
  editor: WorkspaceEditor,
  invitation_sent: z.boolean(),
  /** Only when the invitation was not sent (no mail server set, or it refused): the link for the owner to pass on. */
  invitation_link: z.string().optional(),
});
/** DELETE /api/workspace/editors/{id} → 204: the person loses access at once (params: ShortIdParams in ./params). */
/** POST /api/workspace/join {token} (signed in) → {workspace}; 400 code invalid_token for a used, expired or unknown link. */
export const JoinWorkspaceBody = z.object({ token: z.string().min(1).max(200) });
export const JoinWorkspaceResponse = z.object({ workspace: z.object({ id: z.string(), name: z.string(), owner_name: z.string() }) });

export const EDITOR_MESSAGES = {
  invalidEmail: 'Please enter a valid e-mail address (e.g., name@example.com).',
  yourself: 'You own this workspace already.',
  duplicate: 'This person is already an editor of your workspace (or invited).',
  notFound: 'Editor not found',
  invalidToken: 'This invitation link is invalid, used or expired. Ask the workspace owner to invite you again.',
  ownWorkspace: 'This is your own workspace.',
} as const;
