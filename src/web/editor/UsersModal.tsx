// The Users popup of the multipage editor (shell §2.4, §3, §5, §8): the app's users in the table
// 'Existing Users' (Name, Email, Permission, Action), 'Add Users', and the 'Add User' / 'Edit User'
// sub-dialog. The owner's API: GET/POST/PUT/DELETE /api/mutipageapp_users. The checks and texts
// are in users-form.ts.
import { Button, getDefaultZIndex, Group, Modal, Select, Stack, Table, TagsInput, TextInput, Title } from '@mantine/core';
import { IconLock, IconPencil, IconUserPlus } from '@tabler/icons-react';
import { PreviewAsButton, RowRulesModal } from './RowRulesModal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { appUserPermission, type AppUser, type AppUsersResponse, type CreateAppUserResponse, type UpdateAppUserResponse } from '../../shared/api/app-users';
import { confirmDanger } from '../components/confirm-danger';
import { FormActions } from '../components/FormActions';
import { InvitationLinkAlert } from '../components/InvitationLink';
import { ListTable } from '../components/ListTable';
import { Notice } from '../components/Notice';
import { RemoveButton } from '../components/RemoveButton';
import { api, type Out } from '../lib/api';
import { keys } from '../lib/queries';
import { toast } from '../lib/toast';
import { useOnChange } from '../lib/use-on-change';
import {
  addFailureText,
  checkUser,
  deleteQuestion,
  draftOf,
  EMPTY_DRAFT,
  failureText,
  invitationNotSentText,
  PERMISSION_OPTIONS,
  permissionLabel,
  groupsLabel,
  sortUsers,
  withoutUser,
  withUser,
  type UserDraft,
} from './users-form';

const PATH = '/api/mutipageapp_users';

/** The sub-dialog: null when closed, else adding (no user) or editing one. */
type Editing = { user: AppUser | null } | null;

export function UsersModal({ opened, onClose, appId }: { opened: boolean; onClose: () => void; appId: string }) {
  const qc = useQueryClient();
  const headingId = useId();
  const [editing, setEditing] = useState<Editing>(null);
  const [rulesOpen, setRulesOpen] = useState(false);
  /** An invitation that was not mailed: the link for the owner to pass on. */
  const [unsent, setUnsent] = useState<{ name: string; link: string } | null>(null);

  // Closing the popup closes its sub-dialog too.
  useOnChange(opened, (isOpen) => {
    if (isOpen) return;
    setEditing(null);
    setUnsent(null);
  });

  const users = useQuery({
    queryKey: keys.appUsers(appId),
    queryFn: async () => sortUsers((await api.get<Out<typeof AppUsersResponse>>(`${PATH}/${encodeURIComponent(appId)}`)).app_users),
    enabled: opened,
    staleTime: 0,
  });

  // §8: a failed load is a browser alert (once per failure); the popup keeps the line too, so its
  // empty table is explained after the alert is closed.
  const loadFailedAt = users.isError ? users.errorUpdatedAt : 0;
  const loadError = users.error;
  const alerted = useRef(0);
  useEffect(() => {
    if (!loadFailedAt || alerted.current === loadFailedAt) return;
    alerted.current = loadFailedAt;
    window.alert(failureText('load', loadError));
  }, [loadFailedAt, loadError]);

  const setList = (f: (list: AppUser[]) => AppUser[]) => qc.setQueryData<AppUser[]>(keys.appUsers(appId), (old) => f(old ?? []));

  const remove = useMutation({
    mutationFn: (user: AppUser) => api.delete(PATH, { body: { appId, userId: user.id } }),
    onSuccess: (_r, user) => {
      setList((list) => withoutUser(list, user.id));
      void qc.invalidateQueries({ queryKey: keys.appUsers(appId) });
      toast.success('User deleted', `${user.name} can no longer sign in to this app.`);
    },
    // §8: a browser alert, with the server's message when there is one.
    onError: (e) => window.alert(failureText('delete', e)),
  });

  const confirmDelete = (user: AppUser) =>
    confirmDanger({
      title: 'Delete user',
      question: deleteQuestion(user),
      confirm: 'Delete user',
      // Above the stacked Users popup (Modal.Stack lifts its modals over the default modal layer).
      zIndex: getDefaultZIndex('modal') + 10,
      onConfirm: () => remove.mutate(user),
    });

  const list = users.data ?? [];
  return (
    <Modal.Stack>
      <Modal stackId="users" opened={opened} onClose={onClose} title="Users" size="xl" centered>
        <Stack gap="sm">
          <Group justify="space-between" align="center">
            <Title order={4} id={headingId}>
              Existing Users
            </Title>
            <Group gap="xs">
              <Button variant="default" leftSection={<IconLock size={16} />} onClick={() => setRulesOpen(true)}>
                Row rules
              </Button>
              <Button leftSection={<IconUserPlus size={16} />} onClick={() => setEditing({ user: null })}>
                Add Users
              </Button>
            </Group>
          </Group>
          <PreviewAsButton appId={appId} users={list} />
          {unsent && <InvitationLinkAlert text={invitationNotSentText(unsent.name)} link={unsent.link} onClose={() => setUnsent(null)} />}
          {users.isError && <Notice tone="error">{failureText('load', users.error)}</Notice>}
          <ListTable
            aria-labelledby={headingId}
            striped
            verticalSpacing="xs"
            minWidth={560}
            columns={['Name', 'Email', 'Permission', 'Groups', 'Action']}
            query={users}
            items={list}
            loadingText="Loading users..."
            emptyText="No users found."
            row={(u) => (
              <Table.Tr key={u.id} data-testid="app-user-row" aria-label={u.name}>
                <Table.Td>{u.name}</Table.Td>
                <Table.Td>{u.email}</Table.Td>
                <Table.Td>{permissionLabel(u.permissions)}</Table.Td>
                <Table.Td>{groupsLabel(u.groups)}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={() => setEditing({ user: u })} aria-label={`Edit ${u.name}`}>
                      Edit
                    </Button>
                    <RemoveButton action="Delete" name={u.name} onClick={() => confirmDelete(u)} loading={remove.isPending && remove.variables?.id === u.id} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            )}
          />
        </Stack>
      </Modal>
      <RowRulesModal appId={appId} opened={rulesOpen} onClose={() => setRulesOpen(false)} />
      <UserDialog
        appId={appId}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(user, added, invitation) => {
          setList((l) => withUser(l, user));
          setUnsent(invitation && !invitation.invitation_sent && invitation.invitation_link ? { name: user.name, link: invitation.invitation_link } : null);
          void qc.invalidateQueries({ queryKey: keys.appUsers(appId) });
          toast.success(added ? 'User added' : 'User updated', added ? `${user.name} (${user.email}) was added to this app.` : `${user.name} was saved.`);
          setEditing(null);
        }}
      />
    </Modal.Stack>
  );
}

