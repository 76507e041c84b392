// The settings of one block, generated from its schema and grouped in tabs:
//   General  block settings that are not colours or data
//   Data     the sheet, the block's column settings, and its axes (one group per column element)
//   Style    every colour setting
//   Actions  action buttons (when the schema has them), Filters (conditional filters)
import { Badge, Button, Group, Select, Stack, Tabs, Text } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { ColumnTypes } from '../../../shared/rows/column-types';
import type { BlockRecord, BlockSchema, SettingsSchema, SettingValues } from '../../../shared/settings/types';
import type { SheetInfo } from '../../viewer/board-state';
import { editorBlockSettings } from '../block-words';
import { SettingsEnvContext, type SettingsEnv } from './context';
import { withAllColumns } from './all-columns';
import { ItemList } from './ItemList';
import { SettingsForm } from './SettingsForm';

type Group = 'general' | 'data' | 'style';

function groupOf(type: string): Group {
  if (type === 'color' || type === 'colors') return 'style';
  if (type === 'sheet_columns' || type === 'datasource') return 'data';
  return 'general';
}

function split(schema: SettingsSchema): Record<Group, SettingsSchema> {
  const out: Record<Group, SettingsSchema> = { general: {}, data: {}, style: {} };
  for (const [k, s] of Object.entries(schema)) out[groupOf(s.type)][k] = s;
  return out;
}

const TAB_OF_PATH = (path: string, groups: Record<Group, SettingsSchema>): string => {
  const head = path.split('.')[0] ?? '';
  if (head === 'axis' || head === 'sheet_title') return 'data';
  if (head === 'actions') return 'actions';
  if (head === 'filters') return 'filters';
  if (head in groups.style) return 'style';
  if (head in groups.data) return 'data';
  return 'general';
};

export interface BlockSettingsFormProps {
  schema: BlockSchema;
  block: BlockRecord;
  onChange: (block: BlockRecord) => void;
  sheets: SheetInfo[];
  pages: SettingsEnv['pages'];
  errors: Record<string, string>;
  tab: string | null;
  onTab: (tab: string | null) => void;
  /** The column types of a sheet (stored, else guessed from its rows): "Add all columns" types each field with them. */
  columnTypes?: (sheet: string) => Promise<ColumnTypes>;
  /** A page of a multipage app: no board sections. */
  multipage?: boolean;
}

