// What a table or list lets its viewer do with rows, in one hook both views share: which columns
// edit in place, the 'Add Row' button, the action buttons of a row, the toolbar and item page
// buttons, and the dialogs they open. Audiences come from row-edit.ts (the server enforces the
// same ones); without data.write (a preview) nothing writes.
import { Button } from '@mantine/core';
import { Tooltip } from '../LazyTooltip';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { readSettings } from '../../shared/settings/read';
import { rowBlockSettings } from '../../shared/settings/row-blocks';
import type { BlockRecord } from '../../shared/settings/types';
import { BlockFrame } from '../BlockFrame';
import type { BlockData, SheetRow } from '../types';
import type { DeleteState, RowEditorState } from './RowDialogs';
import { runServerAction } from './row-actions';
import { canAddRow, editableFields, pageButtons, rowActions, rowFields, type EditField, type PageButton, type RowAction, type TableAction } from './row-edit';

type Row = Record<string, unknown>;

// The dialogs and their inputs load when a row is first edited, added or deleted.
const RowEditor = lazy(() => import('./RowDialogs').then((m) => ({ default: m.RowEditor })));
const DeleteDialog = lazy(() => import('./RowDialogs').then((m) => ({ default: m.DeleteDialog })));

export interface RowWritesUi {
  actions: RowAction[];
  editable: Map<string, EditField>;
  itemButtons: PageButton[];
  /** Add Row and the toolbar page buttons, for the block's toolbar. */
  toolbar: ReactNode;
  /** The dialogs; render once inside the view. */
  dialogs: ReactNode;
  editCell: (row: Row, column: string) => void;
  /** Runs an action of a row; client actions call `client`. */
  runAction: (ra: RowAction, row: Row, client: (action: TableAction, row: Row) => void) => void;
  openPage: (button: PageButton, row?: Row) => void;
  /** A row's action and item page buttons (each view lays them out); client actions call `client`. */
  rowButtons: (row: Row, client?: (action: TableAction, row: Row) => void) => ReactNode;
  /** Title of page buttons while the app cannot open pages (boards). */
  pageHint: string | undefined;
}

export const NO_PAGES_HINT = 'Opens a page of a multipage app; boards have a single page.';

/** The Add Row button and form: a cleared title or colour is the usual one. */
const ADD_ROW_DEFAULTS = ['submit_button_title', 'add_row_button_title', 'add_row_button_color', 'add_row_text_color'] as const;

