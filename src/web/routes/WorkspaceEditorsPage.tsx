// The workspace editors section of /dashboard/account (issue 5; since issue 18 a section of the
// account page): the owner invites people by e-mail to edit every app of the workspace, sees who
// is invited or active, and removes them. The API and its messages are in
// shared/api/workspace.ts; the pure steps in features/workspace/editors.ts.
import { Alert, Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { AddWorkspaceEditorResponse, WorkspaceEditor, WorkspaceEditorsResponse } from '../../shared/api/workspace';
import { InvitationLinkAlert } from '../components/InvitationLink';
import { addedDate, checkEditorEmail, inviteResult, removeQuestion, sortEditors, STATUS_LABELS, withEditor, withoutEditor, type InviteResult } from '../features/workspace/editors';
import { api, type Out } from '../lib/api';
import { keys } from '../lib/queries';
import { toast } from '../lib/toast';

const PATH = '/api/workspace/editors';

/** The workspace's editors, a section of /dashboard/account (routes/AccountPage.tsx). */
export function WorkspaceEditorsSection() {
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>Workspace editors</Title>
        <Text c="dimmed" size="sm">
          Editors can open and change every app of your workspace, including private ones. They cannot delete apps or manage editors.
        </Text>
      </div>
      <InviteForm />
      <EditorsTable />
    </Stack>
  );
}

function InviteForm() {
  const qc = useQueryClient();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [result, setResult] = useState<InviteResult | null>(null);

  const invite = useMutation({
    mutationFn: (address: string) => api.post<Out<typeof AddWorkspaceEditorResponse>>(PATH, { email: address }),
    onSuccess: (res) => {
      qc.setQueryData<WorkspaceEditor[]>(keys.workspaceEditors, (old) => withEditor(old ?? [], res.editor));
      void qc.invalidateQueries({ queryKey: keys.workspaceEditors });
      setEmail('');
      setResult(inviteResult(res.editor.email, res.invitation_sent, res.invitation_link));
    },
    onError: (e) => setServerError((e as Error).message),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setServerError(null);
    setResult(null);
    const checked = checkEditorEmail(email);
    if (!checked.ok) return setFieldError(checked.message);
    setFieldError(null);
    invite.mutate(checked.email);
  };

  return (
    <Card withBorder radius="md" p="lg">
      <form onSubmit={submit} noValidate aria-label="Invite editor">
        <Stack gap="sm">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Email"
              type="email"
              name="email"
              autoComplete="off"
              placeholder="name@example.com"
              value={email}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setFieldError(null);
              }}
              error={fieldError}
              maxLength={320}
              style={{ flex: 1, minWidth: 240 }}
            />
            <Button type="submit" mt={25} leftSection={<IconUserPlus size={16} />} loading={invite.isPending}>
              Invite editor
            </Button>
          </Group>
          {serverError && (
            <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => setServerError(null)}>
              {serverError}
            </Alert>
          )}
          {result?.link && <InvitationLinkAlert text={result.text} link={result.link} onClose={() => setResult(null)} />}
          {result && !result.link && (
            <Alert color={result.color} variant="light" role="status" withCloseButton onClose={() => setResult(null)}>
              {result.text}
            </Alert>
          )}
        </Stack>
      </form>
    </Card>
  );
}

function EditorsTable() {
  const qc = useQueryClient();
  const headingId = useId();
  const [listError, setListError] = useState<string | null>(null);

  const editors = useQuery({
    queryKey: keys.workspaceEditors,
    queryFn: async () => sortEditors((await api.get<Out<typeof WorkspaceEditorsResponse>>(PATH)).editors),
  });

  const remove = useMutation({
    mutationFn: (editor: WorkspaceEditor) => api.delete(`${PATH}/${encodeURIComponent(editor.id)}`),
    onMutate: () => setListError(null),
    onSuccess: (_r, editor) => {
      qc.setQueryData<WorkspaceEditor[]>(keys.workspaceEditors, (old) => withoutEditor(old ?? [], editor.id));
      toast.success('Editor removed', `${editor.email} can no longer open or change your apps.`);
    },
    onError: (e) => setListError((e as Error).message),
    // A 404 (removed elsewhere) or a success: either way the list is refreshed from the server.
    onSettled: () => qc.invalidateQueries({ queryKey: keys.workspaceEditors }),
  });

  const confirmRemove = (editor: WorkspaceEditor) =>
    modals.openConfirmModal({
      title: 'Remove editor',
      children: <Text size="sm">{removeQuestion(editor.email)}</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(editor),
    });

  const list = editors.data ?? [];
  const message = (text: string) => (
    <Table.Tr>
      <Table.Td colSpan={5}>
        <Text size="sm" c="dimmed" ta="center" py="sm">
          {text}
        </Text>
      </Table.Td>
    </Table.Tr>
  );

  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={4} id={headingId}>
          Editors
        </Title>
        {listError && (
          <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => setListError(null)}>
            {listError}
          </Alert>
        )}
        {editors.isError && (
          <Alert color="red" variant="light" role="alert">
            {editors.error.message}
          </Alert>
        )}
        <Table.ScrollContainer minWidth={600}>
          <Table aria-labelledby={headingId} striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Added</Table.Th>
                <Table.Th>Action</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {editors.isPending
                ? message('Loading editors...')
                : editors.isError
                  ? null
                  : list.length === 0
                    ? message('No editors yet.')
                    : list.map((e) => (
                        <Table.Tr key={e.id} data-testid="editor-row" aria-label={e.email}>
                          <Table.Td>{e.email}</Table.Td>
                          <Table.Td>
                            {e.name ?? (
                              <Text span size="sm" c="dimmed">
                                —
                              </Text>
                            )}
                          </Table.Td>
                          <Table.Td>
                            <Badge variant="light" color={e.status === 'active' ? 'teal' : 'yellow'}>
                              {STATUS_LABELS[e.status]}
                            </Badge>
                          </Table.Td>
                          <Table.Td>{addedDate(e.created_at)}</Table.Td>
                          <Table.Td>
                            <Button
                              size="xs"
                              variant="light"
                              color="red"
                              leftSection={<IconTrash size={14} />}
                              onClick={() => confirmRemove(e)}
                              loading={remove.isPending && remove.variables?.id === e.id}
                              aria-label={`Remove ${e.email}`}
                            >
                              Remove
                            </Button>
                          </Table.Td>
                        </Table.Tr>
                      ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}
