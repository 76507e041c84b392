// The workspace switcher of the dashboard's header (issue 18): the account's own workspaces and
// those it edits, the current one checked; new, rename, delete (own workspaces only, never the
// last one), the boards page and the getting-started page.
import { Button, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLayoutGrid, IconPencil, IconPlus, IconRocket, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { WorkspaceSummary } from '../../../shared/api/workspaces';
import { FormActions } from '../../components/FormActions';
import { issuesByPath } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useDeleteWorkspace, useRenameWorkspace, useSwitchWorkspace, useWorkspaces } from './api';

export function WorkspaceSwitcher() {
  const workspaces = useWorkspaces();
  const switching = useSwitchWorkspace();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [renaming, setRenaming] = useState<WorkspaceSummary | null>(null);
  const [deleting, setDeleting] = useState<WorkspaceSummary | null>(null);
  const list = workspaces.data ?? [];
  const current = list.find((w) => w.current);
  const own = list.filter((w) => w.role === 'owner');
  const edited = list.filter((w) => w.role === 'editor');

  const choose = (w: WorkspaceSummary) => {
    if (w.current) return;
    switching.mutate(w.id, {
      onSuccess: () => {
        toast.success('Workspace switched', `You are now in ${w.name}.`);
        // The pages of one workspace's things (a spreadsheet's data) do not follow: back to its lists.
        if (pathname !== '/dashboard' && pathname !== '/boardWorkspace') navigate('/dashboard');
      },
      onError: (e) => toast.error('Could not switch workspace', (e as Error).message),
    });
  };

  const item = (w: WorkspaceSummary) => (
    <Menu.Item
      key={w.id}
      onClick={() => choose(w)}
      leftSection={w.current ? <IconCheck size={16} /> : <span style={{ display: 'inline-block', width: 16 }} />}
      aria-current={w.current ? 'true' : undefined}
      data-testid="workspace-option"
    >
      <Text size="sm" truncate maw={240}>
        {w.name}
      </Text>
      {w.role === 'editor' && (
        <Text size="xs" c="dimmed" truncate maw={240}>
          Shared by {w.owner_name ?? 'another owner'}
        </Text>
      )}
    </Menu.Item>
  );

  return (
    <>
      <Menu position="bottom-start" withinPortal width={300}>
        <Menu.Target>
          <Button variant="default" rightSection={<IconChevronDown size={14} />} aria-label="Switch workspace" miw={0} maw={{ base: 100, sm: 260 }} px="xs" loading={switching.isPending} data-testid="workspace-switcher">
            <Text span inherit truncate data-testid="current-workspace">
              {current?.name ?? 'Workspace'}
            </Text>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Your workspaces</Menu.Label>
          {own.map(item)}
          {edited.length > 0 && <Menu.Label>Shared with you</Menu.Label>}
          {edited.map(item)}
          <Menu.Divider />
          <Menu.Item component={Link} to="/dashboard/new-workspace" leftSection={<IconPlus size={16} />}>
            New workspace
          </Menu.Item>
          {current?.role === 'owner' && (
            <>
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setRenaming(current)}>
                Rename this workspace
              </Menu.Item>
              <Menu.Item leftSection={<IconTrash size={16} />} color="red" onClick={() => setDeleting(current)} disabled={own.length < 2}>
                {own.length < 2 ? 'Delete (your only workspace)' : 'Delete this workspace'}
              </Menu.Item>
            </>
          )}
          <Menu.Divider />
          <Menu.Item component={Link} to="/boardWorkspace" leftSection={<IconLayoutGrid size={16} />}>
            All boards
          </Menu.Item>
          <Menu.Item component={Link} to="/dashboard/start" leftSection={<IconRocket size={16} />}>
            Getting started
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <RenameWorkspaceModal workspace={renaming} onClose={() => setRenaming(null)} />
      <DeleteWorkspaceModal workspace={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function RenameWorkspaceModal({ workspace, onClose }: { workspace: WorkspaceSummary | null; onClose: () => void }) {
  const rename = useRenameWorkspace();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [shownFor, setShownFor] = useState<string | null>(null);
  // A new workspace to rename: its name is the starting text.
  if (workspace && shownFor !== workspace.id) {
    setShownFor(workspace.id);
    setName(workspace.name);
    setError(null);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!workspace) return;
    rename.mutate(
      { id: workspace.id, name },
      {
        onSuccess: ({ workspace: w }) => {
          toast.success('Workspace renamed', `It is now called ${w.name}.`);
          setShownFor(null);
          onClose();
        },
        onError: (err) => setError(issuesByPath(err).name ?? (err as Error).message),
      },
    );
  };
  return (
    <Modal opened={workspace !== null} onClose={() => { setShownFor(null); onClose(); }} title="Rename workspace" centered>
      <form onSubmit={submit} noValidate aria-label="Rename workspace">
        <Stack>
          <TextInput label="Workspace name" value={name} onChange={(e) => { setName(e.target.value); setError(null); }} error={error} maxLength={100} data-autofocus required />
          <FormActions onCancel={() => { setShownFor(null); onClose(); }} submit="Save" loading={rename.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

function DeleteWorkspaceModal({ workspace, onClose }: { workspace: WorkspaceSummary | null; onClose: () => void }) {
  const remove = useDeleteWorkspace();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setTyped('');
    setError(null);
    onClose();
  };
  const matches = !!workspace && typed.replace(/\s+/g, ' ').trim() === workspace.name;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!workspace || !matches) return;
    remove.mutate(
      { id: workspace.id, confirm: typed },
      {
        onSuccess: () => {
          toast.success('Workspace deleted', `${workspace.name} and everything in it were removed.`);
          close();
          navigate('/dashboard');
        },
        onError: (err) => setError((err as Error).message),
      },
    );
  };
  return (
    <Modal opened={workspace !== null} onClose={close} title="Delete workspace" centered>
      <form onSubmit={submit} noValidate aria-label="Delete workspace">
        <Stack>
          <Text size="sm">
            This removes <b>{workspace?.name}</b> with all its boards, apps, spreadsheets, uploaded files and editors. Its boards stop working for everyone. This cannot be undone.
          </Text>
          <TextInput label="Type the workspace's name to confirm" value={typed} onChange={(e) => { setTyped(e.target.value); setError(null); }} error={error} data-autofocus autoComplete="off" />
          <FormActions onCancel={close} submit="Delete workspace" color="red" disabled={!matches} loading={remove.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
