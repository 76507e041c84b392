// One sheet in the data editor: the toolbar (search, filter, add row, undo, add column, export)
// and the grid. The grid is virtualised both ways (@tanstack/react-virtual): only the rows and
// columns on screen are drawn, rows come in pages of 200 by offset as they are scrolled to
// (useSheetRows), and past the browsers' height cap one scroll pixel stands for several (scrollScale).
// Every write goes through the row routes with the row's version; a 409 shows the server's message
// and reloads that row.
import { ActionIcon, Box, Button, Group, Menu, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import {
  IconArrowBackUp,
  IconArrowLeft,
  IconArrowRight,
  IconChevronDown,
  IconColumnInsertRight,
  IconCopy,
  IconDownload,
  IconEdit,
  IconForms,
  IconPlus,
  IconSearch,
  IconSortAscending,
  IconSortDescending,
  IconTrash,
} from '@tabler/icons-react';
import { elementScroll, observeElementOffset, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useEffectEvent, useMemo, useState, type KeyboardEvent } from 'react';
import type { BlockUse } from '../../../shared/api/data-editor';
import type { Filter } from '../../../shared/filters/conditions';
import { COLUMN_TYPE_LABELS, guessColumnTypes, type ColumnType } from '../../../shared/rows/column-types';
import type { RowValue } from '../../../shared/rows/validate';
import { ApiError, messageOf } from '../../lib/api';
import { toast } from '../../lib/toast';
import { CellEditor } from './CellEditor';
import { changed, choicesOf, displayText, moveFrom, rowValues, typeOf, type CellPos } from './cell-values';
import { ColumnDialog, blockUseText, type ColumnAction } from './ColumnDialog';
import { columns as columnsApi, exportUrl, getRow, rows as rowsApi, type EditorSheet, type RowsQuery } from './data-api';
import { FilterControl } from './FilterControl';
import { scrollScale } from './page-cache';
import { describeChange, undoStep, UndoStack, type Values } from './undo';
import { useSheetRows } from './useSheetRows';
import './data-editor.css';

const ROW_H = 34;
const HEADER_H = 40;
const NUM_W = 76;
const WIDTHS: Partial<Record<ColumnType, number>> = { number: 120, date: 140, time: 110, month: 120, week: 120, textarea: 280, markdowntext: 280, url: 220, image: 220 };
const widthOf = (t: ColumnType) => WIDTHS[t] ?? 180;

/** Types whose editor is a plain text box, so a typed key can start it. */
const TYPE_TO_EDIT: ReadonlySet<ColumnType> = new Set<ColumnType>(['text', 'number', 'textarea', 'markdowntext', 'email', 'url', 'tel', 'image', 'select']);

const EDITOR_W = 300;
const editorWidth = (viewport: number) => (viewport > 0 ? Math.min(EDITOR_W, viewport - 8) : EDITOR_W);
/** The cell editor starts at its cell, but stays inside what is scrolled into view (phones). */
const editorLeft = (cellLeft: number, scrollLeft: number, viewport: number) =>
  viewport > 0 ? Math.max(scrollLeft + 4, Math.min(cellLeft, scrollLeft + viewport - editorWidth(viewport) - 4)) : cellLeft;

type Sort = { column: string; dir: 'asc' | 'desc' } | null;

// Scroll positions scaled past the height cap (see scrollScale): read from the virtualizer itself.
const scaleOf = (v: Virtualizer<HTMLDivElement, Element>) => scrollScale(v.getTotalSize(), v.scrollElement?.clientHeight ?? 0);

export interface SheetEditorProps {
  spreadsheetId: string;
  sheet: EditorSheet;
  /** A column change answered with the sheet's new columns and types. */
  onSheetChanged: () => void;
}

export function SheetEditor({ spreadsheetId, sheet, onSheetChanged }: SheetEditorProps) {
  const title = sheet.title;
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [sort, setSort] = useState<Sort>(null);
  const [filters, setFilters] = useState<Filter[]>([]);
  const query = useMemo<RowsQuery>(() => ({ q, filters, ...(sort ? { sort: sort.column, dir: sort.dir } : {}) }), [q, filters, sort]);
  const data = useSheetRows(spreadsheetId, title, query);
  const { cache, version } = data;

  const columns = useMemo(() => (cache.columns.length ? cache.columns : sheet.columns).filter((c) => !c.startsWith('_')), [cache.columns, sheet.columns, version]); // eslint-disable-line react-hooks/exhaustive-deps -- version: the cache changed in place
  // Types: as stored; a sheet imported before types were stored gets them guessed from its first rows.
  const types = useMemo(() => {
    if (sheet.column_types && Object.keys(sheet.column_types).length) return sheet.column_types;
    const first = [...cache.loadedRows()].slice(0, 200);
    return first.length ? guessColumnTypes(columns, first) : {};
  }, [sheet.column_types, cache, columns, version]); // eslint-disable-line react-hooks/exhaustive-deps -- version: the cache changed in place
  const total = cache.total ?? 0;

  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const rowV = useVirtualizer<HTMLDivElement, Element>({
    count: total,
    getScrollElement: () => scroller,
    estimateSize: () => ROW_H,
    paddingStart: HEADER_H,
    overscan: 12,
    observeElementOffset: (instance, cb) => observeElementOffset(instance, (offset, scrolling) => cb(offset * scaleOf(instance), scrolling)),
    scrollToFn: (offset, options, instance) => elementScroll(offset / scaleOf(instance), options, instance),
  });
  const colV = useVirtualizer<HTMLDivElement, Element>({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scroller,
    estimateSize: (i) => widthOf(typeOf(types, columns[i] ?? '')),
    paddingStart: NUM_W,
    overscan: 3,
  });
  // Widths depend on the types, which may arrive after the first page.
  useEffect(() => colV.measure(), [colV, types, columns]);

  const rowItems = rowV.getVirtualItems();
  const colItems = colV.getVirtualItems();
  const first = rowItems[0]?.index ?? 0;
  const last = rowItems[rowItems.length - 1]?.index ?? 0;
  useEffect(() => data.show(first, last), [data, first, last]);

  const totalSize = rowV.getTotalSize();
  const viewport = scroller?.clientHeight ?? 0;
  const scale = scrollScale(totalSize, viewport);
  const innerHeight = scale === 1 ? totalSize : Math.round((totalSize - viewport) / scale + viewport);
  // Rows are drawn where they are on screen: their place among all rows, less what is scrolled past.
  const shift = (rowV.scrollOffset ?? 0) - (rowV.scrollOffset ?? 0) / scale;

  // ---- Selection, editing, undo ----
  const [selected, setSelected] = useState<CellPos | null>(null);
  const [editing, setEditing] = useState<(CellPos & { typed?: string }) | null>(null);
  const [saving, setSaving] = useState(false);
  const [undo, setUndo] = useState(UndoStack.empty());
  const [busy, setBusy] = useState(false);

  const select = useCallback(
    (pos: CellPos) => {
      setSelected(pos);
      rowV.scrollToIndex(pos.row, { align: 'auto' });
      colV.scrollToIndex(pos.col, { align: 'auto' });
    },
    [rowV, colV],
  );

  /** A 409: the server's message, then the row as it is now. */
  const conflict = useCallback(
    async (e: unknown, rowId: string) => {
      toast.error('Not saved', messageOf(e));
      try {
        cache.replace(await getRow(spreadsheetId, title, rowId));
        data.touch();
      } catch {
        data.reload();
      }
    },
    [cache, data, spreadsheetId, title],
  );

  const saveCell = async (pos: CellPos, value: RowValue, then: 'stay' | 'next' | 'prev' | 'down') => {
    const row = cache.row(pos.row);
    const column = columns[pos.col];
    const move = () => {
      setEditing(null);
      // Back to the grid, so the arrows and Enter go on from the next cell.
      scroller?.focus({ preventScroll: true });
      if (then === 'stay') return setSelected(pos);
      select(moveFrom(pos, then === 'down' ? 'Enter' : 'Tab', then === 'prev', total, columns.length));
    };
    if (!row || !column) return setEditing(null);
    const type = typeOf(types, column);
    if (!changed(type, row[column], value)) return move();
    setSaving(true);
    try {
      const next = await rowsApi.update(spreadsheetId, title, row._id, { [column]: value }, row._version);
      cache.replace(next);
      const before: Values = { [column]: rowValues(row, [column])[column] ?? '' };
      setUndo((u) => u.bumpVersion(row._id, next._version).push({ kind: 'edit', rowId: row._id, before, after: { [column]: value }, version: next._version }));
      data.touch();
      move();
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        setEditing(null);
        await conflict(e, row._id);
      } else toast.error('Not saved', messageOf(e));
    } finally {
      setSaving(false);
    }
  };

  const addRow = async (values: Values = {}) => {
    setBusy(true);
    try {
      const row = await rowsApi.add(spreadsheetId, title, values);
      setUndo((u) => u.push({ kind: 'add', rowId: row._id, values }));
      data.reload();
      // A new row goes at the end (without a sort): show it.
      if (!sort && !q && filters.length === 0) {
        cache.total = total + 1;
        window.requestAnimationFrame(() => select({ row: total, col: 0 }));
      }
      toast.success('Row added', sort || q || filters.length ? 'It is at the end of the sheet: clear the search, sort and filters to see it.' : 'It is at the end of the sheet.', 2000);
    } catch (e) {
      toast.error('The row was not added', messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const deleteRow = (index: number) => {
    const row = cache.row(index);
    if (!row) return;
    modals.openConfirmModal({
      title: `Delete row ${index + 1}?`,
      children: <Text size="sm">{columns.slice(0, 3).map((c) => displayText(row[c])).filter(Boolean).join(' · ') || 'This row'} will be deleted. You can undo it.</Text>,
      labels: { confirm: 'Delete row', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await rowsApi.remove(spreadsheetId, title, row._id);
          setUndo((u) => u.push({ kind: 'delete', rowId: row._id, values: rowValues(row, columns) }));
          setSelected(null);
          data.reload();
        } catch (e) {
          toast.error('The row was not deleted', messageOf(e));
        }
      },
    });
  };

  const runUndo = async () => {
    const change = undo.last;
    if (!change || busy) return;
    setBusy(true);
    setEditing(null);
    const rest = undo.pop();
    try {
      const step = undoStep(change);
      if (step.kind === 'update') {
        const row = await rowsApi.update(spreadsheetId, title, step.rowId, step.values, step.version);
        cache.replace(row);
        setUndo(rest.bumpVersion(row._id, row._version));
        data.touch();
      } else if (step.kind === 'delete') {
        await rowsApi.remove(spreadsheetId, title, step.rowId);
        setUndo(rest);
        data.reload();
      } else {
        const row = await rowsApi.add(spreadsheetId, title, step.values);
        setUndo(rest.renameRow(change.rowId, row._id, row._version));
        data.reload();
      }
      toast.info('Undone', describeChange(change).replace(/^Undo/, 'Undid'), 2000);
    } catch (e) {
      setUndo(rest);
      if (e instanceof ApiError && e.status === 409) await conflict(e, change.rowId);
      else if (e instanceof ApiError && e.status === 404) {
        toast.error('Nothing to undo', 'That row is no longer in the sheet.');
        data.reload();
      } else toast.error('Could not undo', messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  // Ctrl+Z anywhere on the page but in a text field (which has its own undo).
  const onUndoKey = useEffectEvent((e: globalThis.KeyboardEvent) => {
    if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z' || e.shiftKey) return;
    const t = e.target as HTMLElement | null;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable)) return;
    e.preventDefault();
    void runUndo();
  });
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => onUndoKey(e);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Keys on the grid: arrows move, Enter / F2 edit, Delete clears a cell.
  const onGridKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (editing || !selected) return;
    if (e.key === 'Enter' || e.key === 'F2') {
      e.preventDefault();
      setEditing(selected);
    } else if (['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Tab'].includes(e.key)) {
      e.preventDefault();
      select(moveFrom(selected, e.key as 'Tab', e.shiftKey, total, columns.length));
    } else if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey && TYPE_TO_EDIT.has(typeOf(types, columns[selected.col] ?? ''))) {
      // Typing on a cell starts editing it with what was typed, as in a spreadsheet.
      e.preventDefault();
      setEditing({ ...selected, typed: e.key });
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      void saveCell(selected, typeOf(types, columns[selected.col] ?? '') === 'multi-select' ? [] : '', 'stay');
    }
  };

  // ---- Columns ----
  const [columnAction, setColumnAction] = useState<ColumnAction | null>(null);
  const moveColumn = async (column: string, position: number) => {
    try {
      await columnsApi.update(spreadsheetId, title, column, { position });
      onSheetChanged();
      data.reload();
    } catch (e) {
      toast.error('The column was not moved', messageOf(e));
    }
  };
  const columnDone = (blocks: BlockUse[], renamed?: { from: string; to: string }) => {
    const action = columnAction;
    setColumnAction(null);
    if (renamed && sort?.column === renamed.from) setSort({ ...sort, column: renamed.to });
    if (action?.kind === 'delete' && sort?.column === action.column) setSort(null);
    setFilters((fs) =>
      fs.flatMap((f) =>
        renamed && f.sheet_column.column === renamed.from
          ? [{ ...f, sheet_column: { ...f.sheet_column, column: renamed.to } }]
          : action?.kind === 'delete' && f.sheet_column.column === action.column
            ? []
            : [f],
      ),
    );
    onSheetChanged();
    data.reload();
    if (blocks.length && renamed) toast.success('Column renamed', `Changed to the new name too: ${blocks.map(blockUseText).join(', ')}.`);
  };

  const sortBy = (column: string) =>
    setSort((s) => (s?.column !== column ? { column, dir: 'asc' } : s.dir === 'asc' ? { column, dir: 'desc' } : null));

  const choices = (column: string) => choicesOf(cache.loadedRows(), column, typeOf(types, column) === 'multi-select');

  const editingRow = editing ? cache.row(editing.row) : undefined;
  const editingColumn = editing ? columns[editing.col] : undefined;
  const editingCol = editing ? colItems.find((c) => c.index === editing.col) : undefined;

  return (
    <Box style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}>
      <Group gap="xs" py="xs" wrap="wrap" aria-label="Sheet tools" role="toolbar">
        <TextInput
          aria-label="Search"
          placeholder="Search"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', xs: 220 }}
        />
        <FilterControl sheet={title} columns={columns} filters={filters} onChange={setFilters} />
        <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => void addRow()} disabled={busy}>
          Add row
        </Button>
        <Button variant="default" leftSection={<IconColumnInsertRight size={16} />} onClick={() => setColumnAction({ kind: 'add', after: null })} aria-label="Add column" className="sb-short-btn">
          <Short>Add column</Short>
        </Button>
        <Tooltip label={undo.last ? `${describeChange(undo.last)} (Ctrl+Z)` : 'Nothing to undo'}>
          <Button variant="default" leftSection={<IconArrowBackUp size={16} />} onClick={() => void runUndo()} disabled={!undo.last || busy} aria-label="Undo" className="sb-short-btn">
            <Short>Undo</Short>
          </Button>
        </Tooltip>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default" leftSection={<IconDownload size={16} />} rightSection={<IconChevronDown size={14} />} aria-label="Export" className="sb-short-btn">
              <Short>Export</Short>
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component="a" href={exportUrl(spreadsheetId, title, 'csv')} download>
              CSV file (.csv)
            </Menu.Item>
            <Menu.Item component="a" href={exportUrl(spreadsheetId, title, 'xlsx')} download>
              Excel file (.xlsx)
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <Text size="sm" c="dimmed" ml="auto" data-testid="row-count" aria-live="polite">
          {cache.total === null ? 'Loading…' : `${total.toLocaleString()} ${total === 1 ? 'row' : 'rows'}`}
          {(q || filters.length > 0) && cache.total !== null ? ' found' : ''}
        </Text>
      </Group>
      {data.error && (
        <Text c="red" size="sm" role="alert" mb="xs">
          {data.error}
        </Text>
      )}
      <div
        ref={setScroller}
        className="sb-data-grid"
        role="grid"
        aria-label={`Rows of ${title}`}
        aria-rowcount={total + 1}
        aria-colcount={columns.length + 1}
        tabIndex={0}
        onKeyDown={onGridKey}
        data-testid="data-grid"
      >
        <div style={{ height: innerHeight, width: colV.getTotalSize(), position: 'relative' }}>
          <div className="sb-data-head" role="row" style={{ width: colV.getTotalSize() }}>
            <div className="sb-data-num sb-data-corner" role="columnheader">
              #
            </div>
            {colItems.map((c) => {
              const column = columns[c.index]!;
              const type = typeOf(types, column);
              return (
                <div key={column} className="sb-data-th" role="columnheader" style={{ left: c.start, width: c.size }} aria-sort={sort?.column === column ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
                  <UnstyledButton className="sb-data-sort" onClick={() => sortBy(column)} title={`Sort by ${column}`} aria-label={`Sort by ${column}`}>
                    <Text size="sm" fw={600} truncate>
                      {column}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {COLUMN_TYPE_LABELS[type]}
                    </Text>
                  </UnstyledButton>
                  {sort?.column === column && (sort.dir === 'asc' ? <IconSortAscending size={14} /> : <IconSortDescending size={14} />)}
                  <ColumnMenu
                    column={column}
                    index={c.index}
                    count={columns.length}
                    onSort={(dir) => setSort({ column, dir })}
                    onAction={(kind) => setColumnAction(kind === 'add' ? { kind: 'add', after: column } : { kind, column, type })}
                    onMove={(to) => void moveColumn(column, to)}
                  />
                </div>
              );
            })}
          </div>
          {rowItems.map((r) => {
            const row = cache.row(r.index);
            return (
              <div key={r.index} className="sb-data-row" role="row" aria-rowindex={r.index + 2} style={{ top: r.start - shift, width: colV.getTotalSize() }} data-row-id={row?._id}>
                <div className="sb-data-num" role="rowheader">
                  <RowMenu index={r.index} disabled={!row} onDuplicate={() => row && void addRow(rowValues(row, columns))} onDelete={() => deleteRow(r.index)} />
                </div>
                {row
                  ? colItems.map((c) => {
                      const column = columns[c.index]!;
                      const isSel = selected?.row === r.index && selected.col === c.index;
                      return (
                        <div
                          key={column}
                          role="gridcell"
                          aria-selected={isSel}
                          aria-label={`${column}, row ${r.index + 1}`}
                          className={`sb-data-td${isSel ? ' sb-data-sel' : ''}${typeOf(types, column) === 'number' ? ' sb-data-numcell' : ''}`}
                          style={{ left: c.start, width: c.size }}
                          onClick={() => (isSel ? setEditing({ row: r.index, col: c.index }) : setSelected({ row: r.index, col: c.index }))}
                          onDoubleClick={() => setEditing({ row: r.index, col: c.index })}
                        >
                          {displayText(row[column])}
                        </div>
                      );
                    })
                  : colItems.length > 0 && <div className="sb-data-loading" style={{ left: NUM_W }} />}
              </div>
            );
          })}
          {editing && editingRow && editingColumn && editingCol && (
            <div
              className="sb-data-editor"
              style={{ top: Math.max(HEADER_H, editing.row * ROW_H + HEADER_H - shift), left: editorLeft(editingCol.start, colV.scrollOffset ?? 0, scroller?.clientWidth ?? 0), width: editorWidth(scroller?.clientWidth ?? 0) }}
            >
              <CellEditor
                key={`${editing.row}:${editing.col}`}
                column={editingColumn}
                type={typeOf(types, editingColumn)}
                cell={editing.typed ?? editingRow[editingColumn]}
                choices={choices(editingColumn)}
                saving={saving}
                onSave={(value, then) => void saveCell({ row: editing.row, col: editing.col }, value, then)}
                caretAtEnd={editing.typed !== undefined}
                onCancel={() => {
                  setEditing(null);
                  scroller?.focus({ preventScroll: true });
                }}
              />
            </div>
          )}
        </div>
        {cache.total === 0 && (
          <Text c="dimmed" ta="center" p="xl">
            {q || filters.length ? 'No rows match the search and filters.' : 'This sheet has no rows yet. Add one with Add row.'}
          </Text>
        )}
      </div>
      {columnAction && (
        <ColumnDialog spreadsheetId={spreadsheetId} sheet={title} action={columnAction} existing={columns} onDone={columnDone} onClose={() => setColumnAction(null)} />
      )}
    </Box>
  );
}

