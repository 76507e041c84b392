// Import a CSV or XLSX file: drag and drop or browse; the server reads it (upload progress, then
// "reading") and a preview dialog shows the first rows, how the text was read and each column's
// type, all of which the owner may change before Import. An error is said once: an alert under
// the dropzone, or in the dialog once it is open (no toast besides); success is a toast.
import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { SpreadsheetResponse } from '../../../shared/api';
import type { ImportPreviewResponse } from '../../../shared/api/spreadsheets';
import type { ColumnType, ColumnTypes } from '../../../shared/rows/column-types';
import { DropzoneIcon } from '../../components/DropzoneIcon';
import { api, uploadFile, type Out } from '../../lib/api';
import { keys } from '../../lib/queries';
import { toast } from '../../lib/toast';
import { ImportPreviewDialog, type ReadChoices } from './ImportPreviewDialog';

const ACCEPT = {
  'text/csv': ['.csv'],
  'application/vnd.ms-excel': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

type State =
  | { step: 'idle' }
  | { step: 'uploading'; name: string; fraction: number }
  | { step: 'processing'; name: string };

/** The file being checked in the dialog, as the server last read it. */
interface Checking {
  file: File;
  preview: ImportPreviewResponse;
  reading: boolean;
  /** Upload progress of the import, null before Import. */
  importing: number | null;
  error: string | null;
  types: ColumnTypes;
}

function readFields(choices: Partial<ReadChoices>): Record<string, string> {
  const fields: Record<string, string> = {};
  if (choices.encoding) fields.encoding = choices.encoding;
  if (choices.delimiter) fields.delimiter = choices.delimiter;
  if (choices.header !== undefined) fields.header = String(choices.header);
  return fields;
}

/** `onImported`: what comes next (the getting-started page opens a new board over the import). */
export function ImportSpreadsheet({ onImported }: { onImported?: (spreadsheet: { id: string; title: string }) => void } = {}) {
  const qc = useQueryClient();
  const [state, setState] = useState<State>({ step: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState<Checking | null>(null);
  const abortRef = useRef<(() => void) | null>(null);
  // Readings with new choices go one after another (the server reads one file of an account at a
  // time); only the last one asked for is shown.
  const readingRef = useRef<{ queue: Promise<unknown>; latest: number }>({ queue: Promise.resolve(), latest: 0 });

  const upload = async (file: File) => {
    setError(null);
    if (!/\.(csv|xlsx)$/i.test(file.name)) {
      setError('Please choose a .csv or .xlsx file.');
      return;
    }
    setState({ step: 'uploading', name: file.name, fraction: 0 });
    const { promise, abort } = uploadFile<ImportPreviewResponse>('/api/spreadsheets/preview', 'file', file, (fraction) =>
      setState(fraction >= 1 ? { step: 'processing', name: file.name } : { step: 'uploading', name: file.name, fraction }),
    );
    abortRef.current = abort;
    try {
      const preview = await promise;
      setChecking({ file, preview, reading: false, importing: null, error: null, types: {} });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      abortRef.current = null;
      setState({ step: 'idle' });
    }
  };

  const readAgain = (choices: ReadChoices) => {
    if (!checking) return;
    const { file } = checking;
    const ticket = ++readingRef.current.latest;
    setChecking((c) => c && { ...c, reading: true, error: null });
    const run = async () => {
      const form = new FormData();
      for (const [k, v] of Object.entries(readFields(choices))) form.append(k, v);
      form.append('file', file, file.name);
      try {
        const preview = await api.form<ImportPreviewResponse>('/api/spreadsheets/preview', form);
        if (ticket === readingRef.current.latest) setChecking((c) => (c && c.file === file ? { ...c, preview, reading: false } : c));
      } catch (e) {
        if (ticket === readingRef.current.latest) setChecking((c) => (c && c.file === file ? { ...c, reading: false, error: (e as Error).message } : c));
      }
    };
    readingRef.current.queue = readingRef.current.queue.then(run);
  };

  const setType = (column: string, type: ColumnType) => setChecking((c) => c && { ...c, types: { ...c.types, [column]: type } });

  const confirm = async () => {
    if (!checking) return;
    const { file, preview, types } = checking;
    const columns = new Set(preview.sheets.flatMap((s) => s.columns.map((c) => c.name)));
    const chosen = Object.fromEntries(Object.entries(types).filter(([c]) => columns.has(c)));
    const fields = readFields({ encoding: preview.encoding ?? undefined, delimiter: preview.delimiter ?? undefined, header: preview.header });
    if (Object.keys(chosen).length) fields.column_types = JSON.stringify(chosen);
    setChecking((c) => c && { ...c, importing: 0, error: null });
    const { promise } = uploadFile<Out<typeof SpreadsheetResponse>>('/api/spreadsheets', 'file', file, (fraction) => setChecking((c) => c && { ...c, importing: fraction }), fields);
    try {
      const { spreadsheet } = await promise;
      qc.invalidateQueries({ queryKey: keys.spreadsheets });
      setChecking(null);
      const sheets = spreadsheet.sheets.length;
      toast.success('Spreadsheet imported', `${spreadsheet.title}: ${sheets} ${sheets === 1 ? 'sheet' : 'sheets'} ready to use.`);
      onImported?.(spreadsheet);
    } catch (e) {
      setChecking((c) => c && { ...c, importing: null, error: (e as Error).message });
    }
  };

  const onReject = (rejections: FileRejection[]) => {
    const first = rejections[0];
    setError(first ? `${first.file.name}: only .csv and .xlsx files can be imported.` : 'This file cannot be imported.');
  };

  const busy = state.step !== 'idle' || checking !== null;
  return (
    <Stack gap="xs">
      <Modal
        opened={checking !== null}
        onClose={() => checking?.importing === null && setChecking(null)}
        title="Check the import"
        size="xl"
        centered
      >
        {checking && (
          <ImportPreviewDialog
            fileName={checking.file.name}
            preview={checking.preview}
            reading={checking.reading}
            importing={checking.importing}
            error={checking.error}
            types={checking.types}
            onRead={readAgain}
            onType={setType}
            onImport={confirm}
            onCancel={() => setChecking(null)}
          />
        )}
      </Modal>
      <Dropzone
        onDrop={(files) => files[0] && upload(files[0])}
        onReject={onReject}
        accept={ACCEPT}
        multiple={false}
        disabled={busy}
        radius="md"
        aria-label="Import spreadsheet"
        data-testid="import-dropzone"
        inputProps={{ 'aria-label': 'Spreadsheet file', 'data-testid': 'import-input' } as React.InputHTMLAttributes<HTMLInputElement>}
      >
        <Group justify="center" gap="lg" mih={110} style={{ pointerEvents: 'none' }}>
          <DropzoneIcon idle={IconFileSpreadsheet} size={40} />
          <div>
            <Text fw={600}>Import spreadsheet</Text>
            <Text size="sm" c="dimmed">
              Drag a .csv or .xlsx file here, or click to choose one. Every Excel tab becomes a sheet; the first row holds the
              column names.
            </Text>
          </div>
        </Group>
      </Dropzone>
      {state.step === 'uploading' && (
        <Stack gap={4} aria-live="polite">
          <Group justify="space-between">
            <Text size="sm">Uploading {state.name}…</Text>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {Math.round(state.fraction * 100)}%
              </Text>
              <Button size="compact-xs" variant="subtle" color="gray" onClick={() => abortRef.current?.()}>
                Cancel
              </Button>
            </Group>
          </Group>
          <Progress value={state.fraction * 100} aria-label="Upload progress" />
        </Stack>
      )}
      {state.step === 'processing' && (
        <Stack gap={4} aria-live="polite">
          <Text size="sm">Reading {state.name}…</Text>
          <Progress value={100} animated striped aria-label="Processing" />
        </Stack>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert" data-testid="import-error" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
    </Stack>
  );
}
