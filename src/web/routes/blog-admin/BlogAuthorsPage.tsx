// /blog-admin/authors (editors): the blog admin accounts, invitations (sent, or the link to pass
// on), resend, remove (their posts move to the one who removes them); /blog-admin/edit/{id}: one
// account's name, bio, avatar and role. The server refuses what a role may not do; its words show.
import { Anchor, Avatar, Badge, Button, Group, Modal, Select, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { BlogAuthorAdmin } from '../../../shared/api/blog';
import { BLOG_LIMITS, BLOG_ROLE_LABELS, BLOG_ROLES, type BlogRole } from '../../../shared/rules/blog';
import { InvitationLinkAlert } from '../../components/InvitationLink';
import { Loading } from '../../components/Loading';
import { formatInstant, safeLink } from '../../features/admin/format';
import { blogApi, blogKeys, useBlogAuthors } from '../../features/blog-admin/blog-admin-api';
import { BlogLoadError, useBlogFailure } from '../../features/blog-admin/BlogLoadError';
import { mediaSrc } from '../../features/blog-admin/media-format';
import { MediaPickerModal } from '../../features/blog-admin/MediaPicker';
import { messageOf } from '../../lib/api';
import { toast } from '../../lib/toast';

const ROLE_OPTIONS = BLOG_ROLES.map((r) => ({ value: r, label: BLOG_ROLE_LABELS[r] }));

export function BlogAuthorsPage() {
  useDocumentTitle('Authors · Blog admin');
  const authors = useBlogAuthors();
  const qc = useQueryClient();
  const failed = useBlogFailure();
  const [inviting, setInviting] = useState(false);
  const [link, setLink] = useState<{ name: string; link: string } | null>(null);

  const after = (res: { author: BlogAuthorAdmin; sent: boolean; link: string | null }) => {
    void qc.invalidateQueries({ queryKey: blogKeys.authors });
    if (res.sent) toast.success('Invitation sent', `Invitation sent to ${res.author.email}`);
    else if (res.link) setLink({ name: res.author.name, link: res.link });
  };
  const resend = useMutation({ mutationFn: (id: string) => blogApi.resend(id), onSuccess: after, onError: (e) => failed('The invitation was not sent', e) });
  const remove = useMutation({
    mutationFn: (id: string) => blogApi.deleteAuthor(id),
    onSuccess: () => {
      toast.success('Account removed', 'Their posts are now yours.');
      void qc.invalidateQueries({ queryKey: blogKeys.all });
    },
    onError: (e) => failed('The account was not removed', e),
  });
  const confirmRemove = (a: BlogAuthorAdmin) =>
    modals.openConfirmModal({
      title: 'Remove this account?',
      children: <Text size="sm">{a.name} will no longer be able to sign in. Their posts move to you.</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'blog-confirm-delete' } as Record<string, string>,
      onConfirm: () => remove.mutate(a.id),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Authors</Title>
        <Button onClick={() => setInviting(true)} data-testid="blog-author-invite">
          Invite
        </Button>
      </Group>
      {link && <InvitationLinkAlert text={`Pass this link on to ${link.name} yourself.`} link={link.link} onClose={() => setLink(null)} />}
      {authors.isPending ? (
        <Loading />
      ) : authors.isError ? (
        <BlogLoadError error={authors.error} title="The accounts could not be loaded" />
      ) : authors.data.authors.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No accounts yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table striped verticalSpacing="xs" bg="white">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Posts</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Last sign-in</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {authors.data.authors.map((a) => (
                <Table.Tr key={a.id} data-testid="blog-author-row">
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Avatar src={a.avatar ? safeLink(a.avatar) : null} alt="" radius="xl" size="sm" name={a.name} color="initials" />
                      <Anchor component={Link} to={`/blog-admin/edit/${encodeURIComponent(a.id)}`} style={{ overflowWrap: 'anywhere' }}>
                        {a.name}
                      </Anchor>
                    </Group>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{a.email}</Table.Td>
                  <Table.Td>{BLOG_ROLE_LABELS[a.role]}</Table.Td>
                  <Table.Td>{a.post_count}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={a.active ? 'teal' : 'yellow'}>
                      {a.active ? 'Active' : 'Invitation sent'}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInstant(a.last_login_at)}</Table.Td>
                  <Table.Td>
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
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={inviting} onClose={() => setInviting(false)} title="Invite to the blog team">
        {inviting && (
          <InviteForm
            onDone={(res) => {
              setInviting(false);
              after(res);
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}

function InviteForm({ onDone }: { onDone: (res: { author: BlogAuthorAdmin; sent: boolean; link: string | null }) => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<BlogRole>('author');
  const [error, setError] = useState<string | null>(null);
  const invite = useMutation({ mutationFn: () => blogApi.invite(name.trim(), email.trim(), role), onSuccess: onDone, onError: (e) => setError(messageOf(e)) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim() || !email.trim()) return setError('Please fill in both Name and Email.');
    setError(null);
    invite.mutate();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={BLOG_LIMITS.authorName} data-autofocus data-testid="blog-invite-name" />
        <TextInput label="Email" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} maxLength={320} data-testid="blog-invite-email" />
        <Select label="Role" data={ROLE_OPTIONS} value={role} onChange={(v) => v && setRole(v as BlogRole)} allowDeselect={false} data-testid="blog-invite-role" />
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Button type="submit" loading={invite.isPending} data-testid="blog-invite-send">
          Send invitation
        </Button>
      </Stack>
    </form>
  );
}

export function BlogAuthorEditPage() {
  useDocumentTitle('Edit account · Blog admin');
  const { id = '' } = useParams();
  const author = useQuery({ queryKey: blogKeys.author(id), queryFn: () => blogApi.author(id), enabled: !!id });
  if (author.isPending) return <Loading />;
  if (author.isError) return <BlogLoadError error={author.error} title="The account could not be opened" />;
  return <AuthorForm key={author.data.author.id} author={author.data.author} />;
}

function AuthorForm({ author }: { author: BlogAuthorAdmin }) {
  const qc = useQueryClient();
  const [name, setName] = useState(author.name);
  const [bio, setBio] = useState(author.bio);
  const [role, setRole] = useState<BlogRole>(author.role);
  const [avatar, setAvatar] = useState<{ id: string | null; src: string | null } | null>(null);
  const [picking, setPicking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown = avatar ? avatar.src : author.avatar ? safeLink(author.avatar) : null;
  const save = useMutation({
    mutationFn: () => blogApi.updateAuthor(author.id, { name: name.trim(), bio, role, ...(avatar ? { avatar_media_id: avatar.id } : {}) }),
    onSuccess: () => {
      toast.success('Account saved', name.trim());
      void qc.invalidateQueries({ queryKey: blogKeys.all });
    },
    onError: (e) => setError(messageOf(e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Please give a name.');
    setError(null);
    save.mutate();
  };
  return (
    <Stack gap="md" maw={560}>
      <Anchor component={Link} to="/blog-admin/authors" size="sm">
        ← Authors
      </Anchor>
      <Title order={2}>Edit account</Title>
      <Text c="dimmed" size="sm" style={{ overflowWrap: 'anywhere' }}>
        {author.email}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Group>
            <Avatar src={shown} alt="" size="lg" radius="xl" name={name} color="initials" data-testid="blog-author-avatar" />
            <Button size="xs" variant="light" onClick={() => setPicking(true)}>
              Choose avatar
            </Button>
            {shown && (
              <Button size="xs" variant="subtle" color="red" onClick={() => setAvatar({ id: null, src: null })}>
                Remove
              </Button>
            )}
          </Group>
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={BLOG_LIMITS.authorName} data-testid="blog-author-name" />
          <Textarea label="Bio" description={`${bio.length} / ${BLOG_LIMITS.bio}`} value={bio} onChange={(e) => setBio(e.currentTarget.value)} maxLength={BLOG_LIMITS.bio} autosize minRows={3} data-testid="blog-author-bio" />
          <Select label="Role" data={ROLE_OPTIONS} value={role} onChange={(v) => v && setRole(v as BlogRole)} allowDeselect={false} data-testid="blog-author-role" />
          {error && (
            <Text c="red" size="sm" role="alert" data-testid="blog-author-error">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} data-testid="blog-author-save">
              Save
            </Button>
          </Group>
        </Stack>
      </form>
      <MediaPickerModal opened={picking} onClose={() => setPicking(false)} onPick={(m) => setAvatar({ id: m.id, src: mediaSrc(m.id) })} title="Choose an avatar" />
    </Stack>
  );
}
