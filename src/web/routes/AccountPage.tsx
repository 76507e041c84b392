// /dashboard/account (issue 18): the owner's account (name, e-mail address with its verification,
// password, sessions), the workspace's editors (the section that used to be the whole page), and
// deleting the account. Contracts and messages: shared/api/account.ts.
import { Alert, AppShell, Badge, Button, Card, Container, Divider, Group, Modal, PasswordInput, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDevices, IconKey, IconMail, IconTrash, IconUser } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ChangeEmailBody, ChangePasswordBody, UpdateAccountBody, type AccountResponse, type AccountSession, type SessionsResponse } from '../../shared/api/account';
import { OwnerModals } from '../components/OwnerModals';
import { accountKey, useAccount, useResendVerification, type AccountData } from '../features/account/account-queries';
import { DashboardHeader } from '../features/dashboard/DashboardHeader';
import { api, issuesByPath, type Out } from '../lib/api';
import { keys } from '../lib/queries';
import { toast } from '../lib/toast';
import { WorkspaceEditorsSection } from './WorkspaceEditorsPage';

const sessionsKey = ['account-sessions'] as const;
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—');
/** The first message of a zod parse per field, as the server would word it. */
function firstIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) out[String(i.path[0])] ??= i.message;
  return out;
}

export function AccountPage() {
  useDocumentTitle('Account · Sheetboard');
  const account = useAccount();
  return (
    <OwnerModals>
      <AppShell header={{ height: 60 }} padding="md" bg="gray.0">
        <AppShell.Header>
          <DashboardHeader />
        </AppShell.Header>
        <AppShell.Main>
          <Container size="md" py="md">
            <Stack gap="xl">
              <div>
                <Title order={1} size="h2">
                  Your account
                </Title>
                <Text c="dimmed" size="sm">
                  Your name, e-mail address, password and sessions, and the people who edit your workspace.
                </Text>
              </div>
              {account.isError && (
                <Alert color="red" variant="light" role="alert">
                  {account.error.message}
                </Alert>
              )}
              {account.data && (
                <>
                  <ProfileCard account={account.data} />
                  <EmailCard account={account.data} />
                  <PasswordCard />
                </>
              )}
              <SessionsCard />
              <Divider />
              <WorkspaceEditorsSection />
              <Divider />
              {account.data && <DeleteCard account={account.data} />}
            </Stack>
          </Container>
        </AppShell.Main>
      </AppShell>
    </OwnerModals>
  );
}

function Section({ title, icon, label, children, danger }: { title: string; icon: ReactNode; label: string; children: ReactNode; danger?: boolean }) {
  const id = useId();
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby={id} style={danger ? { borderColor: 'var(--mantine-color-red-4)' } : undefined} data-testid={`account-${label}`}>
      <Group gap="xs" mb="sm">
        {icon}
        <Title order={3} size="h4" id={id} c={danger ? 'red.8' : undefined}>
          {title}
        </Title>
      </Group>
      {children}
    </Card>
  );
}

function ProfileCard({ account }: { account: AccountData }) {
  const qc = useQueryClient();
  const [name, setName] = useState(account.name);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (value: string) => api.put<Out<typeof AccountResponse>>('/api/account', { name: value }),
    onSuccess: (res) => {
      qc.setQueryData(accountKey, res.account);
      void qc.invalidateQueries({ queryKey: keys.me });
      toast.success('Name saved', `Your name is now ${res.account.name}.`);
    },
    onError: (e) => setError(issuesByPath(e).name ?? (e as Error).message),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = UpdateAccountBody.safeParse({ name });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Name is required');
    setError(null);
    save.mutate(parsed.data.name);
  };
  return (
    <Section title="Name" icon={<IconUser size={20} />} label="name">
      <form onSubmit={submit} noValidate aria-label="Name">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Your name"
            description="Shown in the dashboard and on templates you sell."
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            maxLength={200}
            style={{ flex: 1, minWidth: 240 }}
          />
          <Button type="submit" mt={46} loading={save.isPending} disabled={name.trim() === account.name}>
            Save name
          </Button>
        </Group>
      </form>
    </Section>
  );
}

