// The form's `file` field: the visitor picks a file, it is uploaded at once through
// data.write.upload (POST /api/uploads; the server checks its bytes and size again) and the
// field's value becomes the returned URL, which is what the sheet stores.
import { ActionIcon, Anchor, Button, FileButton, Group, Input, Text } from '@mantine/core';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { useRef, useState, type ReactNode } from 'react';
import type { UploadedFile } from '../types';
import { FORM_MESSAGES, MAX_UPLOAD_BYTES, acceptLabel, fileAccepted } from './form-fields';

export interface FileFieldProps {
  value: string;
  onChange: (url: string) => void;
  /** HTML accept text ('' = any file). */
  accept: string;
  /** What the upload route is told to accept. */
  uploadAccept: string;
  upload?: (file: File, accept?: string) => Promise<UploadedFile>;
  /** Called with true while an upload runs (the form waits for it). */
  onBusy?: (busy: boolean) => void;
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  name?: string;
}

const fileName = (url: string) => decodeURIComponent(url.split('?')[0]!.split('/').pop() ?? url);

export function FileField({ value, onChange, accept, uploadAccept, upload, onBusy, label, description, error, required, name }: FileFieldProps) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  // Lets the same file be picked again after a refusal or a removal.
  const reset = useRef<() => void>(null);

  const pick = async (file: File | null) => {
    reset.current?.();
    if (!file || !upload) return;
    setProblem(null);
    if (file.size >= MAX_UPLOAD_BYTES) return setProblem(FORM_MESSAGES.tooBig);
    if (!fileAccepted(file, accept)) return setProblem(FORM_MESSAGES.wrongType(acceptLabel(accept)));
    setBusy(true);
    onBusy?.(true);
    try {
      const up = await upload(file, uploadAccept);
      setChosen(up.name || file.name);
      onChange(up.url);
    } catch (e) {
      setProblem((e instanceof Error && e.message) || 'Upload failed');
    } finally {
      setBusy(false);
      onBusy?.(false);
    }
  };

  const id = `file-${name ?? 'field'}`;
  return (
    <Input.Wrapper label={label} description={description} error={error ?? problem} required={required} id={id}>
      <Group gap="xs" mt={4} wrap="nowrap">
        <FileButton onChange={(f) => void pick(f)} resetRef={reset} accept={accept || undefined} disabled={!upload} inputProps={{ name, 'aria-label': typeof label === 'string' ? label : undefined }}>
          {(p) => (
            <Button {...p} id={id} variant="default" size="sm" leftSection={<IconPaperclip size={16} />} loading={busy} disabled={!upload}>
              {value ? 'Replace file' : 'Choose file'}
            </Button>
          )}
        </FileButton>
        {value ? (
          <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
            <Anchor href={value} target="_blank" rel="noopener noreferrer" size="sm" truncate data-testid="uploaded-file">
              {chosen ?? fileName(value)}
            </Anchor>
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label="Remove file" onClick={() => (setChosen(null), onChange(''))}>
              <IconX size={14} />
            </ActionIcon>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {busy ? 'Uploading…' : 'No file chosen'}
          </Text>
        )}
      </Group>
    </Input.Wrapper>
  );
}

export default FileField;
