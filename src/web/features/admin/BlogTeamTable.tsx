// /admin/blog-team's list: the blog accounts with their role, whether they accepted their
// invitation and their last sign-in.
import { Badge } from '@mantine/core';
import { BLOG_ROLE_LABELS } from '../../../shared/rules/blog';
import { RecordTable, NOWRAP, WRAP, type RecordColumn } from '../../components/RecordTable';
import type { BlogTeamMember } from './blog-team-api';
import { formatInstant } from './format';

/**
 * A blog account's state (it has accepted its invitation, signed in once, or not yet): 'Active', or 'Not accepted yet' while its invitation waits (whether the
 * invitation's e-mail went out is not kept: the list never claims it was sent; issue 33).
 */
export function InvitationStateBadge({ active }: { active: boolean }) {
  return (
    <Badge variant="light" color={active ? 'teal' : 'yellow'}>
      {active ? 'Active' : 'Not accepted yet'}
    </Badge>
  );
}

const COLUMNS: RecordColumn<BlogTeamMember>[] = [
  { header: 'Name', cell: (m) => m.name, style: WRAP },
  { header: 'Email', cell: (m) => m.email, style: WRAP },
  { header: 'Role', cell: (m) => BLOG_ROLE_LABELS[m.role] },
  { header: 'Status', cell: (m) => <InvitationStateBadge active={m.active} /> },
  { header: 'Last sign-in', cell: (m) => formatInstant(m.last_login_at), style: NOWRAP },
];

export function BlogTeamTable({ members, labelledBy }: { members: readonly BlogTeamMember[]; labelledBy: string }) {
  return <RecordTable rows={members} columns={COLUMNS} minWidth={720} labelledBy={labelledBy} rowTestId="blog-team-row" />;
}
