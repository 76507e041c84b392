// The Users popup (shell §2.4, §3, §5, §8): the pure steps of the owner's app-user management —
// the check before sending, the permission labels, the list order and the failure texts.
import {
  appUserPermission,
  BASIC_EMAIL,
  FILL_BOTH_MESSAGE,
  INVALID_EMAIL_MESSAGE,
  INVITATION_DAYS,
  type AppUser,
  type AppUserPermission,
} from '../../shared/api/app-users';
import { oldestFirst, withEntry, withoutEntry } from '../lib/created-list';

export const PERMISSION_OPTIONS: { value: AppUserPermission; label: string }[] = [
  { value: 'read', label: 'Read' },
  { value: 'read-write', label: 'Read-Write' },
];

/** 'Read' or 'Read-Write'; anything else reads as Read (shell §6). */
export function permissionLabel(p: unknown): string {
  return appUserPermission(p) === 'read-write' ? 'Read-Write' : 'Read';
}

export interface UserDraft {
  name: string;
  email: string;
  permissions: AppUserPermission;
  /** Row rules can give a group's rows to its members (none by default). */
  groups: string[];
}

export const EMPTY_DRAFT: UserDraft = { name: '', email: '', permissions: 'read', groups: [] };

export function draftOf(user: AppUser): UserDraft {
  return { name: user.name, email: user.email, permissions: appUserPermission(user.permissions), groups: [...(user.groups ?? [])] };
}

/** A user's groups in the list: their names, or a dash. */
export function groupsLabel(groups: readonly string[] | undefined): string {
  return groups && groups.length > 0 ? groups.join(', ') : '—';
}

export type UserCheck = { ok: true; value: UserDraft } | { ok: false; message: string };

/** Before sending: both fields trimmed and required, then a basic address (shell §5). */
export function checkUser(d: UserDraft): UserCheck {
  const name = d.name.trim();
  const email = d.email.trim();
  if (!name || !email) return { ok: false, message: FILL_BOTH_MESSAGE };
  if (!BASIC_EMAIL.test(email)) return { ok: false, message: INVALID_EMAIL_MESSAGE };
  const groups = [...new Set(d.groups.map((g) => g.trim()).filter(Boolean))];
  return { ok: true, value: { name, email, permissions: appUserPermission(d.permissions), groups } };
}

/** Sorted by created_at ascending (shell §3); equal times keep their order. */
export const sortUsers: (users: readonly AppUser[]) => AppUser[] = oldestFirst;

/** The list after an add or an update (the user replaced in place, or appended), in order. */
export const withUser: (users: readonly AppUser[], user: AppUser) => AppUser[] = withEntry;

export const withoutUser: (users: readonly AppUser[], id: string) => AppUser[] = withoutEntry;

type Failure = 'load' | 'update' | 'delete';
/** §8's alerts as written there, the server's message after the colon. */
const FAILURE_PREFIX: Record<Failure, string> = {
  load: 'Failed to load users: ',
  update: 'Failed to update user: ',
  delete: 'Failed to delete user: ',
};

/** 'Failed to load users: …' with the server's message; ending in a full stop when there is none. */
export function failureText(kind: Failure, e: unknown): string {
  const message = e instanceof Error ? e.message.trim() : '';
  return message ? FAILURE_PREFIX[kind] + message : `${FAILURE_PREFIX[kind].slice(0, -2)}.`;
}

/**
 * The spec keeps a failed add silent; here the server's reason (a 409 duplicate address, a
 * missing field) shows in the dialog so the owner knows the user was not added.
 */
export function addFailureText(e: unknown): string {
  const message = e instanceof Error ? e.message.trim() : '';
  return message || 'The user could not be added. Please try again.';
}

export function deleteQuestion(user: Pick<AppUser, 'name' | 'email'>): string {
  return `Are you sure you want to delete user ${user.name} (${user.email})? This action cannot be undone.`;
}

/** Above the link to pass on when an app user's invitation was not mailed. */
export function invitationNotSentText(name: string): string {
  return `The invitation e-mail to ${name} was not sent (no mail server is set up, or it refused). Send them this link yourself: it lets them set their password once, within ${INVITATION_DAYS} days.`;
}
