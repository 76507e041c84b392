// The import's check before anything is stored: the first rows as the server read them, how the
// text was read (encoding, delimiter, header row) as choices that read the file again, and each
// column's type as a choice. Errors show here, once, as an alert (no toast besides).
import { Alert, Button, Group, LoadingOverlay, Progress, Select, SimpleGrid, Stack, Switch, Table, Text } from '@mantine/core';
import {
  CSV_DELIMITER_LABELS,
  CSV_DELIMITERS,
  TEXT_ENCODING_LABELS,
  TEXT_ENCODINGS,
  type CsvDelimiter,
  type ImportPreviewResponse,
  type TextEncoding,
} from '../../../shared/api/spreadsheets';
import { COLUMN_TYPE_OPTIONS, type ColumnType, type ColumnTypes } from '../../../shared/rows/column-types';

export interface ReadChoices {
  encoding?: TextEncoding;
  delimiter?: CsvDelimiter;
  header: boolean;
}

const ENCODING_OPTIONS = TEXT_ENCODINGS.map((value) => ({ value, label: TEXT_ENCODING_LABELS[value] }));
const DELIMITER_OPTIONS = CSV_DELIMITERS.map((value) => ({ value, label: CSV_DELIMITER_LABELS[value] }));

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  return String(v);
}

export function ImportPreviewDialog({
  fileName,
  preview,
  reading,
  importing,
  error,
  types,
  onRead,
  onType,
  onImport,
  onCancel,
}: {
  fileName: string;
  preview: ImportPreviewResponse;
  /** The file is being read again with new choices. */
  reading: boolean;
  /** The import's upload progress (0–1), or null before Import. */
  importing: number | null;
  error: string | null;
  /** The types the owner changed (column → type); the rest are the preview's guesses. */
  types: ColumnTypes;
  onRead: (choices: ReadChoices) => void;
  onType: (column: string, type: ColumnType) => void;
  onImport: () => void;
  onCancel: () => void;
}) {
  const choices: ReadChoices = { encoding: preview.encoding ?? undefined, delimiter: preview.delimiter ?? undefined, header: preview.header };
  const busy = reading || importing !== null;
  const csv = preview.encoding !== null;
  // How the file is read waits while the file is read again (re-picking keeps a choice: the theme).
  const choice = { disabled: busy, comboboxProps: { withinPortal: true } };
  return (
    <Stack gap="md" pos="relative" data-testid="import-preview">
      <LoadingOverlay visible={reading} zIndex={5} overlayProps={{ blur: 1 }} />
      <Text size="sm" c="dimmed">
        Check that {fileName} reads right before importing it. Change how it is read if the letters or columns look wrong.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {csv && (
          <Select
            label="Text encoding"
            description="Letters like ü or é look wrong? Try another one."
            data={ENCODING_OPTIONS}
            value={preview.encoding}
            onChange={(v) => v && onRead({ ...choices, encoding: v as TextEncoding })}
            searchable
            {...choice}
            data-testid="import-encoding"
          />
        )}
        {csv && (
          <Select
            label="Columns separated by"
            description="Everything in one column? Try another one."
            data={DELIMITER_OPTIONS}
            value={preview.delimiter}
            onChange={(v) => v && onRead({ ...choices, delimiter: v as CsvDelimiter })}
            {...choice}
            data-testid="import-delimiter"
          />
        )}
      </SimpleGrid>
      <Switch
        label="The first row holds the column names"
        checked={preview.header}
        onChange={(e) => onRead({ ...choices, header: e.currentTarget.checked })}
        disabled={busy}
      />
      {preview.sheets.map((sheet) => (
        <Stack key={sheet.title} gap={6}>
          <Text fw={600} size="sm">
            {preview.sheets.length > 1 ? `${sheet.title}: ` : ''}
            {sheet.row_count.toLocaleString()} {sheet.row_count === 1 ? 'row' : 'rows'}
            {sheet.row_count > sheet.rows.length ? ` (the first ${sheet.rows.length} shown)` : ''}
          </Text>
          <Table.ScrollContainer minWidth={Math.min(sheet.columns.length * 150, 1200)} type="native">
            <Table striped withTableBorder withColumnBorders fz="xs" verticalSpacing={4} horizontalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  {sheet.columns.map((c) => (
                    <Table.Th key={c.name} miw={140} style={{ verticalAlign: 'top' }}>
                      <Stack gap={4}>
                        <Text size="xs" fw={700} lineClamp={2}>
                          {c.name}
                        </Text>
                        <Select
                          size="xs"
                          aria-label={`Type of ${c.name}`}
                          data={COLUMN_TYPE_OPTIONS}
                          value={types[c.name] ?? c.type}
                          onChange={(v) => v && onType(c.name, v as ColumnType)}
                          allowDeselect={false}
                          disabled={busy}
                          comboboxProps={{ withinPortal: true }}
                        />
                      </Stack>
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sheet.rows.map((row, r) => (
                  <Table.Tr key={r}>
                    {sheet.columns.map((c, i) => (
                      <Table.Td key={c.name} maw={240} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                        {cellText(row[i])}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
                {sheet.rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={sheet.columns.length}>
                      <Text size="xs" c="dimmed">
                        No rows below the column names.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      ))}
      {importing !== null && (
        <Stack gap={4} aria-live="polite">
          <Text size="sm">{importing < 1 ? `Uploading ${fileName}… ${Math.round(importing * 100)}%` : `Importing ${fileName}…`}</Text>
          <Progress value={importing * 100} animated={importing >= 1} striped={importing >= 1} aria-label="Import progress" />
        </Stack>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert" data-testid="import-error">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={importing !== null}>
          Cancel
        </Button>
        <Button onClick={onImport} loading={importing !== null} disabled={reading} data-testid="import-confirm">
          Import
        </Button>
      </Group>
    </Stack>
  );
}
