// The board as the owner sees it while editing: the same BlockRenderer as guests, each block
// with a drag handle, an edit and a delete button. The block being edited shows its draft live.
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Button, Center, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconGripVertical, IconPencil, IconSquarePlus, IconTrash } from '@tabler/icons-react';
import { frameOf } from '../../blocks/schema-loaders';
import { schemaOf } from '../../blocks/schemas';
import { untitledBlockName } from './block-words';
import type { BlockRecord } from '../../shared/settings/types';
import { useEffect, useMemo, useRef } from 'react';
import type { AppNav } from '../../blocks/types';
import { BlockFrame } from '../viewer/BlockFrame';
import { BlockRenderer } from '../viewer/BlockRenderer';
import type { BoardState } from '../viewer/board-state';
import { BlockGrid, BoardSurface, gridItemClass } from '../viewer/BoardSurface';
import { useDataSource } from '../viewer/data-source';
import { FilterBar } from '../viewer/filters/FilterBar';
import { useViewFilters } from '../viewer/filters/useViewFilters';

export interface EditorCanvasProps {
  board: BoardState;
  blocks: BlockRecord[];
  /** The block open in the settings panel (its live draft), or null. */
  editing: BlockRecord | null;
  onEdit: (block: BlockRecord) => void;
  onDelete: (block: BlockRecord) => void;
  onReorder: (ids: string[]) => void;
  onAdd: () => void;
  /** Multipage apps: `data.app` for the blocks (pages, navigation, breadcrumbs). */
  app?: AppNav;
  /** Multipage pages have a header block instead of the board's title bar. */
  hideHeader?: boolean;
}

export function EditorCanvas({ board, blocks, editing, onEdit, onDelete, onReorder, onAdd, app, hideHeader = false }: EditorCanvasProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = blocks.map((b) => b.id);
  const shown = blocks.map((b) => (editing && editing.id === b.id ? editing : b));
  const temp = editing && !editing.id ? editing : null;
  // The owner previews the board as viewers get it: the same filter bar, changes not saved.
  const view = useViewFilters(board);
  const goTo = app?.goTo;
  const openPage = useMemo(() => (goTo ? (slug: string, rowId?: string) => goTo(slug, rowId ? { rowId } : undefined) : undefined), [goTo]);
  const source = useDataSource(board, view.filters, openPage, app);

  // A new block is appended at the end of the board: bring it into view so its live preview is seen.
  const tempRef = useRef<HTMLDivElement>(null);
  const hasTemp = temp !== null;
  useEffect(() => {
    if (hasTemp) tempRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [hasTemp]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onReorder(arrayMove(ids, from, to));
  };

  return (
    <BoardSurface board={board} hideHeader={hideHeader}>
      {!board.hideFilters && board.filters.length > 0 && <FilterBar view={view} />}
      {shown.length === 0 && !temp ? (
        <Center py={80}>
          <Stack align="center" gap="sm">
            <Text c="dimmed">Your board is empty. Add a table, a chart or a scorecard to get started.</Text>
            <Button leftSection={<IconSquarePlus size={16} />} onClick={onAdd}>
              Add your first block
            </Button>
          </Stack>
        </Center>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={ids} strategy={rectSortingStrategy}>
            <BlockGrid>
              {shown.map((block) => (
                <SortableBlock key={block.id} block={block} board={board} active={editing?.id === block.id} onEdit={onEdit} onDelete={onDelete} everyPage={!!app && !!frameOf(block.type)}>
                  <BlockRenderer block={block} source={source} mode="edit" />
                </SortableBlock>
              ))}
              {temp && (
                <div ref={tempRef} className={gridItemClass(temp)} style={{ outline: '2px dashed var(--mantine-color-indigo-4)', outlineOffset: 4, borderRadius: 12 }}>
                  <BlockFrame
                    block={temp}
                    fallbackTitle={untitledBlockName(schemaOf(temp.type))}
                    colors={board.colors}
                    tools={
                      <Badge variant="light" color="indigo">
                        New block, not saved yet
                      </Badge>
                    }
                  >
                    <BlockRenderer block={temp} source={source} mode="edit" />
                  </BlockFrame>
                </div>
              )}
            </BlockGrid>
          </SortableContext>
        </DndContext>
      )}
    </BoardSurface>
  );
}

function SortableBlock({
  block,
  board,
  active,
  onEdit,
  onDelete,
  everyPage,
  children,
}: {
  block: BlockRecord;
  board: BoardState;
  active: boolean;
  onEdit: (b: BlockRecord) => void;
  onDelete: (b: BlockRecord) => void;
  /** The app's header or footer: the same block on every page. */
  everyPage: boolean;
  children: React.ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: block.id });
  const name = (typeof block.title === 'string' && block.title) || block.type;
  const tools = (
    <Group gap={2} wrap="nowrap" className="sb-block-tools">
      {everyPage && (
        <Tooltip label="The app's own: the same on every page. A page can hide it in its settings (Pages).">
          <Badge variant="light" color="gray" mr={4}>
            On every page
          </Badge>
        </Tooltip>
      )}
      <Tooltip label="Drag to reorder">
        <ActionIcon variant="subtle" color="gray" aria-label={`Drag ${name}`} ref={setActivatorNodeRef} {...attributes} {...listeners} style={{ cursor: 'grab' }}>
          <IconGripVertical size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Edit block">
        <ActionIcon variant="subtle" color="indigo" aria-label={`Edit ${name}`} onClick={() => onEdit(block)}>
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete block">
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={() => onDelete(block)}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
  return (
    <div
      ref={setNodeRef}
      className={gridItemClass(block)}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        zIndex: isDragging ? 10 : undefined,
        opacity: isDragging ? 0.85 : 1,
        outline: active ? '2px solid var(--mantine-color-indigo-5)' : undefined,
        outlineOffset: 4,
        borderRadius: 12,
      }}
    >
      <BlockFrame block={block} colors={board.colors} tools={tools} fallbackTitle={untitledBlockName(schemaOf(block.type))}>
        {children}
      </BlockFrame>
    </div>
  );
}