export function BlockSettingsForm({ schema, block, onChange, sheets, pages, errors, tab, onTab, columnTypes, multipage = false }: BlockSettingsFormProps) {
  const groups = useMemo(() => split(editorBlockSettings(schema, multipage)), [schema, multipage]);
  const env = useMemo(() => ({ sheets, sheetTitle: block.sheet_title, pages }), [sheets, block.sheet_title, pages]);
  const set = (key: string, value: unknown) => onChange({ ...block, [key]: value });
  const errorTabs = new Set(Object.keys(errors).map((p) => TAB_OF_PATH(p, groups)));
  // A red dot on tabs holding a server issue, so the user knows where to look.
  const mark = (name: string) =>
    errorTabs.has(name) ? { rightSection: <Badge size="xs" color="red" circle aria-label="has errors"> </Badge> } : {};
  const axisNoun = capitalize(schema.axis?.label ?? 'column');
  const filters = (Array.isArray(block.filters) ? block.filters : []) as SettingValues[];
  // A block that loads rows offers a sheet; usesSheet says whether it must have one (markdown need not).
  const readsSheet = schema.usesSheet || schema.data !== 'none';
  // Blocks whose viewers fill in one field per axis entry (forms) can take every column at once.
  const sheetColumns = sheets.find((s) => s.title === block.sheet_title)?.columns ?? [];
  const fieldsPerAxis = schema.needs?.rowWrites?.by === 'fields' && !!schema.axis;
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState<string | null>(null);
  const addAllColumns = async () => {
    if (!schema.axis) return;
    setAdding(true);
    setAddError(null);
    let types: ColumnTypes = {};
    try {
      types = columnTypes ? await columnTypes(block.sheet_title) : {};
    } catch {
      // Without the types every field starts as text; the owner can change each one.
      setAddError('The column types could not be read, so the new fields start as text. Change a field’s type below if needed.');
    }
    setAdding(false);
    onChange({ ...block, axis: withAllColumns(schema.axis.settings, block.axis, sheetColumns, types) });
  };

  return (
    <SettingsEnvContext.Provider value={env}>
      <Tabs value={tab ?? 'general'} onChange={onTab} keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="general" {...mark('general')}>
            General
          </Tabs.Tab>
          <Tabs.Tab value="data" {...mark('data')}>
            Data
          </Tabs.Tab>
          <Tabs.Tab value="style" {...mark('style')}>
            Style
          </Tabs.Tab>
          {schema.actions && <Tabs.Tab value="actions" {...mark('actions')}>
            Actions
          </Tabs.Tab>}
          {schema.filters && <Tabs.Tab value="filters" {...mark('filters')}>
            Filters
          </Tabs.Tab>}
        </Tabs.List>

        <Tabs.Panel value="general" pt="md">
          <SettingsForm schema={groups.general} values={block} onChange={set} errors={errors} />
        </Tabs.Panel>

        <Tabs.Panel value="data" pt="md">
          <Stack gap="md">
            {readsSheet && (
              <Select
                label="Sheet"
                description={schema.usesSheet ? 'The tab of your spreadsheet this block reads.' : 'Optional: the tab of your spreadsheet this block reads.'}
                data={sheets.map((s) => s.title)}
                value={block.sheet_title || null}
                onChange={(v) => set('sheet_title', v ?? '')}
                error={errors.sheet_title}
                placeholder="Choose a sheet"
                clearable={!schema.usesSheet}
                comboboxProps={{ withinPortal: true }}
              />
            )}
            {Object.keys(groups.data).length > 0 && <SettingsForm schema={groups.data} values={block} onChange={set} errors={errors} />}
            {schema.axis && (
              <Stack gap={6}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text fw={600} size="sm">
                    {axisNoun} settings
                  </Text>
                  {fieldsPerAxis && (
                    <Button
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconColumns size={14} />}
                      onClick={() => void addAllColumns()}
                      loading={adding}
                      disabled={!block.sheet_title || sheetColumns.length === 0 || sheetColumns.every((c) => block.axis.some((a) => a.column === c))}
                      title={block.sheet_title ? 'One field per column not in the form yet, typed from your data' : 'Choose a sheet first'}
                    >
                      Add all columns
                    </Button>
                  )}
                </Group>
                {addError && (
                  <Text size="xs" c="orange.8" role="status">
                    {addError}
                  </Text>
                )}
                <ItemList
                  noun={axisNoun}
                  field="axis"
                  schema={schema.axis.settings}
                  items={block.axis}
                  onChange={(axis) => onChange({ ...block, axis })}
                  min={schema.axis.min}
                  max={schema.axis.max}
                  errors={errors}
                  summary={(a) => summaryOf(a)}
                />
              </Stack>
            )}
            {!readsSheet && !schema.axis && Object.keys(groups.data).length === 0 && (
              <Text size="sm" c="dimmed">
                This block does not read spreadsheet data.
              </Text>
            )}
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="style" pt="md">
          <SettingsForm schema={groups.style} values={block} onChange={set} errors={errors} />
        </Tabs.Panel>

        {schema.actions && (
          <Tabs.Panel value="actions" pt="md">
            <ItemList
              noun="Action"
              field="actions"
              schema={schema.actions.settings}
              items={block.actions}
              onChange={(actions) => onChange({ ...block, actions })}
              max={schema.actions.max}
              errors={errors}
              summary={(a) => (typeof a.title === 'string' ? a.title : '')}
            />
          </Tabs.Panel>
        )}
        {schema.filters && (
          <Tabs.Panel value="filters" pt="md">
            <ItemList
              noun="Filter"
              field="filters"
              schema={schema.filters.settings}
              items={filters}
              onChange={(next) => onChange({ ...block, filters: next })}
              errors={errors}
            />
          </Tabs.Panel>
        )}
      </Tabs>
    </SettingsEnvContext.Provider>
  );
}

const capitalize = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** The column (or source column) an axis reads, for its header. */
function summaryOf(a: SettingValues): string {
  if (typeof a.column === 'string') return a.column;
  const src = a.source as { column?: unknown } | undefined;
  if (src && typeof src.column === 'string') return src.column;
  if (typeof a.label === 'string') return a.label;
  return '';
}

/** The tab holding the first error, so a failed save shows the user where to look. */
export function tabOfFirstError(schema: BlockSchema, errors: Record<string, string>): string | null {
  const first = Object.keys(errors)[0];
  return first ? TAB_OF_PATH(first, split(editorBlockSettings(schema, false))) : null;
}
