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
