// One editor per input type of a sheet column (table/list `type`, form `type`). The table and
// list row editors and the form block all draw their fields with it, so a type edits the same
// way everywhere. Dates, months, weeks, times and date-times use the browser's native pickers
// (their values are ISO text: field-values.ts converts cells to and from them). The form adds the
// `file` type in its own folder; an unknown type edits as text.
import { Anchor, Button, FileButton, Group, MultiSelect, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Markdown } from '../Markdown';
import { safeUrl } from '../cells/cells';
import { NATIVE_TYPES, type FieldValue } from './field-values';

export interface FieldInputProps {
  type: string;
  value: FieldValue;
  onChange: (value: FieldValue) => void;
  /** select / multi-select choices (see fieldOptions); empty: a select edits as free text. */
  options?: string[];
  label?: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  error?: ReactNode;
  required?: boolean;
  /** > 0: the most characters the field takes (also checked by validateValue). */
  character_limit?: number;
  disabled?: boolean;
  name?: string;
  autoFocus?: boolean;
  /** Image fields with image_source 'Upload Image': uploads a file and returns its URL. */
  onUpload?: (file: File) => Promise<string>;
}

const text = (v: FieldValue): string => (Array.isArray(v) ? v.join(', ') : v);

export function FieldInput(props: FieldInputProps) {
  const { type, value, onChange, options = [], label, description, placeholder, error, required, character_limit, disabled, name, autoFocus } = props;
  const maxLength = character_limit && character_limit > 0 ? character_limit : undefined;
  const common = { label, description, error, required, disabled, name, autoFocus };

  switch (type) {
    case 'multi-select': {
      const list = Array.isArray(value) ? value : text(value).split(',').map((s) => s.trim()).filter(Boolean);
      // Values already in the cell stay choosable even when they are no longer options.
      const data = [...new Set([...options, ...list])];
      return (
        <MultiSelect
          {...common}
          data={data}
          value={list}
          onChange={onChange}
          placeholder={list.length ? undefined : placeholder}
          searchable
          clearable
          comboboxProps={{ withinPortal: true }}
        />
      );
    }
    case 'select': {
      const v = text(value);
      if (options.length === 0)
        return <TextInput {...common} value={v} onChange={(e) => onChange(e.currentTarget.value)} placeholder={placeholder} maxLength={maxLength} />;
      const data = v && !options.includes(v) ? [...options, v] : options;
      return (
        <Select
          {...common}
          data={data}
          value={v || null}
          onChange={(next) => onChange(next ?? '')}
          placeholder={placeholder}
          clearable={!required}
          searchable={data.length > 8}
          // Re-picking the chosen option keeps it; the × (optional fields) clears.
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      );
    }
    case 'textarea':
      return (
        <Textarea {...common} value={text(value)} onChange={(e) => onChange(e.currentTarget.value)} placeholder={placeholder} maxLength={maxLength} autosize minRows={3} maxRows={10} />
      );
    case 'markdowntext':
      return <MarkdownField {...props} maxLength={maxLength} />;
    case 'image':
      return <ImageField {...props} maxLength={maxLength} />;
    default:
      return (
        <TextInput
          {...common}
          type={NATIVE_TYPES[type] ?? 'text'}
          inputMode={type === 'number' ? 'decimal' : undefined}
          step={type === 'number' ? 'any' : undefined}
          value={text(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
          placeholder={placeholder}
          maxLength={maxLength}
        />
      );
  }
}

function MarkdownField({ value, onChange, label, description, placeholder, error, required, disabled, name, autoFocus, maxLength }: FieldInputProps & { maxLength?: number }) {
  const [preview, setPreview] = useState(false);
  const v = text(value);
  return (
    <Stack gap={4}>
      <Textarea
        label={label}
        description={description ?? 'Markdown: **bold**, *italic*, [link](https://…), lists.'}
        error={error}
        required={required}
        disabled={disabled}
        name={name}
        autoFocus={autoFocus}
        value={v}
        onChange={(e) => onChange(e.currentTarget.value)}
        placeholder={placeholder}
        maxLength={maxLength}
        autosize
        minRows={3}
        maxRows={10}
      />
      <Group justify="flex-end">
        <Anchor component="button" type="button" size="xs" onClick={() => setPreview((p) => !p)}>
          {preview ? 'Hide preview' : 'Preview'}
        </Anchor>
      </Group>
      {preview && (
        <Stack p="xs" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }} data-testid="markdown-preview">
          {v.trim() ? <Markdown text={v} /> : <Text size="sm" c="dimmed">Nothing to preview</Text>}
        </Stack>
      )}
    </Stack>
  );
}

function ImageField({ value, onChange, label, description, placeholder, error, required, disabled, name, autoFocus, maxLength, onUpload }: FieldInputProps & { maxLength?: number }) {
  const [busy, setBusy] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const v = text(value);
  const src = v ? safeUrl(v, 'image') : null;
  const upload = async (file: File | null) => {
    if (!file || !onUpload) return;
    setBusy(true);
    setUploadError(null);
    try {
      onChange(await onUpload(file));
    } catch (e) {
      setUploadError(e instanceof Error ? e.message : 'Upload failed');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap={4}>
      <TextInput
        label={label}
        description={description}
        error={error ?? uploadError}
        required={required}
        disabled={disabled}
        name={name}
        autoFocus={autoFocus}
        type="url"
        value={v}
        onChange={(e) => onChange(e.currentTarget.value)}
        placeholder={placeholder ?? 'https://…'}
        maxLength={maxLength}
      />
      <Group gap="xs">
        {src && <img src={src} alt="" style={{ maxHeight: 64, maxWidth: 160, borderRadius: 4 }} />}
        {onUpload && (
          <FileButton onChange={(f) => void upload(f)} accept="image/*" disabled={disabled}>
            {(p) => (
              <Button {...p} size="compact-xs" variant="light" leftSection={<IconUpload size={14} />} loading={busy}>
                Upload image
              </Button>
            )}
          </FileButton>
        )}
      </Group>
    </Stack>
  );
}

export default FieldInput;
