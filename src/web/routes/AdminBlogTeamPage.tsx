// /admin/blog-team (issue 17, behind admin-auth): the provider's way to the blog's first
// administrator and its team: the blog accounts (name, e-mail, role, whether they accepted their
// invitation, last sign-in) and a form that invites someone by e-mail. When no mail could be
// sent, the invitation link is shown to pass on by hand.
import { Alert, Badge, Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useId, useState, type FormEvent } from 'react';
import { BLOG_LIMITS, BLOG_ROLE_LABELS, BLOG_ROLES, type BlogRole } from '../../shared/rules/blog';
import { InvitationLinkAlert } from '../components/InvitationLink';
import { Loading } from '../components/Loading';
import { AdminLayout } from '../features/admin/AdminLayout';
import { AdminLoadError } from '../features/admin/AdminLoadError';
import { useBlogTeam, useInviteToBlogTeam } from '../features/admin/blog-team-api';
import { formatInstant } from '../features/admin/format';
import { issuesByPath, messageOf } from '../lib/api';

const ROLE_OPTIONS = BLOG_ROLES.map((r) => ({ value: r, label: BLOG_ROLE_LABELS[r] }));

function InviteForm() {
  const invite = useInviteToBlogTeam();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<BlogRole>('admin');
  const [done, setDone] = useState<{ name: string; email: string; link: string | null } | null>(null);
  const issues = invite.error ? issuesByPath(invite.error) : {};

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    invite.mutate(
      { name: name.trim(), email: email.trim(), role },
      {
        onSuccess: (r) => {
          setDone({ name: r.author.name, email: r.author.email, link: r.sent ? null : r.link });
          setName('');
          setEmail('');
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} aria-label="Invite to the blog team">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Invite to the blog team
        </Title>
        <Text size="sm" c="dimmed">
          They get an e-mail with a link to choose their password. The link works for {BLOG_LIMITS.invitationHours} hours.
        </Text>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} required maxLength={BLOG_LIMITS.authorName} error={issues.name} w={220} />
          <TextInput label="E-mail" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} required maxLength={320} error={issues.email} w={260} />
          <Select label="Role" data={ROLE_OPTIONS} value={role} onChange={(v) => v && setRole(v as BlogRole)} allowDeselect={false} w={180} />
        </Group>
        {invite.isError && !issues.name && !issues.email && (
          <Alert color="red" variant="light" role="alert">
            {messageOf(invite.error)}
          </Alert>
        )}
        {done && !done.link && (
          <Alert color="teal" variant="light" role="status" withCloseButton onClose={() => setDone(null)}>
            Invitation sent to {done.email}
          </Alert>
        )}
        {done?.link && (
          <InvitationLinkAlert
            text={`Send this link to ${done.name} yourself. It works once, for ${BLOG_LIMITS.invitationHours} hours.`}
            link={done.link}
            onClose={() => setDone(null)}
          />
        )}
        <Group>
          <Button type="submit" loading={invite.isPending}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

export function AdminBlogTeamPage() {
  useDocumentTitle('Blog team · Sheetboard admin');
  const headingId = useId();
  const team = useBlogTeam();
  const members = team.data?.authors;
  return (
    <AdminLayout>
      <Stack gap="md">
        <div>
          <Title order={2} id={headingId}>
            Blog team
          </Title>
          <Text size="sm" c="dimmed">
            The people who write and publish the blog. They sign in at /blog-admin with their own accounts.
          </Text>
        </div>
        <InviteForm />
        {team.isPending ? (
          <Loading />
        ) : team.isError ? (
          <AdminLoadError error={team.error} title="The blog team could not be loaded" />
        ) : members && members.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            Nobody is on the blog team yet. Invite its first administrator above.
          </Text>
        ) : (
          members && (
            <Table.ScrollContainer minWidth={720}>
              <Table aria-labelledby={headingId} striped verticalSpacing="xs" bg="white">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Email</Table.Th>
                    <Table.Th>Role</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Last sign-in</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {members.map((m) => (
                    <Table.Tr key={m.id} data-testid="blog-team-row">
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{m.name}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{m.email}</Table.Td>
                      <Table.Td>{BLOG_ROLE_LABELS[m.role]}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={m.active ? 'teal' : 'yellow'}>
                          {m.active ? 'Active' : 'Invitation sent'}
                        </Badge>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatInstant(m.last_login_at)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )
        )}
      </Stack>
    </AdminLayout>
  );
}
