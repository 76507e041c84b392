// /dashboard/developerlogin (issue 18): the owner's personal API tokens. Create one with a name
// and a scope (shown once, with a copy button and an example call), see each token's scope,
// creation and last use, revoke it. Links to the API reference. Contract: shared/api/developer.ts.
import { Alert, Anchor, AppShell, Badge, Button, Card, Code, Container, CopyButton, Group, Radio, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconBook, IconCheck, IconCopy, IconKey, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  CreateApiTokenBody,
  SCOPE_LABELS,
  TOKEN_MESSAGES,
  TOKEN_SCOPES,
  type ApiToken,
  type ApiTokensResponse,
  type CreateApiTokenResponse,
  type TokenScope,
} from '../../shared/api/developer';
import { OwnerModals } from '../components/OwnerModals';
import { DashboardHeader } from '../features/dashboard/DashboardHeader';
import { api, type Out } from '../lib/api';
import { formatInstant } from '../lib/dates';
import { toast } from '../lib/toast';

const PATH = '/api/developer/tokens';
const TOKENS_KEY = ['developer-tokens'] as const;

export function DeveloperPage() {
  useDocumentTitle('Developer · Sheetboard');
  return (
    <OwnerModals>
      <AppShell header={{ height: 60 }} padding="md" bg="gray.0">
        <AppShell.Header>
          <DashboardHeader />
        </AppShell.Header>
        <AppShell.Main>
          <Container size="md" py="md">
            <Stack gap="lg">
              <Group justify="space-between" align="flex-end" wrap="wrap">
                <div>
                  <Title order={2}>Developer</Title>
                  <Text c="dimmed" size="sm">
                    Personal API tokens let your scripts use the Sheetboard REST API as you. Keep them secret, like a password.
                  </Text>
                </div>
                <Button component={Link} to="/dashboard/developerlogin/reference" variant="light" leftSection={<IconBook size={16} />}>
                  API reference
                </Button>
              </Group>
              <CreateTokenForm />
              <TokensTable />
            </Stack>
          </Container>
        </AppShell.Main>
      </AppShell>
    </OwnerModals>
  );
}

function CreateTokenForm() {
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TokenScope>('read');
  const [errors, setErrors] = useState<{ name?: string; scope?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [created, setCreated] = useState<Out<typeof CreateApiTokenResponse> | null>(null);

  const create = useMutation({
    mutationFn: (body: { name: string; scope: TokenScope }) => api.post<Out<typeof CreateApiTokenResponse>>(PATH, body),
    onSuccess: (res) => {
      setCreated(res);
      setName('');
      void qc.invalidateQueries({ queryKey: TOKENS_KEY });
    },
    onError: (e) => setServerError((e as Error).message),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setServerError(null);
    setCreated(null);
    // The server's own schema, so the messages are the same.
    const parsed = CreateApiTokenBody.safeParse({ name, scope });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as 'name' | 'scope'] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    create.mutate(parsed.data);
  };

  return (
    <Card withBorder radius="md" p="lg">
      <form onSubmit={submit} noValidate aria-label="Create API token">
        <Stack gap="sm">
          <Title order={4}>Create a token</Title>
          <TextInput
            label="Token name"
            description="What the token is for, so you recognise it later"
            placeholder="Nightly export"
            value={name}
            maxLength={100}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setErrors((x) => ({ ...x, name: undefined }));
            }}
            error={errors.name}
          />
          <Radio.Group label="What it may do" value={scope} onChange={(v) => setScope(v as TokenScope)} error={errors.scope}>
            <Stack gap="xs" mt={6}>
              {TOKEN_SCOPES.map((s) => (
                <Radio key={s} value={s} label={SCOPE_LABELS[s].label} description={SCOPE_LABELS[s].allows} />
              ))}
            </Stack>
          </Radio.Group>
          <Text size="xs" c="dimmed">
            Tokens work on the REST API only: they cannot sign in, change your account or billing, or manage tokens.
          </Text>
          <Group>
            <Button type="submit" leftSection={<IconKey size={16} />} loading={create.isPending}>
              Create token
            </Button>
          </Group>
          {serverError && (
            <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => setServerError(null)}>
              {serverError}
            </Alert>
          )}
          {created && <NewToken created={created} onClose={() => setCreated(null)} />}
        </Stack>
      </form>
    </Card>
  );
}

