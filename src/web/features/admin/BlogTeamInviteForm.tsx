// /admin/blog-team's invitation: someone joins the blog team by e-mail. When no mail could be
// sent, the invitation link is shown to pass on by hand.
import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { BLOG_LIMITS, BLOG_ROLE_LABELS, BLOG_ROLES, type BlogRole } from '../../../shared/rules/blog';
import { FormError } from '../../components/FormError';
import { InvitationLinkAlert } from '../../components/InvitationLink';
import { issuesByPath, messageOf } from '../../lib/api';
import { useInviteToBlogTeam } from './blog-team-api';

const ROLE_OPTIONS = BLOG_ROLES.map((r) => ({ value: r, label: BLOG_ROLE_LABELS[r] }));

export function BlogTeamInviteForm() {
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
        <FormError>{invite.isError && !issues.name && !issues.email && messageOf(invite.error)}</FormError>
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
