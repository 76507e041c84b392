// The publish button's look follows the marketplace review status (shell §2.4): the editor loads
// the app's review request (a failure reads as none, §7); no request is 'default'.
export type ReviewStatus = 'default' | 'pending' | 'published' | 'rejected' | 'disabled';

export interface PublishLook {
  label: string;
  color: string;
  variant: 'filled' | 'light';
  disabled: boolean;
}

const LOOKS: Record<ReviewStatus, PublishLook> = {
  default: { label: 'Publish', color: 'indigo', variant: 'filled', disabled: false },
  pending: { label: 'Pending Review', color: 'yellow', variant: 'light', disabled: false },
  published: { label: 'Published', color: 'teal', variant: 'light', disabled: false },
  rejected: { label: 'Rejected', color: 'red', variant: 'light', disabled: false },
  disabled: { label: 'Publish', color: 'gray', variant: 'filled', disabled: true },
};

export const publishLook = (status: ReviewStatus): PublishLook => LOOKS[status];

/** The look of an app's request: its status, or 'default' when there is none (or it could not be loaded). */
export const publishStatusOf = (request: { status: 'pending' | 'published' | 'rejected' } | null | undefined): ReviewStatus => request?.status ?? 'default';

/** Colours of a tool in the multipage sidebar (CSS values). */
export interface SidebarTone {
  background: string | undefined;
  color: string;
}

/**
 * The multipage sidebar's publish tool in the same colours as the board's top-bar button: the
 * status's colour (pending yellow, published teal, rejected red); the default looks like the
 * other tools, and the active one like an open tool.
 */
export function sidebarPublishTone(status: ReviewStatus, active: boolean): SidebarTone {
  const look = LOOKS[status];
  if (look.disabled) return { background: undefined, color: 'var(--mantine-color-gray-4)' };
  if (status === 'default') return { background: active ? 'var(--mantine-color-indigo-0)' : undefined, color: active ? 'var(--mantine-color-indigo-7)' : 'var(--mantine-color-gray-7)' };
  return { background: `var(--mantine-color-${look.color}-${active ? 1 : 0})`, color: `var(--mantine-color-${look.color}-8)` };
}
