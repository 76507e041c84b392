// The publish button's look follows the marketplace review status (shell §2.4). Until the
// marketplace exists no app has a review request, so the editor passes 'default'.
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
