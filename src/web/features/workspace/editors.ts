// Workspace editors (issue 5, shared/api/workspace.ts): the pure steps of /dashboard/account and
// /join-workspace — the check before inviting, the texts after an invitation, the list order,
// labels and dates of the table, and the join page's state from its address and the session.
import { BASIC_EMAIL } from '../../../shared/api/app-users';
import { EDITOR_MESSAGES, type WorkspaceEditor } from '../../../shared/api/workspace';
import { oldestFirst, withEntry, withoutEntry } from '../../lib/created-list';

/** The owner's API of the workspace's editors. */
export const EDITORS_PATH = '/api/workspace/editors';

export type EmailCheck = { ok: true; email: string } | { ok: false; message: string };

/** Before sending: trimmed, lower-cased and a basic address, with the server's message. */
export function checkEditorEmail(raw: string): EmailCheck {
  const email = raw.trim().toLowerCase();
  if (!email || !BASIC_EMAIL.test(email)) return { ok: false, message: EDITOR_MESSAGES.invalidEmail };
  return { ok: true, email };
}

export const MAIL_NOT_SENT_TEXT = 'Editor added, but the invitation e-mail was not sent (no mail server is set up, or it refused). Send them this link yourself: it works once, while they are signed in.';

export interface InviteResult {
  color: 'teal' | 'yellow';
  text: string;
  /** The invitation link, only when the e-mail was not sent: for the owner to pass on. */
  link?: string;
}

/** What the owner reads after a successful invitation (201); an e-mail not sent is a warning with the link. */
export function inviteResult(email: string, invitationSent: boolean, link?: string): InviteResult {
  if (invitationSent) return { color: 'teal', text: `Invitation sent to ${email}` };
  return { color: 'yellow', text: MAIL_NOT_SENT_TEXT, ...(link ? { link } : {}) };
}

export function removeQuestion(email: string): string {
  return `Remove ${email}? They lose access to every app of your workspace at once.`;
}

export const STATUS_LABELS: Record<WorkspaceEditor['status'], string> = { invited: 'Invited', active: 'Active' };

/** Oldest first (the server's order), equal times keep their order. */
export const sortEditors: (list: readonly WorkspaceEditor[]) => WorkspaceEditor[] = oldestFirst;

/** The list after an invitation: the new editor replaces one with the same id, else joins the end. */
export const withEditor: (list: readonly WorkspaceEditor[], editor: WorkspaceEditor) => WorkspaceEditor[] = withEntry;

export const withoutEditor: (list: readonly WorkspaceEditor[], id: string) => WorkspaceEditor[] = withoutEntry;

/** 'Added' column: the day in the reader's locale (created_at is in seconds). */
export function addedDate(createdAt: number, locale?: string): string {
  return new Date(createdAt * 1000).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}

export function joinedText(ownerName: string): string {
  return `You can now edit the apps of ${ownerName}'s workspace`;
}

/**
 * The join page's screen: no token; still finding out who is signed in; a visitor who must sign in
 * first (the page stores its address so sign-in or sign-up comes back); or a signed-in account
 * that can follow the link.
 */
export type JoinStep = 'no-token' | 'loading' | 'sign-in' | 'join';

export function joinStep(token: string | null, me: { pending: boolean; signedIn: boolean }): JoinStep {
  if (!token?.trim()) return 'no-token';
  if (me.pending) return 'loading';
  return me.signedIn ? 'join' : 'sign-in';
}