function NewToken({ created, onClose }: { created: Out<typeof CreateApiTokenResponse>; onClose: () => void }) {
  const example = `curl -H "Authorization: Bearer ${created.secret}" ${window.location.origin}/api/apps`;
  return (
    <Alert color="green" variant="light" title={`Token “${created.token.name}” created`} withCloseButton onClose={onClose} role="status">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {TOKEN_MESSAGES.shownOnce}
        </Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code data-testid="new-token" style={{ wordBreak: 'break-all', flex: 1 }}>
            {created.secret}
          </Code>
          <CopyButton value={created.secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : 'blue'} onClick={copy} leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}>
                {copied ? 'Copied' : 'Copy token'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="xs">Try it:</Text>
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {example}
        </Code>
      </Stack>
    </Alert>
  );
}

function TokensTable() {
  const qc = useQueryClient();
  const headingId = useId();
  const [listError, setListError] = useState<string | null>(null);
  const tokens = useQuery({ queryKey: TOKENS_KEY, queryFn: () => api.get<Out<typeof ApiTokensResponse>>(PATH) });

  const revoke = useMutation({
    mutationFn: (token: ApiToken) => api.delete(`${PATH}/${encodeURIComponent(token.id)}`),
    onMutate: () => setListError(null),
    onSuccess: (_r, token) => toast.success('Token revoked', `Scripts using “${token.name}” can no longer reach your account.`),
    onError: (e) => setListError((e as Error).message),
    onSettled: () => qc.invalidateQueries({ queryKey: TOKENS_KEY }),
  });

  const confirmRevoke = (token: ApiToken) =>
    modals.openConfirmModal({
      title: 'Revoke token',
      children: <Text size="sm">Revoke “{token.name}”? Scripts using it stop working at once. This cannot be undone.</Text>,
      labels: { confirm: 'Revoke', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => revoke.mutate(token),
    });

  const list = tokens.data?.tokens ?? [];
  const message = (text: string) => (
    <Table.Tr>
      <Table.Td colSpan={6}>
        <Text size="sm" c="dimmed" ta="center" py="sm">
          {text}
        </Text>
      </Table.Td>
    </Table.Tr>
  );

  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4} id={headingId}>
            Your tokens
          </Title>
          {tokens.data && (
            <Text size="sm" c="dimmed">
              {list.length} of {tokens.data.max}
            </Text>
          )}
        </Group>
        {listError && (
          <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => setListError(null)}>
            {listError}
          </Alert>
        )}
        {tokens.isError && (
          <Alert color="red" variant="light" role="alert">
            {tokens.error.message}
          </Alert>
        )}
        <Table.ScrollContainer minWidth={640}>
          <Table aria-labelledby={headingId} striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Token</Table.Th>
                <Table.Th>Scope</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>Action</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tokens.isPending
                ? message('Loading tokens...')
                : tokens.isError
                  ? null
                  : list.length === 0
                    ? message('No tokens yet.')
                    : list.map((tk) => (
                        <Table.Tr key={tk.id} data-testid="token-row" aria-label={tk.name}>
                          <Table.Td>{tk.name}</Table.Td>
                          <Table.Td>
                            <Code>{tk.prefix}…</Code>
                          </Table.Td>
                          <Table.Td>
                            <Badge variant="light" color={tk.scope === 'read' ? 'blue' : 'orange'}>
                              {SCOPE_LABELS[tk.scope].label}
                            </Badge>
                          </Table.Td>
                          <Table.Td>{formatInstant(tk.created_at)}</Table.Td>
                          <Table.Td data-testid="last-used">{tk.last_used_at ? formatInstant(tk.last_used_at) : 'Never'}</Table.Td>
                          <Table.Td>
                            <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => confirmRevoke(tk)} aria-label={`Revoke ${tk.name}`}>
                              Revoke
                            </Button>
                          </Table.Td>
                        </Table.Tr>
                      ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="xs" c="dimmed">
          The machine-readable description of the API is at{' '}
          <Anchor href="/api/openapi.json" target="_blank" rel="noopener">
            /api/openapi.json
          </Anchor>{' '}
          (OpenAPI 3.1).
        </Text>
      </Stack>
    </Card>
  );
}
