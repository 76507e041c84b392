// The board editor (shell §2.3): top bar, left sidebar, the live board, and the settings panel.
// Panels follow the spec's state: view, add, settings, embed, publish. Closing a popup returns to
// view; New Block / Embed toggle, opening one closes New Block, and a publish menu choice opens
// the 'Launch Your App' dialog (Publish) in place of any of them.
// Multipage apps use the same editor with the multipage layout: the top bar names the app and
// the page, the sidebar adds Pages, Users, App Settings, spreadsheet and the publish dropdown,
// every menu choice closes the other popups first, and blocks get `data.app` (the editor's own
// page switch stands in for navigation).
import { blockSavedText } from './saved-words';
import { OwnerModals } from '../components/OwnerModals';
import { useDocumentTitle } from '@mantine/hooks';
import { AppShell, Center, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useBlocker, useLocation, useNavigate } from 'react-router';
import { schemaOf } from '../../blocks/schemas';
import { frameOf } from '../../blocks/schema-loaders';
import type { WorkspaceResponse } from '../../shared/api';
import { blockDefaults, normalizeBlock, validateBlock } from '../../shared/settings/block';
import type { BlockRecord, SettingsSchema, SettingValues } from '../../shared/settings/types';
import { api, ApiError, issuesByPath, type Out } from '../lib/api';
import { boardUrl, useBaseUrl } from '../lib/host';
import { keys, useMe, type PageRecord } from '../lib/queries';
import { toast } from '../lib/toast';
import { PLAN_MESSAGES } from '../../shared/rules/plans';
import type { BoardState } from '../viewer/board-state';
import { appPath, hrefOfPath, useAppNav } from '../viewer/app-nav';
import { pageBoard } from '../viewer/MultipageView';
import { AppSettingsModal } from './AppSettingsModal';
import { LaunchDialog } from './LaunchDialog';
import { publishStatusOf } from './publish-status';
import { useReviewRequest } from '../features/marketplace/api';
import type { PublishChoice } from './PublishMenu';
import { UsersModal } from './UsersModal';
import { PagesModal } from './PagesModal';
import { ChooseBlockModal } from './ChooseBlockModal';
import { EditorCanvas } from './EditorCanvas';
import { GoogleColumnsNotice } from './GoogleColumnsNotice';
import { BrokenBlocksNotice } from './BrokenBlocksNotice';
import { EmbedModal, UpgradeModal } from './EmbedModal';
import { FiltersManager } from './filters/FiltersManager';
import { tabOfFirstError } from './settings/BlockSettingsForm';
import { SettingsPanel } from './SettingsPanel';
import { Sidebar } from './Sidebar';
import { LegacyNav } from './LegacyNav';
import { editorLayoutOf } from './editor-layout';
import { openSpreadsheet, TopBar } from './TopBar';
import { DocsModal } from './DocsModal';
import { loadColumnTypes } from './column-types-loader';
import { TutorialsModal } from './TutorialsModal';
import { useBlockMutations } from './useBlockMutations';

/** Points empty {sheet, column} sources of a new axis at the board's first sheet. */
function withSheet(settings: SettingsSchema, axis: SettingValues, sheet: string): SettingValues {
  const out = { ...axis };
  for (const [k, setting] of Object.entries(settings)) {
    const v = out[k] as { sheet?: string; column?: string } | undefined;
    if (setting.type === 'datasource' && v && !v.sheet) out[k] = { ...v, sheet };
  }
  return out;
}

