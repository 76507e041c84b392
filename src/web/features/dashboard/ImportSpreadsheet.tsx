// Import a CSV or XLSX file: drag and drop or browse, with a real upload progress bar (XHR), then
// a "processing" state while the server parses the file. Server errors show inline and as a toast.
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFileSpreadsheet, IconUpload, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { SpreadsheetResponse } from '../../../shared/api';
import { uploadFile, type Out } from '../../lib/api';
import { keys } from '../../lib/queries';
import { toast } from '../../lib/toast';

const ACCEPT = {
  'text/csv': ['.csv'],
  'application/vnd.ms-excel': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

type State =
  | { step: 'idle' }
  | { step: 'uploading'; name: string; fraction: number }
  | { step: 'processing'; name: string };

export function ImportSpreadsheet() {
  const qc = useQueryClient();
  const [state, setState] = useState<State>({ step: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const abortRef = useRef<(() => void) | null>(null);

  const upload = async (file: File) => {
    setError(null);
    if (!/\.(csv|xlsx)$/i.test(file.name)) {
      setError('Please choose a .csv or .xlsx file.');
      return;
    }
    setState({ step: 'uploading', name: file.name, fraction: 0 });
    const { promise, abort } = uploadFile<Out<typeof SpreadsheetResponse>>('/api/spreadsheets', 'file', file, (fraction) =>
      setState(fraction >= 1 ? { step: 'processing', name: file.name } : { step: 'uploading', name: file.name, fraction }),
    );
    abortRef.current = abort;
    try {
      const { spreadsheet } = await promise;
      qc.invalidateQueries({ queryKey: keys.spreadsheets });
      const sheets = spreadsheet.sheets.length;
      toast.success('Spreadsheet imported', `${spreadsheet.title}: ${sheets} ${sheets === 1 ? 'sheet' : 'sheets'} ready to use.`);
    } catch (e) {
      const message = (e as Error).message;
      setError(message);
      toast.error('Import failed', message);
    } finally {
      abortRef.current = null;
      setState({ step: 'idle' });
    }
  };

  const onReject = (rejections: FileRejection[]) => {
    const first = rejections[0];
    setError(first ? `${first.file.name}: only .csv and .xlsx files can be imported.` : 'This file cannot be imported.');
  };

  const busy = state.step !== 'idle';
  return (
    <Stack gap="xs">
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
          <Dropzone.Accept>
            <IconUpload size={40} color="var(--mantine-color-indigo-6)" />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={40} color="var(--mantine-color-red-6)" />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileSpreadsheet size={40} color="var(--mantine-color-teal-6)" />
          </Dropzone.Idle>
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