function EmailCard({ account }: { account: AccountData }) {
  const qc = useQueryClient();
  const resend = useResendVerification();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [sent, setSent] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (body: typeof values) => api.post<{ message: string }>('/api/account/email', body),
    onSuccess: (res) => {
      setSent(res.message);
      setValues({ email: '', password: '' });
      void qc.invalidateQueries({ queryKey: accountKey });
    },
    onError: (e) => {
      const byPath = issuesByPath(e);
      if ((e as { status?: number }).status === 409) setErrors({ email: (e as Error).message });
      else if (Object.keys(byPath).length) setErrors(byPath);
      else setErrors({ email: (e as Error).message });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSent(null);
    const parsed = ChangeEmailBody.safeParse(values);
    if (!parsed.success) return setErrors(firstIssues(parsed.error.issues));
    setErrors({});
    change.mutate(parsed.data);
  };
  return (
    <Section title="E-mail address" icon={<IconMail size={20} />} label="email">
      <Stack gap="sm">
        <Group gap="xs">
          <Text fw={500} data-testid="account-email">
            {account.email}
          </Text>
          {account.email_verified ? (
            <Badge color="teal" variant="light">
              Verified
            </Badge>
          ) : (
            <Badge color="yellow" variant="light">
              Not verified
            </Badge>
          )}
        </Group>
        {!account.email_verified && (
          <Alert color="yellow" variant="light">
            <Text size="sm">Publishing apps and templates waits until you follow the link we sent to this address.</Text>
            <Button size="xs" mt="xs" variant="light" color="yellow" onClick={() => resend.mutate()} loading={resend.isPending}>
              Resend link
            </Button>
          </Alert>
        )}
        {account.pending_email && !sent && (
          <Alert color="blue" variant="light" role="status">
            Waiting for you to follow the link sent to {account.pending_email}. Until then your account keeps {account.email}.
          </Alert>
        )}
        {sent && (
          <Alert color="teal" variant="light" role="status" withCloseButton onClose={() => setSent(null)}>
            {sent}
          </Alert>
        )}
        <form onSubmit={submit} noValidate aria-label="Change e-mail address">
          <Stack gap="sm">
            <Group align="flex-start" gap="sm" wrap="wrap" grow>
              <TextInput
                label="New e-mail address"
                type="email"
                autoComplete="email"
                value={values.email}
                onChange={(e) => {
                  const email = e.currentTarget.value;
                  setValues((v) => ({ ...v, email }));
                  setErrors((er) => ({ ...er, email: undefined }));
                }}
                error={errors.email}
                maxLength={320}
              />
              <PasswordInput
                label="Current password"
                autoComplete="current-password"
                value={values.password}
                onChange={(e) => {
                  const password = e.currentTarget.value;
                  setValues((v) => ({ ...v, password }));
                  setErrors((er) => ({ ...er, password: undefined }));
                }}
                error={errors.password}
              />
            </Group>
            <Group>
              <Button type="submit" variant="light" loading={change.isPending}>
                Send confirmation link
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Section>
  );
}

