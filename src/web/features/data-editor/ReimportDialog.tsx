// Re-import a file into this spreadsheet: pick it, choose Replace or Add to the end, see what
// would change (sheets matched by title, columns by name, rows before → after, the first rows),
// then import. Nothing is written until Import.
import { Alert, Badge, Button, FileInput, Group, Modal, ScrollArea, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { ReimportMode, ReimportPreviewResponse, ReimportSheetPreview } from '../../../shared/api/data-editor';
import { cellText } from '../../../blocks/cells/cells';
import { TableHead } from '../../components/ListTable';
import { messageOf } from '../../lib/api';
import { reimport, type EditorSpreadsheet } from './data-api';

const STATUS: Record<ReimportSheetPreview['status'], { label: string; color: string }> = {
  matched: { label: 'Updated', color: 'blue' },
  new: { label: 'New sheet', color: 'teal' },
  missing: { label: 'Not in the file: kept as it is', color: 'gray' },
};

const SAMPLE_COLUMNS = 8;

export function ReimportDialog({ spreadsheetId, onClose, onDone }: { spreadsheetId: string; onClose: () => void; onDone: (s: EditorSpreadsheet) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<ReimportMode>('replace');
  const [preview, setPreview] = useState<ReimportPreviewResponse | null>(null);
  const [busy, setBusy] = useState<'preview' | 'apply' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const ask = async (f: File | null, m: ReimportMode) => {
    setPreview(null);
    setError(null);
    if (!f) return;
    setBusy('preview');
    try {
      setPreview(await reimport.preview(spreadsheetId, f, m));
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(null);
    }
  };

  const apply = async () => {
    if (!file || !preview) return;
    setBusy('apply');
    setError(null);
    try {
      onDone(await reimport.apply(spreadsheetId, file, mode, preview.sheets.map((s) => s.title)));
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Import a file into this spreadsheet" size="xl" centered>
      <Stack gap="sm">
        <FileInput
          label="File"
          description="A CSV or Excel (.xlsx) file. Sheets are matched by their names, columns by their headers."
          placeholder="Choose a file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          leftSection={<IconFileUpload size={16} />}
          value={file}
          onChange={(f) => {
            setFile(f);
            void ask(f, mode);
          }}
          clearable
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            What to do with the rows already there
          </Text>
          <SegmentedControl
            aria-label="Import mode"
            value={mode}
            onChange={(m) => {
              const next = m === 'append' ? 'append' : 'replace';
              setMode(next);
              void ask(file, next);
            }}
            data={[
              { value: 'replace', label: 'Replace them' },
              { value: 'append', label: 'Add to the end' },
            ]}
          />
        </div>
        {busy === 'preview' && <Text size="sm" c="dimmed">Reading the file…</Text>}
        {error && (
          <Alert color="red" title="The file could not be imported" role="alert">
            {error}
          </Alert>
        )}
        {preview && (
          <Stack gap="md" data-testid="reimport-preview">
            {preview.encoding && (
              <Text size="xs" c="dimmed">
                Read as {preview.encoding}.
              </Text>
            )}
            {preview.sheets.map((s) => (
              <SheetPreview key={s.title} sheet={s} />
            ))}
          </Stack>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void apply()} disabled={!preview} loading={busy === 'apply'}>
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function Names({ label, names, color }: { label: string; names: string[]; color: string }) {
  if (names.length === 0) return null;
  return (
    <Group gap={4}>
      <Text size="xs" c="dimmed">
        {label}:
      </Text>
      {names.map((n) => (
        <Badge key={n} size="sm" variant="light" color={color} tt="none" fw={500}>
          {n}
        </Badge>
      ))}
    </Group>
  );
}

function SheetPreview({ sheet }: { sheet: ReimportSheetPreview }) {
  const status = STATUS[sheet.status];
  const columns = [...sheet.matchedColumns, ...sheet.newColumns].slice(0, SAMPLE_COLUMNS);
  return (
    <Stack gap={6} p="sm" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }} aria-label={`Sheet ${sheet.title}`} role="group">
      <Group gap="xs">
        <Text fw={600}>{sheet.title}</Text>
        <Badge color={status.color} variant="light" tt="none">
          {status.label}
        </Badge>
        {sheet.status !== 'missing' && (
          <Text size="sm" data-testid="reimport-rows">
            {sheet.rowsBefore.toLocaleString()} → {sheet.rowsAfter.toLocaleString()} rows
          </Text>
        )}
      </Group>
      <Names label="Matched columns" names={sheet.matchedColumns} color="blue" />
      <Names label="New columns" names={sheet.newColumns} color="teal" />
      <Names label="Not in the file (kept, empty in the new rows)" names={sheet.missingColumns} color="gray" />
      {sheet.sample.length > 0 && columns.length > 0 && (
        <ScrollArea type="auto">
          <Table withTableBorder withColumnBorders fz="xs" striped>
            <TableHead columns={columns} />
            <Table.Tbody>
              {sheet.sample.slice(0, 5).map((row, i) => (
                <Table.Tr key={i}>
                  {columns.map((c) => (
                    <Table.Td key={c}>{cellText(row[c])}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Stack>
  );
}
