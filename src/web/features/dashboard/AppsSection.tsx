import { ActionIcon, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconExternalLink, IconLayoutDashboard, IconLayoutList, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api';
import { boardUrl, useBaseUrl } from '../../lib/host';
import { keys, useApps, useSpreadsheets } from '../../lib/queries';
import { toast } from '../../lib/toast';
import { Loading } from '../../components/Loading';
import { templateKeys, templatesApi, type AppOrigin } from '../templates/api';
import { mappingPath } from '../templates/clone-form';
import { UpdateModal } from '../templates/UpdateModal';

export function AppsSection({ onNewBoard }: { onNewBoard: () => void }) {
  const apps = useApps();
  const spreadsheets = useSpreadsheets();
  const base = useBaseUrl();
  const qc = useQueryClient();
  // Apps cloned from a template: where they came from and whether a newer version is approved.
  // Only extra words on the cards: when the call fails the cards show without them.
  const origins = useQuery({ queryKey: templateKeys.origins, queryFn: templatesApi.origins, staleTime: 60_000, retry: false });
  const originOf = (appId: string) => origins.data?.find((o) => o.app_id === appId);

  const remove = useMutation({
    mutationFn: (id: string) => api.delete(`/api/apps/${encodeURIComponent(id)}`),
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: keys.apps });
      toast.success('Board deleted', 'The board and its blocks were removed.');
    },
    onError: (e) => toast.error('Could not delete the board', (e as Error).message),
  });

  const confirmDelete = (id: string, name: string) =>
    modals.openConfirmModal({
      title: `Delete "${name}"?`,
      children: <Text size="sm">The board and all its blocks will be removed. Your spreadsheet stays. This cannot be undone.</Text>,
      labels: { confirm: 'Delete board', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(id),
    });

  const sheetTitle = (id: string | null) => spreadsheets.data?.find((s) => s.id === id)?.title;
  // A shared app's spreadsheet lives in its owner's workspace, not in this account's list.
  const dataText = (app: { spreadsheetId: string | null; shared?: boolean; owner_name?: string }) => {
    const title = sheetTitle(app.spreadsheetId);
    if (title) return `Data: ${title}`;
    if (app.spreadsheetId && app.shared) return app.owner_name ? `Data: ${app.owner_name}'s spreadsheet` : "Data: the owner's spreadsheet";
    return 'No spreadsheet';
  };

  return (
    <Stack gap="sm" component="section" aria-label="Boards">
      <Group justify="space-between">
        <Title order={3}>Boards</Title>
        <Group gap="xs">
          {/* The first-run page, found again (issue 18). */}
          <Anchor component={Link} to="/dashboard/start" size="sm" mr="xs" data-testid="getting-started">
            Getting started
          </Anchor>
          <Anchor component={Link} to="/boardWorkspace" size="sm" mr="xs">
            All boards
          </Anchor>
          <Button variant="default" leftSection={<IconLayoutList size={16} />} component={Link} to="/dashboard/new-multipage">
            New multipage app
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={onNewBoard}>
            New board
          </Button>
        </Group>
      </Group>
      {apps.isPending && <Loading />}
      {apps.isError && <Text c="red">{apps.error.message}</Text>}
      {apps.data?.length === 0 && (
        <Card withBorder radius="md" p="lg" data-testid="no-boards">
          <Group justify="space-between" gap="sm">
            <Text c="dimmed">No boards yet. Start from a template, a spreadsheet or a blank board.</Text>
            <Button component={Link} to="/dashboard/start" variant="light" size="xs">
              Get started
            </Button>
          </Group>
        </Card>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {apps.data?.map((app) => (
          <Card key={app.id} withBorder radius="md" padding="md" data-testid="app-card">
            <Group justify="space-between" wrap="nowrap" mb={6}>
              <Group gap={8} wrap="nowrap" miw={0}>
                {app.kind === 'multipage' ? (
                  <IconLayoutList size={20} color="var(--mantine-color-indigo-6)" aria-label="Multipage app" />
                ) : (
                  <IconLayoutDashboard size={20} color="var(--mantine-color-indigo-6)" />
                )}
                <Text fw={600} truncate>
                  {app.name}
                </Text>
              </Group>
              <Badge variant="light" color={app.public ? 'teal' : 'gray'} style={{ flexShrink: 0 }}>
                {app.public ? 'Public' : 'Private'}
              </Badge>
            </Group>
            {app.shared && (
              // An app of another owner's workspace this account edits (issue 5, workspace editors).
              <Badge variant="light" color="grape" mb={6} maw="100%" data-testid="shared-badge">
                Shared by {app.owner_name ?? 'another owner'}
              </Badge>
            )}
            <Text size="sm" c="dimmed" truncate>
              {dataText(app)}
            </Text>
            <OriginLine origin={originOf(app.id)} appId={app.id} appName={app.name} shared={!!app.shared} />
            {base.data && (
              <Anchor size="sm" href={boardUrl(base.data, app.subdomain)} target="_blank" rel="noreferrer">
                {boardUrl(base.data, app.subdomain).replace(/^https?:\/\//, '')} <IconExternalLink size={12} />
              </Anchor>
            )}
            <Group mt="md" justify="space-between">
              <Button component={Link} to={`/${app.subdomain}`} size="xs" aria-label={`Open ${app.name}`}>
                Open
              </Button>
              {/* Only the workspace's owner deletes its apps (the server refuses editors). */}
              {!app.shared && (
                <Tooltip label="Delete board">
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${app.name}`}
                    onClick={() => confirmDelete(app.id, app.name)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** An app cloned from a template: its template, "Update available" when a newer version is approved (it opens the update), and the mapping step. */
function OriginLine({ origin, appId, appName, shared }: { origin: AppOrigin | undefined; appId: string; appName: string; shared: boolean }) {
  const [open, setOpen] = useState(false);
  if (!origin) return null;
  return (
    <Group gap={6} mt={4} wrap="wrap" data-testid="app-origin">
      <Text size="xs" c="dimmed">
        From the template {origin.template_name ? `“${origin.template_name}”` : 'no longer listed'} (version {origin.version_number})
      </Text>
      {origin.update_available && (
        <Tooltip label={`Version ${origin.latest_version_number ?? ''} is out. See what changed and apply it to your app; your data and your own changes are kept.`} multiline w={260}>
          <Badge component="button" variant="light" color="orange" style={{ cursor: 'pointer', border: 0 }} onClick={() => setOpen(true)} data-testid="update-available">
            Update available
          </Badge>
        </Tooltip>
      )}
      {!origin.update_available && origin.can_restore && (
        <Anchor component="button" size="xs" onClick={() => setOpen(true)} data-testid="undo-update">
          Undo the last update
        </Anchor>
      )}
      {open && <UpdateModal appId={appId} appName={appName} opened={open} onClose={() => setOpen(false)} />}
      {!shared && (
        <Anchor component={Link} to={mappingPath(appId)} size="xs">
          Map to my own spreadsheet
        </Anchor>
      )}
    </Group>
  );
}
