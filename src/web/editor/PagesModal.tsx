// The Pages popup of the multipage editor: the app's pages in order; open one to edit it; add,
// rename, move up/down, delete (confirmed; never the home page) and per-page settings (public,
// sign-in, background, block border and shadow). Slugs follow the name on the server
// (shared/rules/slug.ts); the home page keeps its slug.
import { PAGE_STATE_SETTINGS } from '../../shared/settings/board-state';
import { SettingsForm } from './settings/SettingsForm';
import { ActionIcon, Badge, Button, ColorInput, Group, Modal, Paper, Stack, Switch, Text, TextInput, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconSettings, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { PageResponse, PagesResponse } from '../../shared/api';
import { pageSlugOf } from '../../shared/rules/slug';
import { api, issuesByPath, type Out } from '../lib/api';
import { keys, type PageRecord } from '../lib/queries';
import { toast } from '../lib/toast';
import type { BoardState } from '../viewer/board-state';

const SWATCHES = ['#FAFAFA', '#ffffff', '#f1f5f9', '#161819', '#e7ebf3', '#ebeff3', '#4f46e5', '#0052FF'];

function useInvalidate(appId: string) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: keys.pages(appId) });
    void qc.invalidateQueries({ queryKey: ['board'] });
  };
}

export function PagesModal({
  opened,
  onClose,
  appId,
  pages,
  currentPageId,
  onOpenPage,
  colors,
}: {
  opened: boolean;
  onClose: () => void;
  appId: string;
  pages: PageRecord[];
  currentPageId: string;
  /** The app's colours: what a page without its own follows. */
  colors: BoardState['colors'];
  /** Shows a page in the editor (by slug). */
  onOpenPage: (slug: string) => void;
}) {
  const qc = useQueryClient();
  const invalidate = useInvalidate(appId);
  const [newName, setNewName] = useState('');
  const [addError, setAddError] = useState('');

  const add = useMutation({
    mutationFn: (page_name: string) => api.post<Out<typeof PageResponse>>('/api/pages', { appId, page_name }),
    onSuccess: ({ page }) => {
      setNewName('');
      invalidate();
      toast.success('Page added', `'${page.page_name}' is at /${page.page_slug}.`);
    },
    onError: (e) => setAddError(issuesByPath(e).page_name ?? (e as Error).message),
  });

  const reorder = useMutation({
    mutationFn: (order: string[]) => api.put<Out<typeof PagesResponse>>(`/api/apps/${encodeURIComponent(appId)}/pages/order`, { order }),
    onMutate: (order) =>
      qc.setQueryData<PageRecord[]>(keys.pages(appId), (list) => order.map((id) => list?.find((p) => p.page_id === id)).filter((p): p is PageRecord => !!p)),
    onError: (e) => toast.error('Could not reorder the pages', (e as Error).message),
    onSettled: invalidate,
  });

  const remove = useMutation({
    mutationFn: (id: string) => api.delete(`/api/pages/${encodeURIComponent(id)}`),
    onSuccess: (_r, id) => {
      invalidate();
      toast.success('Page deleted', 'The page and its blocks were removed.');
      // The page on screen is gone: show the home page.
      if (id === currentPageId) onOpenPage('');
    },
    onError: (e) => toast.error('Could not delete the page', (e as Error).message),
  });

  const move = (index: number, by: -1 | 1) => {
    const ids = pages.map((p) => p.page_id);
    const to = index + by;
    if (to < 1 || to >= ids.length || index < 1) return;
    [ids[index], ids[to]] = [ids[to]!, ids[index]!];
    reorder.mutate(ids);
  };

  const confirmDelete = (p: PageRecord) =>
    modals.openConfirmModal({
      title: `Delete the page "${p.page_name}"?`,
      children: <Text size="sm">The page and all its blocks will be removed. Your data stays in the spreadsheet. This cannot be undone.</Text>,
      labels: { confirm: 'Delete page', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(p.page_id),
    });

  const submitAdd = (e: FormEvent) => {
    e.preventDefault();
    if (!newName.trim()) return setAddError('Page name is required');
    setAddError('');
    add.mutate(newName.trim());
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Pages" size="lg" centered>
      <Stack gap="sm">
        <Stack gap={6} component="ul" p={0} m={0} aria-label="Pages of this app" style={{ listStyle: 'none' }}>
          {pages.map((p, i) => (
            <PageRow
              key={p.page_id}
              page={p}
              appId={appId}
              colors={colors}
              current={p.page_id === currentPageId}
              canMoveUp={i > 1}
              canMoveDown={i > 0 && i < pages.length - 1}
              busy={reorder.isPending}
              onOpen={() => onOpenPage(p.page_type === 'home' ? '' : p.page_slug)}
              onUp={() => move(i, -1)}
              onDown={() => move(i, 1)}
              onDelete={() => confirmDelete(p)}
            />
          ))}
        </Stack>
        <form onSubmit={submitAdd} aria-label="Add a page">
          <Group align="flex-start" gap="xs">
            <TextInput
              label="New page"
              placeholder="e.g. Products"
              value={newName}
              onChange={(e) => {
                setNewName(e.target.value);
                setAddError('');
              }}
              description={newName.trim() ? `Address: /${pageSlugOf(newName)} (a number is added if it is taken)` : undefined}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              error={addError || undefined}
              maxLength={100}
              style={{ flex: 1 }}
            />
            <Button type="submit" mt={25} leftSection={<IconPlus size={16} />} loading={add.isPending}>
              Add page
            </Button>
          </Group>
        </form>
      </Stack>
    </Modal>
  );
}

function PageRow({
  page,
  appId,
  colors,
  current,
  canMoveUp,
  canMoveDown,
  busy,
  onOpen,
  onUp,
  onDown,
  onDelete,
}: {
  page: PageRecord;
  appId: string;
  colors: BoardState['colors'];
  current: boolean;
  canMoveUp: boolean;
  canMoveDown: boolean;
  busy: boolean;
  onOpen: () => void;
  onUp: () => void;
  onDown: () => void;
  onDelete: () => void;
}) {
  const [mode, setMode] = useState<'view' | 'rename' | 'settings'>('view');
  const home = page.page_type === 'home';
  return (
    <Paper component="li" withBorder radius="md" p="xs" data-testid="page-row" aria-label={page.page_name} bg={current ? 'indigo.0' : undefined}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Button variant="subtle" color="dark" onClick={onOpen} aria-label={`Open ${page.page_name}`} px={6} style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {page.page_name}
          </Text>
          <Text c="dimmed" size="xs" ml={8}>
            {home ? '/' : `/${page.page_slug}`}
          </Text>
        </Button>
        <Group gap={2} wrap="nowrap">
          {home && <Badge variant="light">Home</Badge>}
          {!page.is_public && (
            <Badge variant="light" color="gray">
              Not public
            </Badge>
          )}
          <Tooltip label="Move up">
            <ActionIcon variant="subtle" color="gray" aria-label={`Move ${page.page_name} up`} disabled={!canMoveUp || busy} onClick={onUp}>
              <IconArrowUp size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Move down">
            <ActionIcon variant="subtle" color="gray" aria-label={`Move ${page.page_name} down`} disabled={!canMoveDown || busy} onClick={onDown}>
              <IconArrowDown size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Rename">
            <ActionIcon variant="subtle" color="indigo" aria-label={`Rename ${page.page_name}`} aria-pressed={mode === 'rename'} onClick={() => setMode((m) => (m === 'rename' ? 'view' : 'rename'))}>
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Page settings">
            <ActionIcon variant="subtle" color="indigo" aria-label={`Settings of ${page.page_name}`} aria-pressed={mode === 'settings'} onClick={() => setMode((m) => (m === 'settings' ? 'view' : 'settings'))}>
              <IconSettings size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={home ? 'The home page cannot be deleted' : 'Delete page'}>
            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${page.page_name}`} disabled={home} onClick={onDelete}>
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {mode === 'rename' && <RenameForm page={page} appId={appId} onDone={() => setMode('view')} />}
      {mode === 'settings' && <PageSettingsForm page={page} appId={appId} colors={colors} onDone={() => setMode('view')} />}
    </Paper>
  );
}

function RenameForm({ page, appId, onDone }: { page: PageRecord; appId: string; onDone: () => void }) {
  const invalidate = useInvalidate(appId);
  const [name, setName] = useState(page.page_name);
  const [error, setError] = useState('');
  const home = page.page_type === 'home';
  const rename = useMutation({
    mutationFn: () => api.put<Out<typeof PageResponse>>(`/api/pages/${encodeURIComponent(page.page_id)}`, { page_name: name.trim() }),
    onSuccess: ({ page: saved }) => {
      invalidate();
      toast.success('Page renamed', home ? `'${saved.page_name}' stays the home page.` : `'${saved.page_name}' is now at /${saved.page_slug}.`);
      onDone();
    },
    onError: (e) => setError(issuesByPath(e).page_name ?? (e as Error).message),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError('Page name is required');
    rename.mutate();
  };
  return (
    <form onSubmit={submit} aria-label={`Rename ${page.page_name}`}>
      <Group align="flex-start" gap="xs" mt="xs">
        <TextInput
          label="Page name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError('');
          }}
          description={home ? 'The home page keeps its address (/).' : name.trim() ? `Address: /${pageSlugOf(name)}` : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          error={error || undefined}
          maxLength={100}
          data-autofocus
          style={{ flex: 1 }}
        />
        <Button type="submit" mt={25} loading={rename.isPending}>
          Save name
        </Button>
        <Button variant="default" mt={25} onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}

function PageSettingsForm({ page, appId, colors, onDone }: { page: PageRecord; appId: string; colors: BoardState['colors']; onDone: () => void }) {
  const invalidate = useInvalidate(appId);
  const [values, setValues] = useState({
    is_public: page.is_public,
    is_auth: page.is_auth,
    show_header: page.show_header !== false,
    show_footer: page.show_footer !== false,
    page_background: page.page_background ?? colors.board_background,
    block_border: page.block_border ?? colors.block_border,
    block_shadow: page.block_shadow ?? colors.block_shadow,
    // Page state fields of their own (empty: the app's).
    title: page.title ?? '',
    nav_background: page.nav_background ?? '',
    palette: page.palette ?? [],
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () => api.post('/api/page/update-metadata', values, { query: { app: appId, page: page.page_id } }),
    onSuccess: () => {
      invalidate();
      toast.success('Page settings saved', `The settings of '${page.page_name}' are live.`);
      onDone();
    },
    onError: (e) => {
      const byPath = issuesByPath(e);
      setErrors(byPath);
      if (!Object.keys(byPath).length) toast.error('Could not save the page settings', (e as Error).message);
    },
  });
  const colour = (key: 'page_background' | 'block_border' | 'block_shadow', label: string) => (
    <ColorInput
      label={label}
      value={values[key]}
      onChange={(v) => setValues((s) => ({ ...s, [key]: v }))}
      swatches={SWATCHES}
      error={errors[key]}
      popoverProps={{ withinPortal: true }}
    />
  );
  return (
    <Stack gap="xs" mt="xs" component="form" aria-label={`Settings of ${page.page_name}`} onSubmit={(e: FormEvent) => (e.preventDefault(), save.mutate())}>
      <Switch
        label="Public"
        description="Visitors who are not the owner see a page that is not public behind an overlay."
        checked={values.is_public}
        onChange={(e) => setValues((s) => ({ ...s, is_public: e.currentTarget.checked }))}
      />
      <Switch
        label="Sign-in page (is_auth)"
        description="Marks a page for signed-in app users; it is left out of embeds. Invite app users under Users."
        checked={values.is_auth}
        onChange={(e) => setValues((s) => ({ ...s, is_auth: e.currentTarget.checked }))}
      />
      <Switch
        label="Show the app's header"
        description="One header for the whole app: editing it on any page changes it everywhere."
        checked={values.show_header}
        onChange={(e) => setValues((s) => ({ ...s, show_header: e.currentTarget.checked }))}
      />
      <Switch
        label="Show the app's footer"
        description="One footer for the whole app, shown at the bottom of every page that has this on."
        checked={values.show_footer}
        onChange={(e) => setValues((s) => ({ ...s, show_footer: e.currentTarget.checked }))}
      />
      {colour('page_background', 'Page background')}
      {colour('block_border', 'Block border')}
      {colour('block_shadow', 'Block shadow')}
      <SettingsForm schema={PAGE_STATE_SETTINGS} values={values} onChange={(k, v) => setValues((s) => ({ ...s, [k]: v }))} errors={errors} />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          Save settings
        </Button>
      </Group>
    </Stack>
  );
}