export function useRowWrites(config: BlockRecord, columns: string[], data: BlockData): RowWritesUi {
  const settings = useMemo(() => readSettings(rowBlockSettings, config, { blankIsDefault: ADD_ROW_DEFAULTS }), [config]);
  const role = data.viewer.role;
  const write = data.write;
  const editable = useMemo(
    () => (write ? editableFields(config, role, data.sheets) : new Map<string, EditField>()),
    [write, config, role, data.sheets],
  );
  const allActions = useMemo(() => rowActions(config, role), [config, role]);
  // Actions that write need data.write; browser-side ones work in previews too.
  const actions = useMemo(() => (write ? allActions : allActions.filter((a) => a.run === 'client')), [allActions, write]);
  const itemButtons = useMemo(() => pageButtons(config, 'item_buttons'), [config]);
  const toolbarButtons = useMemo(() => pageButtons(config, 'toolbar_buttons'), [config]);
  const fieldsOfRow = useMemo(() => rowFields(config, columns, data.sheets), [config, columns, data.sheets]);

  const [editor, setEditor] = useState<RowEditorState | null>(null);
  const [deleting, setDeleting] = useState<DeleteState | null>(null);
  // Once opened, a dialog stays mounted so it can animate closed.
  const [editorUsed, setEditorUsed] = useState(false);
  const [deleteUsed, setDeleteUsed] = useState(false);
  if (editor && !editorUsed) setEditorUsed(true);
  if (deleting && !deleteUsed) setDeleteUsed(true);
  const submitLabel = settings.submit_button_title;

  const editCell = (row: Row, column: string) => {
    const field = editable.get(column);
    if (field) setEditor({ row: row as SheetRow, fields: [field], title: `Edit ${column}`, submitLabel: 'Save' });
  };

  const runAction = (ra: RowAction, row: Row, client: (action: TableAction, row: Row) => void) => {
    const a = ra.action;
    const messages = { successMessage: a.success_message || undefined, errorMessage: a.error_message || undefined };
    switch (ra.run) {
      case 'edit':
        setEditor({ row: row as SheetRow, fields: fieldsOfRow, title: a.title || 'Edit row', submitLabel: 'Save', ...messages });
        return;
      case 'delete':
        setDeleting({ row: row as SheetRow, ...messages });
        return;
      case 'server':
        if (write) void runServerAction(write, ra.index, row, a);
        return;
      default:
        client(a, row);
    }
  };

  const pageHint = data.openPage ? undefined : NO_PAGES_HINT;
  const openPage = (b: PageButton, row?: Row) => {
    if (data.openPage) data.openPage(b.page, row ? String(row._id ?? '') || undefined : undefined);
  };

  const addButton =
    write && canAddRow(config, role) ? (
      <Button
        key="add"
        size="compact-sm"
        leftSection={<IconPlus size={14} />}
        style={{ backgroundColor: settings.add_row_button_color, color: settings.add_row_text_color }}
        onClick={() => setEditor({ row: null, fields: fieldsOfRow, title: settings.add_row_button_title, submitLabel })}
      >
        {settings.add_row_button_title}
      </Button>
    ) : null;

  const toolbar = (
    <>
      {toolbarButtons.map((b, i) => (
        <Tooltip key={`page-${i}`} label={pageHint ?? b.page} disabled={!pageHint}>
          <Button
            size="compact-sm"
            style={{ backgroundColor: b.button_color, color: b.text_color, opacity: pageHint ? 0.6 : 1 }}
            onClick={() => openPage(b)}
            aria-disabled={pageHint ? true : undefined}
          >
            {b.title}
          </Button>
        </Tooltip>
      ))}
      {addButton}
    </>
  );

  const dialogs = write ? (
    <Suspense fallback={null}>
      {editorUsed && <RowEditor state={editor} onClose={() => setEditor(null)} write={write} rows={data.rows} loading={data.loading} />}
      {deleteUsed && <DeleteDialog state={deleting} onClose={() => setDeleting(null)} write={write} />}
    </Suspense>
  ) : null;

  const rowButtons = (row: Row, client: (action: TableAction, row: Row) => void = () => {}) => (
    <>
      {actions.map((ra) => (
        <Button
          key={ra.index}
          size="compact-xs"
          style={{ backgroundColor: ra.action.button_color, color: ra.action.text_color }}
          onClick={(e) => {
            e.stopPropagation();
            runAction(ra, row, client);
          }}
        >
          {ra.action.title || ra.action.type}
        </Button>
      ))}
      {itemButtons.map((b, i) => (
        <Tooltip key={`item-${i}`} label={pageHint ?? b.page} disabled={!pageHint}>
          <Button
            size="compact-xs"
            style={{ backgroundColor: b.button_color, color: b.text_color, opacity: pageHint ? 0.6 : 1 }}
            aria-disabled={pageHint ? true : undefined}
            onClick={(e) => {
              e.stopPropagation();
              openPage(b, row);
            }}
          >
            {b.title}
          </Button>
        </Tooltip>
      ))}
    </>
  );

  return { actions, editable, itemButtons, toolbar, dialogs, editCell, runAction, openPage, pageHint, rowButtons };
}

/**
 * The frame of a view that writes rows (table, list): its toolbar, the rows (or what stands in
 * for them), then the writes' dialogs and the pop-up of one row in full.
 */
export function RowsFrame({ config, toolbar, writes, details, body }: { config: BlockRecord; toolbar: ReactNode; writes: RowWritesUi; details: ReactNode; body: ReactNode }) {
  return (
    <BlockFrame config={config} toolbar={toolbar}>
      {body}
      {writes.dialogs}
      {details}
    </BlockFrame>
  );
}
