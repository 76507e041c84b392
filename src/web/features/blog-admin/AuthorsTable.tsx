// /blog-admin/authors' table: the blog accounts with their role, posts, whether they accepted
// their invitation and their last sign-in; Resend (not yet accepted) and Remove (their posts move
// to the one who removes them).
import { Anchor, Avatar, Button, Group } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { BlogAuthorAdmin } from '../../../shared/api/blog';
import { BLOG_ROLE_LABELS } from '../../../shared/rules/blog';
import { RecordTable, NOWRAP, WRAP, type RecordColumn } from '../../components/RecordTable';
import { InvitationStateBadge } from '../admin/BlogTeamTable';
import { formatInstant, safeLink } from '../admin/format';
import { blogApi, blogKeys } from './blog-admin-api';
import { confirmDeletion, useBlogDelete } from './blog-delete';
import type { InviteResult } from './AuthorInvite';
import { useBlogFailure } from './BlogLoadError';

export function AuthorsTable({ authors, onInvited }: { authors: readonly BlogAuthorAdmin[]; onInvited: (res: InviteResult) => void }) {
  const failed = useBlogFailure();
  const resend = useMutation({ mutationFn: blogApi.resend, onSuccess: onInvited, onError: (e) => failed('The invitation was not sent', e) });
  const remove = useBlogDelete({
    call: blogApi.deleteAuthor,
    done: ['Account removed', 'Their posts are now yours.'],
    refresh: [blogKeys.all],
    failure: 'The account was not removed',
  });
  const confirmRemove = (a: BlogAuthorAdmin) =>
    confirmDeletion({
      title: 'Remove this account?',
      text: `${a.name} will no longer be able to sign in. Their posts move to you.`,
      confirm: 'Remove',
      onConfirm: () => remove.mutate(a.id),
    });

  const columns: RecordColumn<BlogAuthorAdmin>[] = [
    {
      header: 'Name',
      cell: (a) => (
        <Group gap="xs" wrap="nowrap">
          <Avatar src={a.avatar ? safeLink(a.avatar) : null} alt="" radius="xl" size="sm" name={a.name} color="initials" />
          <Anchor component={Link} to={`/blog-admin/edit/${encodeURIComponent(a.id)}`} style={WRAP}>
            {a.name}
          </Anchor>
        </Group>
      ),
    },
    { header: 'Email', cell: (a) => a.email, style: WRAP },
    { header: 'Role', cell: (a) => BLOG_ROLE_LABELS[a.role] },
    { header: 'Posts', cell: (a) => a.post_count },
    { header: 'State', cell: (a) => <InvitationStateBadge active={a.active} /> },
    { header: 'Last sign-in', cell: (a) => formatInstant(a.last_login_at), style: NOWRAP },
    {
      header: 'Actions',
      cell: (a) => (
        <Group gap={4} wrap="nowrap">
          {!a.active && (
            <Button size="compact-xs" variant="light" onClick={() => resend.mutate(a.id)} loading={resend.isPending && resend.variables === a.id}>
              Resend
            </Button>
          )}
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => confirmRemove(a)}>
            Remove
          </Button>
        </Group>
      ),
    },
  ];
  return <RecordTable rows={authors} columns={columns} minWidth={860} rowTestId="blog-author-row" />;
}