function PasswordCard() {
  const qc = useQueryClient();
  const empty = { currentPassword: '', newPassword: '', repeat: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof typeof empty, string>>>({});
  const change = useMutation({
    mutationFn: () => api.put<{ message: string }>('/api/account/password', { currentPassword: values.currentPassword, newPassword: values.newPassword }),
    onSuccess: (res) => {
      setValues(empty);
      toast.success('Password changed', res.message);
      void qc.invalidateQueries({ queryKey: sessionsKey });
    },
    onError: (e) => {
      const byPath = issuesByPath(e);
      if (Object.keys(byPath).length) setErrors(byPath);
      else setErrors({ currentPassword: (e as Error).message });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ChangePasswordBody.safeParse(values);
    const next = parsed.success ? {} : firstIssues(parsed.error.issues);
    if (!next.newPassword && values.newPassword !== values.repeat) next.repeat = 'The two passwords are not the same';
    setErrors(next);
    if (Object.keys(next).length === 0) change.mutate();
  };
  const field = (key: keyof typeof empty, label: string, autoComplete: string) => (
    <PasswordInput
      label={label}
      autoComplete={autoComplete}
      value={values[key]}
      onChange={(e) => {
        const v = e.currentTarget.value;
        setValues((old) => ({ ...old, [key]: v }));
        setErrors((er) => ({ ...er, [key]: undefined }));
      }}
      error={errors[key]}
      maxLength={200}
    />
  );
  return (
    <Section title="Password" icon={<IconKey size={20} />} label="password">
      <form onSubmit={submit} noValidate aria-label="Change password">
        <Stack gap="sm">
          {field('currentPassword', 'Current password', 'current-password')}
          <Group align="flex-start" gap="sm" wrap="wrap" grow>
            {field('newPassword', 'New password', 'new-password')}
            {field('repeat', 'Repeat the new password', 'new-password')}
          </Group>
          <Text size="xs" c="dimmed">
            At least 8 characters, not a common one. Your other sessions are signed out when it changes.
          </Text>
          <Group>
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

function SessionsCard() {
  const qc = useQueryClient();
  const headingId = useId();
  const sessions = useQuery({ queryKey: sessionsKey, queryFn: async () => (await api.get<Out<typeof SessionsResponse>>('/api/account/sessions')).sessions });
  const others = useMutation({
    mutationFn: () => api.post<{ ended: number }>('/api/account/sessions/sign-out-others'),
    onSuccess: (res) => toast.success('Signed out everywhere else', res.ended === 1 ? 'One other session was signed out.' : `${res.ended} other sessions were signed out.`),
    onError: (e) => toast.error('Could not sign out the other sessions', (e as Error).message),
    onSettled: () => qc.invalidateQueries({ queryKey: sessionsKey }),
  });
  const one = useMutation({
    mutationFn: (s: AccountSession) => api.delete(`/api/account/sessions/${encodeURIComponent(s.id)}`),
    onSuccess: (_r, s) => toast.success('Session signed out', `${s.device} is signed out.`),
    onError: (e) => toast.error('Could not sign out that session', (e as Error).message),
    onSettled: () => qc.invalidateQueries({ queryKey: sessionsKey }),
  });
  const list = sessions.data ?? [];
  return (
    <Section title="Sessions" icon={<IconDevices size={20} />} label="sessions">
      <Stack gap="sm">
        <Text size="sm" c="dimmed" id={headingId}>
          The browsers and devices signed in to your account.
        </Text>
        {sessions.isError && (
          <Alert color="red" variant="light" role="alert">
            {sessions.error.message}
          </Alert>
        )}
        <Table.ScrollContainer minWidth={520}>
          <Table aria-labelledby={headingId} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Device</Table.Th>
                <Table.Th>Signed in</Table.Th>
                <Table.Th>Last seen</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((s) => (
                <Table.Tr key={s.id} data-testid="session-row">
                  <Table.Td>
                    <Group gap="xs">
                      <Text size="sm">{s.device}</Text>
                      {s.current && (
                        <Badge size="sm" variant="light">
                          This device
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>{when(s.created_at)}</Table.Td>
                  <Table.Td>{when(s.last_seen_at)}</Table.Td>
                  <Table.Td>
                    {!s.current && (
                      <Button size="xs" variant="subtle" color="red" onClick={() => one.mutate(s)} loading={one.isPending && one.variables?.id === s.id}>
                        Sign out
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group>
          <Button variant="light" color="red" onClick={() => others.mutate()} loading={others.isPending} disabled={list.filter((s) => !s.current).length === 0}>
            Sign out everywhere else
          </Button>
        </Group>
      </Stack>
    </Section>
  );
}

function DeleteCard({ account }: { account: AccountData }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: () => api.delete('/api/account', { body: { confirm } }),
    onSuccess: () => {
      qc.clear();
      qc.setQueryData(keys.me, null);
      navigate('/dashboard/auth', { replace: true });
      toast.success('Account deleted', 'Your account, your workspace and everything in it are gone.');
    },
    onError: (e) => setError(issuesByPath(e).confirm ?? (e as Error).message),
  });
  return (
    <Section title="Delete account" icon={<IconTrash size={20} color="var(--mantine-color-red-7)" />} label="delete" danger>
      <Stack gap="sm">
        <Text size="sm">
          Deletes your account and your workspace with everything in it: spreadsheets, boards and apps (they stop working for everyone), app users, uploaded files and templates you submitted. This cannot be undone.
        </Text>
        <Group>
          <Button color="red" variant="light" onClick={() => setOpen(true)}>
            Delete account…
          </Button>
        </Group>
      </Stack>
      <Modal opened={open} onClose={() => setOpen(false)} title="Delete your account?" centered>
        <form
          aria-label="Delete account"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!confirm.trim()) return setError('Type your e-mail address or your password to confirm');
            setError(null);
            remove.mutate();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              To confirm, type your e-mail address (<b>{account.email}</b>) or your password.
            </Text>
            <TextInput
              label="E-mail address or password"
              type="password"
              autoComplete="off"
              value={confirm}
              onChange={(e) => {
                setConfirm(e.currentTarget.value);
                setError(null);
              }}
              error={error}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={remove.isPending}>
                Delete my account
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Section>
  );
}