function UserDialog({
  appId,
  editing,
  onClose,
  onSaved,
}: {
  appId: string;
  editing: Editing;
  onClose: () => void;
  onSaved: (user: AppUser, added: boolean, invitation?: { invitation_sent?: boolean; invitation_link?: string }) => void;
}) {
  const user = editing?.user ?? null;
  const [draft, setDraft] = useState<UserDraft>(() => (editing?.user ? draftOf(editing.user) : EMPTY_DRAFT));
  const [error, setError] = useState<string | null>(null);

  // Each opening starts from the user being edited, or empty.
  useOnChange(editing, (next) => {
    if (!next) return;
    setDraft(next.user ? draftOf(next.user) : EMPTY_DRAFT);
    setError(null);
  });

  const save = useMutation({
    mutationFn: async (value: UserDraft) => {
      if (user) {
        const res = await api.put<Out<typeof UpdateAppUserResponse>>(PATH, { appId, userId: user.id, ...value });
        return { saved: res.updated_user, invitation: res };
      }
      const res = await api.post<Out<typeof CreateAppUserResponse>>(PATH, { appId, ...value });
      return { saved: res.new_app_user, invitation: res };
    },
    onSuccess: ({ saved, invitation }) => onSaved(saved, !user, invitation),
    // §8: a failed update is a browser alert; the dialog stays open with what the owner typed.
    // A failed add is silent in the spec; here its reason shows in the dialog, input kept.
    onError: (e) => (user ? window.alert(failureText('update', e)) : setError(addFailureText(e))),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkUser(draft);
    if (!checked.ok) return setError(checked.message);
    setError(null);
    save.mutate(checked.value);
  };

  const text = (key: 'name' | 'email') => ({
    value: draft[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setDraft((d) => ({ ...d, [key]: value }));
    },
  });

  const title = user ? 'Edit User' : 'Add User';
  return (
    <Modal stackId="user-form" opened={editing !== null} onClose={onClose} title={title} centered>
      <form onSubmit={submit} aria-label={title} noValidate>
        <Stack gap="sm">
          <TextInput label="Name" {...text('name')} maxLength={200} data-autofocus />
          <TextInput label="Email" type="email" {...text('email')} maxLength={320} />
          <Select
            label="Permission"
            data={PERMISSION_OPTIONS}
            value={draft.permissions}
            allowDeselect={false}
            onChange={(v) => v && setDraft((d) => ({ ...d, permissions: appUserPermission(v) }))}
            comboboxProps={{ withinPortal: true }}
          />
          <TagsInput
            label="Groups"
            description="Optional. A sheet's rule can show each group only its own rows (Row rules)."
            placeholder="Type a group, then press Enter"
            value={draft.groups}
            onChange={(groups) => setDraft((d) => ({ ...d, groups }))}
            maxTags={20}
            comboboxProps={{ withinPortal: true }}
          />
          {error && (
            <Notice tone="error" py="xs">
              {error}
            </Notice>
          )}
          <FormActions gap="xs" onCancel={onClose} submit={user ? 'Update' : 'Add'} loading={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
