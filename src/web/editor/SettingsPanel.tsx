// The right-hand settings panel (400 px, blocks-and-data §9) for the block being edited.
import { ActionIcon, Alert, Box, Button, Group, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { ColumnTypes } from '../../shared/rows/column-types';
import type { BlockRecord, BlockSchema } from '../../shared/settings/types';
import type { SheetInfo } from '../viewer/board-state';
import { BlockSettingsForm } from './settings/BlockSettingsForm';

export interface SettingsPanelProps {
  schema: BlockSchema;
  draft: BlockRecord;
  onChange: (block: BlockRecord) => void;
  sheets: SheetInfo[];
  pages: { value: string; label: string }[];
  errors: Record<string, string>;
  formError: string | null;
  tab: string | null;
  onTab: (tab: string | null) => void;
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
  /** The column types of a sheet, for "Add all columns". */
  columnTypes?: (sheet: string) => Promise<ColumnTypes>;
  /** A page of a multipage app. */
  multipage?: boolean;
}

export function SettingsPanel(p: SettingsPanelProps) {
  const isNew = !p.draft.id;
  return (
    <Stack h="100%" gap={0} component="section" aria-label="Block settings">
      <Group justify="space-between" px="md" py="sm" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <div>
          <Title order={4}>{isNew ? `New ${p.schema.name}` : `${p.schema.name} settings`}</Title>
          <Text size="xs" c="dimmed">
            Changes show on the board as you type.
          </Text>
        </div>
        <ActionIcon variant="subtle" color="gray" aria-label="Close settings" onClick={p.onCancel}>
          <IconX size={18} />
        </ActionIcon>
      </Group>
      <ScrollArea style={{ flex: 1 }} type="auto">
        <Box p="md">
          {p.formError && (
            <Alert color="red" variant="light" mb="md" role="alert">
              {p.formError}
            </Alert>
          )}
          <BlockSettingsForm
            schema={p.schema}
            block={p.draft}
            onChange={p.onChange}
            sheets={p.sheets}
            pages={p.pages}
            errors={p.errors}
            tab={p.tab}
            onTab={p.onTab}
            multipage={p.multipage ?? false}
            {...(p.columnTypes ? { columnTypes: p.columnTypes } : {})}
          />
        </Box>
      </ScrollArea>
      <Group justify="flex-end" px="md" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Button variant="default" onClick={p.onCancel}>
          Cancel
        </Button>
        <Button onClick={p.onSave} loading={p.saving}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