/** Asks before leaving the page (Back, browser navigation, closing the tab) with unsaved block changes. */
function useLeaveGuard(dirty: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // The modal calls onClose after onConfirm/onCancel too; only a dismissal should reset here.
    let decided = false;
    modals.openConfirmModal({
      title: 'Discard your changes?',
      children: <Text size="sm">The block you are editing has changes that are not saved yet.</Text>,
      labels: { confirm: 'Discard changes', cancel: 'Keep editing' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        decided = true;
        blocker.proceed();
      },
      onCancel: () => {
        decided = true;
        blocker.reset();
      },
      onClose: () => {
        if (!decided) blocker.reset();
      },
    });
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

/** Issues by path. Unknown keys are left to the server: a record from an older version must still save. */
function issueMap(issues: { path: string; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) if (!i.message.startsWith('Unknown setting')) out[i.path] ??= i.message;
  return out;
}

export type Panel = 'view' | 'add' | 'settings' | 'embed' | 'publish' | 'pages' | 'users' | 'app settings';

/**
 * What a failed editor request tells the owner. A session that ended (signed out in another tab,
 * expired) says how to carry on without losing the open changes, instead of a bare 'Please sign in'.
 */
function failureText(e: unknown): string {
  if (e instanceof ApiError && e.status === 401)
    return 'You are signed out. Sign in again in another tab (your changes stay here), then try again.';
  return e instanceof Error ? e.message : String(e);
}

export function EditorLayout({
  board,
  page,
  pages = [],
  basePath = '',
}: {
  board: BoardState;
  boardKey: string;
  page: PageRecord | undefined;
  /** The app's pages (multipage apps switch between them). */
  pages?: PageRecord[];
  /** Where the app's paths start in the address: '' on the app host, '/{subdomain}' on the base host. */
  basePath?: string;
}) {
  if (!page)
    return (
      <Center h="100vh">
        <Text c="dimmed">This board has no page yet.</Text>
      </Center>
    );
  // One editor per page: a draft never travels to another page.
  return (
    <OwnerModals>
      <Editor key={page.page_id} board={board} page={page} pages={pages} basePath={basePath} />
    </OwnerModals>
  );
}

function Editor({ board: app, page, pages, basePath }: { board: BoardState; page: PageRecord; pages: PageRecord[]; basePath: string }) {
  const multipage = app.kind === 'multipage';
  // The legacy board layout (shell §2.3): `?layout=legacy`, boards only.
  const legacy = editorLayoutOf(useLocation().search, app.kind) === 'legacy';
  useDocumentTitle(`Editing ${multipage ? `${app.name} · ${page.page_name}` : app.title || app.name} · Sheetboard`);
  // Multipage pages have their own colours (page_background, block_border, block_shadow).
  const board = useMemo(() => (multipage ? pageBoard(app, page) : app), [multipage, app, page]);
  const qc = useQueryClient();
  const base = useBaseUrl();
  const navigate = useNavigate();
  const publicUrl = base.data ? boardUrl(base.data, board.subdomain) : `/${board.subdomain}`;
  const { create, update, remove, reorder } = useBlockMutations(board.appId, page.page_id, { footerLast: multipage });
  const me = useMe();
  const user = useMemo(() => (me.data ? { name: me.data.name, email: me.data.email } : null), [me.data]);
  // Blocks navigate the editor: another page opens in the editor (its address, so a reload keeps it).
  const openInEditor = useCallback((href: string) => navigate(href), [navigate]);
  const nav = useAppNav({ appId: board.appId, appName: board.name, pages, current: page, basePath, user, open: openInEditor });
  const appNav = multipage ? nav : undefined;
  const showPage = (slug: string) => navigate(hrefOfPath(basePath, appPath(nav.pages, slug), window.location.search));

  const [panel, setPanel] = useState<Panel>('view');
  const [draft, setDraft] = useState<BlockRecord | null>(null);
  // The draft as it was opened: leaving the editor with changes asks first.
  const [opened, setOpened] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [tab, setTab] = useState<string | null>('general');
  // After a first Save attempt, problems are re-checked as the user types (same validator as the server).
  const [attempted, setAttempted] = useState(false);
  const [guide, setGuide] = useState<null | 'Tutorial Videos' | 'Docs'>(null);
  const [upgrade, setUpgrade] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // The publish menu choice: which section of 'Launch Your App' opens.
  const [publishChoice, setPublishChoice] = useState<PublishChoice>('privacy');
  // The publish button's look follows the app's review request (a failure reads as none).
  const reviewStatus = publishStatusOf(useReviewRequest(board.appId).data);

  const blocks = page.blocks as BlockRecord[];
  // Every block of the app (all its pages), for the notice of columns changed in Google.
  const appBlockIds = useMemo(() => [...new Set([page, ...pages].flatMap((p) => (p.blocks as BlockRecord[]).map((b) => b.id)))], [page, pages]);
  // What the integrity check is asked again on: any change of any page's blocks or of the board's filters.
  const integritySignature = useMemo(() => JSON.stringify([[page, ...pages].map((p) => p.blocks), board.spreadsheetId, (board as { filters?: unknown }).filters ?? null]), [page, pages, board]);
  const schema = draft ? schemaOf(draft.type) : null;
  // The `pages` settings (toolbar open_page, header navigation) offer the app's pages.
  const pageChoices = (multipage ? pages : [page]).map((p) => ({ value: p.page_slug, label: p.page_name }));

  const closeEditing = () => {
    setDraft(null);
    setAttempted(false);
    setErrors({});
    setFormError(null);
    setPanel('view');
  };

  // A popup's toggle: clicking the open one closes it; opening one closes New Block.
  const toggle = (p: Panel) => setPanel((cur) => (cur === p ? 'view' : p));

  // Multipage layout: every menu choice closes the other popups (and the block being edited) first.
  const choose = (p: Panel) => {
    setFiltersOpen(false);
    setGuide(null);
    setUpgrade(false);
    if (draft) closeEditing();
    toggle(p);
  };

  const newBlock = () => {
    if (multipage) return choose('add');
    if (draft) closeEditing();
    toggle('add');
  };

  const pick = (type: string) => {
    const s = schemaOf(type);
    if (!s) {
      toast.error('Block not available', `The ${type} block cannot be added yet.`);
      return;
    }
    // The temporary block: the type's defaults, on the first sheet so data shows at once (blocks
    // for which a sheet is optional, such as Markdown, too: their [Column] references then work).
    const temp: BlockRecord = { ...blockDefaults(s, ''), temp_block: true };
    const first = board.sheets[0]?.title;
    if ((s.usesSheet || s.data !== 'none') && first) temp.sheet_title = first;
    if (first && s.axis) temp.axis = temp.axis.map((a) => withSheet(s.axis!.settings, a, first));
    setDraft(temp);
    setOpened(JSON.stringify(temp));
    setErrors({});
    setFormError(null);
    setTab(s.usesSheet || s.axis ? 'data' : 'general');
    setPanel('settings');
  };

  const edit = (block: BlockRecord) => {
    const s = schemaOf(block.type);
    if (!s) {
      toast.error('Block not available', `The ${block.type} block cannot be edited.`);
      return;
    }
    const record = normalizeBlock(s, block, block.id);
    setDraft(record);
    setOpened(JSON.stringify(record));
    setErrors({});
    setFormError(null);
    setTab('general');
    setPanel('settings');
  };

  const save = () => {
    if (!draft || !schema) return;
    setAttempted(true);
    const local = issueMap(validateBlock(schema, draft));
    if (Object.keys(local).length) {
      setErrors(local);
      setTab(tabOfFirstError(schema, local));
      setFormError('Please fix the highlighted settings.');
      return;
    }
    const mutation = draft.id ? update : create;
    mutation.mutate(draft, {
      onSuccess: () => {
        toast.success('Block saved', blockSavedText({ isNew: !draft.id, isPublic: board.isPublic, multipage }));
        closeEditing();
      },
      onError: (e) => {
        const byPath = issuesByPath(e);
        setErrors(byPath);
        const first = tabOfFirstError(schema, byPath);
        if (first) setTab(first);
        const message = failureText(e);
        setFormError(Object.keys(byPath).length ? 'Please fix the highlighted settings.' : message);
        if (!(e instanceof ApiError && e.status === 400)) toast.error('Could not save the block', message);
      },
    });
  };

  const confirmDelete = (block: BlockRecord) =>
    modals.openConfirmModal({
      title: 'Delete this block?',
      children: (
        <Text size="sm">
          The block “{(block.title as string) || block.type}” will be removed from {multipage && frameOf(block.type) ? 'every page of the app (it is the app’s)' : 'the board'}. Your data stays in the
          spreadsheet.
        </Text>
      ),
      labels: { confirm: 'Delete block', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(block, {
          onSuccess: () => {
            if (draft?.id === block.id) closeEditing();
            toast.success('Block deleted', 'The block was removed from the board.');
          },
          onError: (e) => toast.error('Could not delete the block', failureText(e)),
        }),
    });

  // Both publish choices open 'Launch Your App': Privacy Settings with Push to Live open,
  // Publish to Marketplace with Push to Marketplace open.
  const publish = (choice: PublishChoice) => {
    setPublishChoice(choice);
    if (multipage) {
      // A menu choice while the dialog is open switches its section rather than closing it.
      if (panel === 'publish') return;
      return choose('publish');
    }
    if (draft) closeEditing();
    setPanel('publish');
  };

  const embed = async () => {
    if (multipage) {
      setFiltersOpen(false);
      setGuide(null);
      setUpgrade(false);
    }
    if (draft) closeEditing();
    if (panel === 'embed') return setPanel('view');
    try {
      const ws = await qc.fetchQuery({
        queryKey: keys.workspace,
        queryFn: () => api.get<Out<typeof WorkspaceResponse>>('/api/board/workspace'),
      });
      if (ws.is_free_plan) {
        toast.info('Embed', 'Embed feature requires a paid plan.');
        setPanel('view');
        setUpgrade(true);
      } else setPanel('embed');
    } catch {
      // Spec §8: the plan could not be checked: say so and stay on the board.
      toast.error('Embed', PLAN_MESSAGES.checkFailed);
      setPanel('view');
    }
  };

  const settingsOpen = panel === 'settings' && !!draft && !!schema;
  const dirty = !!draft && JSON.stringify(draft) !== opened;
  useLeaveGuard(dirty);
  // The sidebar's Filters and the legacy nav's Board Settings: the board's filters and filter bar,
  // a popup like the others: it closes New Block.
  const boardSettings = () => {
    setPanel((cur) => (cur === 'add' ? 'view' : cur));
    setFiltersOpen((o) => !o);
  };
  // The sidebar's Board Settings: hero, logo, colours, sections, footer.
  const openBoardSettings = () => {
    setFiltersOpen(false);
    if (draft) closeEditing();
    toggle('app settings');
  };
  return (
    <AppShell
      className={legacy ? undefined : 'sb-editor-shell'}
      header={{ height: 60 }}
      // Narrower on phones, where every pixel of the board preview counts; none in the legacy layout.
      {...(legacy ? {} : { navbar: { width: { base: 72, sm: 92 }, breakpoint: 0 } })}
      aside={{ width: 400, breakpoint: 'sm', collapsed: { mobile: !settingsOpen, desktop: !settingsOpen } }}
    >
      <AppShell.Header>
        {legacy ? (
          <LegacyNav
            title={board.title || board.name}
            panel={panel}
            settingsOpen={filtersOpen}
            reviewStatus={reviewStatus}
            onNewBlock={newBlock}
            onBoardSettings={boardSettings}
            onEmbed={embed}
            onDocs={() => setGuide('Docs')}
            onPublish={publish}
          />
        ) : (
          <TopBar
            board={board}
            publicUrl={publicUrl}
            onTutorials={() => setGuide('Tutorial Videos')}
            onPublish={publish}
            reviewStatus={reviewStatus}
            {...(multipage ? { pageName: page.page_name } : {})}
          />
        )}
      </AppShell.Header>
      {!legacy && (
        <AppShell.Navbar>
          <Sidebar
            panel={panel}
            onNewBlock={newBlock}
            onDocs={() => setGuide('Docs')}
            onEmbed={embed}
            filtersOpen={filtersOpen}
            {...(multipage
              ? {
                  multipage: {
                    onPages: () => choose('pages'),
                    onUsers: () => choose('users'),
                    onAppSettings: () => choose('app settings'),
                    onSpreadsheet: () => {
                      choose('view');
                      openSpreadsheet(board, base.data);
                    },
                    onPublish: publish,
                    reviewStatus,
                  },
                }
              : {
                  onBoardSettings: openBoardSettings,
                })}
            onFilters={boardSettings}
          />
        </AppShell.Navbar>
      )}
      <AppShell.Main style={{ background: board.colors.board_background }}>
        {/* A connected Google Sheet (it has a sheet link) whose columns changed under this app's blocks. */}
        <GoogleColumnsNotice spreadsheetId={board.spreadsheetUrl ? board.spreadsheetId : null} blockIds={appBlockIds} />
        {/* Blocks naming a sheet or column the app's data lacks (issue 33), in words. */}
        <BrokenBlocksNotice appId={board.appId} signature={integritySignature} />
        <EditorCanvas
          board={board}
          blocks={blocks}
          editing={settingsOpen ? draft : null}
          onEdit={edit}
          onDelete={confirmDelete}
          onReorder={(order) =>
            reorder.mutate(order, { onError: (e) => toast.error('Could not reorder the blocks', failureText(e)) })
          }
          onAdd={newBlock}
          {...(appNav ? { app: appNav, hideHeader: true } : {})}
        />
      </AppShell.Main>
      <AppShell.Aside>
        {settingsOpen && (
          <SettingsPanel
            key={draft.id || 'new'}
            schema={schema}
            draft={draft}
            onChange={(b) => {
              setDraft(b);
              setFormError(null);
              if (attempted) setErrors(issueMap(validateBlock(schema, b)));
            }}
            sheets={board.sheets}
            pages={pageChoices}
            multipage={multipage}
            errors={errors}
            formError={formError}
            tab={tab}
            onTab={setTab}
            saving={create.isPending || update.isPending}
            onSave={save}
            onCancel={closeEditing}
            {...(board.spreadsheetId ? { columnTypes: (sheet: string) => loadColumnTypes(board.spreadsheetId!, board.appId, sheet) } : {})}
          />
        )}
      </AppShell.Aside>

      <ChooseBlockModal opened={panel === 'add'} onClose={() => setPanel('view')} onPick={pick} />
      <EmbedModal
        opened={panel === 'embed'}
        onClose={() => setPanel('view')}
        url={publicUrl}
        appName={board.name}
        kind={multipage ? 'multipage' : 'board'}
        pages={multipage ? pages : [page]}
        currentPageId={page.page_id}
        appPublic={board.isPublic}
      />
      {multipage && (
        <>
          <PagesModal
            opened={panel === 'pages'}
            onClose={() => setPanel('view')}
            appId={board.appId}
            pages={pages}
            currentPageId={page.page_id}
            onOpenPage={showPage}
            colors={app.colors}
          />
          <UsersModal opened={panel === 'users'} onClose={() => setPanel('view')} appId={board.appId} />
        </>
      )}
      {/* App Settings of a multipage app, Board Settings of a board: one panel. */}
      <AppSettingsModal opened={panel === 'app settings'} onClose={() => setPanel('view')} board={app} />
      <LaunchDialog
        opened={panel === 'publish'}
        onClose={() => setPanel('view')}
        appId={board.appId}
        subdomain={board.subdomain}
        previewUrl={publicUrl}
        section={publishChoice}
      />
      <UpgradeModal opened={upgrade} onClose={() => setUpgrade(false)} />
      <FiltersManager board={board} opened={filtersOpen} onClose={() => setFiltersOpen(false)} />
      <TutorialsModal opened={guide === 'Tutorial Videos'} onClose={() => setGuide(null)} multipage={multipage} />
      <DocsModal opened={guide === 'Docs'} onClose={() => setGuide(null)} />
    </AppShell>
  );
}