/** A button's words, shown from tablets up (phones get the icon; the button keeps its name). */
function Short({ children }: { children: string }) {
  return (
    <Text span visibleFrom="sm" inherit>
      {children}
    </Text>
  );
}

function ColumnMenu({
  column,
  index,
  count,
  onSort,
  onAction,
  onMove,
}: {
  column: string;
  index: number;
  count: number;
  onSort: (dir: 'asc' | 'desc') => void;
  onAction: (kind: 'rename' | 'type' | 'delete' | 'add') => void;
  onMove: (to: number) => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Column menu of ${column}`}>
          <IconChevronDown size={14} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconSortAscending size={14} />} onClick={() => onSort('asc')}>
          Sort A → Z
        </Menu.Item>
        <Menu.Item leftSection={<IconSortDescending size={14} />} onClick={() => onSort('desc')}>
          Sort Z → A
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item leftSection={<IconEdit size={14} />} onClick={() => onAction('rename')}>
          Rename
        </Menu.Item>
        <Menu.Item leftSection={<IconForms size={14} />} onClick={() => onAction('type')}>
          Change type
        </Menu.Item>
        <Menu.Item leftSection={<IconArrowLeft size={14} />} disabled={index === 0} onClick={() => onMove(index - 1)}>
          Move left
        </Menu.Item>
        <Menu.Item leftSection={<IconArrowRight size={14} />} disabled={index >= count - 1} onClick={() => onMove(index + 1)}>
          Move right
        </Menu.Item>
        <Menu.Item leftSection={<IconColumnInsertRight size={14} />} onClick={() => onAction('add')}>
          Add a column after it
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onAction('delete')}>
          Delete column
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function RowMenu({ index, disabled, onDuplicate, onDelete }: { index: number; disabled: boolean; onDuplicate: () => void; onDelete: () => void }) {
  return (
    <Menu position="bottom-start" withinPortal shadow="md">
      <Menu.Target>
        <UnstyledButton className="sb-data-rownum" disabled={disabled} aria-label={`Row ${index + 1}`}>
          <Text size="xs" c="dimmed">
            {(index + 1).toLocaleString()}
          </Text>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Row {(index + 1).toLocaleString()}</Menu.Label>
        <Menu.Item leftSection={<IconCopy size={14} />} onClick={onDuplicate}>
          Duplicate row
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={onDelete}>
          Delete row
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
