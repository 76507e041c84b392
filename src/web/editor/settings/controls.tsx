// One control per setting type but `array`. With ArrayControl (in SettingsForm.tsx, which it
// nests) they make `controls: Record<SettingType, Control>`, so adding a type to SETTING_TYPES
// fails type-checking until it has a control here (ARCHITECTURE.md). Nothing here imports the
// form, so the recursion stays inside one module instead of an import cycle.
import {
  ActionIcon,
  Button,
  ColorInput,
  FileButton,
  Group,
  Image,
  Input,
  MultiSelect,
  NumberInput,
  Select,
  Slider,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef, useState, type ReactNode } from 'react';
import type { Upload } from '../../../shared/api';
import { api, messageOf } from '../../lib/api';
import type { Setting, SettingType } from '../../../shared/settings/types';
import { useSettingsEnv } from './context';
import { mediaAccept, mediaKindOf, mediaProblem, previewSrc, type MediaKind } from './media-upload';

export interface ControlProps {
  name: string;
  label: string;
  setting: Setting;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  /** Every issue of the record, for nested forms (array items). */
  errors: Record<string, string>;
  /** Dotted path of this setting, e.g. `axis.0.backgroundColor`. */
  path: string;
}

export type Control = (props: ControlProps) => ReactNode;

/** Twelve swatches: the spec's thumbnail presets plus the brand colours users reach for most. */
export const SWATCHES = [
  '#4f46e5', '#2196f3', '#0ea5e9', '#14b8a6', '#4caf50', '#84cc16',
  '#f59e0b', '#f97316', '#ef4444', '#ec4899', '#9c27b0', '#64748b',
  '#000000', '#1f2937', '#f8f9fa', '#ffffff',
];

const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));
const num = (v: unknown): number | string => (typeof v === 'number' ? v : typeof v === 'string' && v !== '' && !isNaN(Number(v)) ? Number(v) : '');

function withCurrent(options: string[], current: string[]): string[] {
  // Keep a stored value visible even if its column was renamed, so nothing is lost silently.
  return [...options, ...current.filter((c) => c && !options.includes(c))];
}

const ColorControl: Control = ({ label, setting, value, onChange, error }) => (
  <ColorInput
    label={label}
    description={setting.description}
    value={str(value)}
    onChange={onChange}
    error={error}
    format="hexa"
    swatches={SWATCHES}
    swatchesPerRow={8}
    placeholder="No colour"
    popoverProps={{ withinPortal: true }}
  />
);

const ColorsControl: Control = ({ label, setting, value, onChange, error }) => {
  const list = Array.isArray(value) ? value.map(str) : [];
  const set = (i: number, c: string) => onChange(list.map((x, j) => (j === i ? c : x)));
  return (
    <Input.Wrapper label={label} description={setting.description} error={error}>
      <Stack gap={6} mt={4}>
        {list.map((c, i) => (
          <Group key={i} gap={6} wrap="nowrap">
            <ColorInput
              aria-label={`${label} ${i + 1}`}
              value={c}
              onChange={(v) => set(i, v)}
              format="hexa"
              swatches={SWATCHES}
              swatchesPerRow={8}
              style={{ flex: 1 }}
            />
            <ActionIcon variant="subtle" color="red" aria-label={`Remove ${label} ${i + 1}`} onClick={() => onChange(list.filter((_, j) => j !== i))}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...list, SWATCHES[list.length % SWATCHES.length]!])}
          style={{ alignSelf: 'flex-start' }}
        >
          Add colour
        </Button>
      </Stack>
    </Input.Wrapper>
  );
};

const SelectControl: Control = ({ label, setting, value, onChange, error }) => (
  <Select
    label={label}
    description={setting.description}
    data={(setting.options ?? []).map((o) => ({ value: o.value, label: o.label }))}
    value={str(value) || null}
    onChange={(v) => onChange(v ?? '')}
    error={error}
    allowDeselect={false}
    comboboxProps={{ withinPortal: true }}
  />
);

const BooleanControl: Control = ({ label, setting, value, onChange, error }) => (
  <Switch
    label={label}
    description={setting.description}
    checked={value === true}
    onChange={(e) => onChange(e.currentTarget.checked)}
    error={error}
  />
);

/** On/off, with an optional text when on (e.g. a custom caption instead of the default). */
const BooleanTextControl: Control = ({ label, setting, value, onChange, error }) => {
  const on = value !== false && value !== '' && value !== undefined && value !== null;
  return (
    <Stack gap={4}>
      <Switch label={label} description={setting.description} checked={on} onChange={(e) => onChange(e.currentTarget.checked)} error={error} />
      {on && (
        <TextInput
          aria-label={`${label} text`}
          placeholder="Custom text (optional)"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.currentTarget.value === '' ? true : e.currentTarget.value)}
          size="xs"
        />
      )}
    </Stack>
  );
};

const NumberControl: Control = ({ label, setting, value, onChange, error }) => (
  <NumberInput
    label={label}
    description={setting.description}
    value={num(value)}
    onChange={(v) => onChange(v === '' ? '' : Number(v))}
    min={setting.min}
    max={setting.max}
    step={setting.step}
    error={error}
    allowDecimal
    // Out-of-range values stay as typed so the check on Save names the limit ('must be at least 1')
    // instead of the field silently changing the number.
    clampBehavior="none"
  />
);

const InputControl: Control = ({ label, setting, value, onChange, error }) => (
  <TextInput label={label} description={setting.description} value={str(value)} onChange={(e) => onChange(e.currentTarget.value)} error={error} />
);

const TextareaControl: Control = ({ label, setting, value, onChange, error }) => (
  <Textarea
    label={label}
    description={setting.description}
    value={str(value)}
    onChange={(e) => onChange(e.currentTarget.value)}
    error={error}
    autosize
    minRows={3}
    maxRows={12}
  />
);

const SliderControl: Control = ({ label, setting, value, onChange, error }) => {
  const v = typeof value === 'number' ? value : Number(value) || (setting.min ?? 0);
  const step = setting.step ?? ((setting.max ?? 100) - (setting.min ?? 0) <= 5 ? 0.5 : 1);
  return (
    <Input.Wrapper label={`${label}: ${v}`} description={setting.description} error={error}>
      <Slider
        mt={6}
        mb={4}
        min={setting.min ?? 0}
        max={setting.max ?? 100}
        step={step}
        value={v}
        onChange={onChange}
        thumbLabel={label}
        label={(x) => x}
      />
    </Input.Wrapper>
  );
};

const SheetColumnsControl: Control = ({ label, setting, value, onChange, error }) => {
  const env = useSettingsEnv();
  const columns = env.sheets.find((s) => s.title === env.sheetTitle)?.columns ?? [];
  const placeholder = env.sheetTitle ? 'Choose a column' : 'Choose a sheet first';
  if (Array.isArray(setting.default) || Array.isArray(value)) {
    const current = Array.isArray(value) ? value.map(str) : [];
    return (
      <MultiSelect
        label={label}
        description={setting.description}
        data={withCurrent(columns, current)}
        value={current}
        onChange={onChange}
        error={error}
        placeholder={current.length ? undefined : placeholder}
        searchable
        clearable
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  const current = str(value);
  return (
    <Select
      label={label}
      description={setting.description}
      data={withCurrent(columns, [current])}
      value={current || null}
      onChange={(v) => onChange(v ?? '')}
      error={error}
      placeholder={placeholder}
      searchable
      clearable={!setting.required}
      comboboxProps={{ withinPortal: true }}
    />
  );
};

/** Sheet, then column: stored as {sheet, column} (e.g. a scorecard's source). */
const DatasourceControl: Control = ({ label, setting, value, onChange, error }) => {
  const env = useSettingsEnv();
  const v = (value && typeof value === 'object' ? value : {}) as { sheet?: string; column?: string };
  const sheet = v.sheet ?? '';
  const columns = env.sheets.find((s) => s.title === sheet)?.columns ?? [];
  return (
    <Input.Wrapper label={label} description={setting.description} error={error}>
      <Group grow gap={6} mt={4} align="flex-start">
        <Select
          aria-label={`${label} sheet`}
          placeholder="Sheet"
          data={withCurrent(env.sheets.map((s) => s.title), [sheet])}
          value={sheet || null}
          onChange={(s) => onChange({ sheet: s ?? '', column: '' })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          aria-label={`${label} column`}
          placeholder={sheet ? 'Column' : 'Pick a sheet'}
          data={withCurrent(columns, [v.column ?? ''])}
          value={v.column || null}
          onChange={(c) => onChange({ sheet, column: c ?? '' })}
          disabled={!sheet}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
    </Input.Wrapper>
  );
};

const PagesControl: Control = ({ label, setting, value, onChange, error }) => {
  const env = useSettingsEnv();
  return (
    <Select
      label={label}
      description={setting.description}
      data={env.pages}
      value={str(value) || null}
      onChange={(v) => onChange(v ?? '')}
      error={error}
      placeholder={env.pages.length ? 'Choose a page' : 'No pages'}
      clearable={!setting.required}
      comboboxProps={{ withinPortal: true }}
    />
  );
};

/** Links: a URL. */
const UrlControl: Control = ({ label, setting, value, onChange, error }) => (
  <TextInput
    label={label}
    description={setting.description}
    placeholder="https://"
    type="url"
    value={str(value)}
    onChange={(e) => onChange(e.currentTarget.value)}
    error={error}
  />
);

const UPLOAD_LABEL: Record<MediaKind, string> = { image: 'Upload image', video: 'Upload video', audio: 'Upload audio' };

/**
 * Images, videos and audio: a URL, or a file uploaded to the server (POST /api/uploads, purpose
 * block-setting; the request layer names the app being edited) whose served address
 * (/api/uploads/{id}) becomes the value. Size and type are checked here first, and again from
 * the bytes on the server.
 */
const MediaControl: Control = ({ label, setting, value, onChange, error }) => {
  const kind = mediaKindOf(setting.type) ?? 'image';
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Lets the same file be picked again after a refusal.
  const reset = useRef<() => void>(null);
  const current = str(value);
  const preview = kind === 'image' ? previewSrc(current) : null;

  const pick = async (file: File | null) => {
    reset.current?.();
    if (!file) return;
    const refused = mediaProblem(file, kind);
    setProblem(refused);
    if (refused) return;
    setBusy(true);
    try {
      const form = new FormData();
      form.append('purpose', 'block-setting');
      form.append('kind', kind);
      form.append('file', file, file.name);
      const res = await api.form<{ upload: Upload }>('/api/uploads', form);
      onChange(res.upload.url);
    } catch (e) {
      setProblem(messageOf(e, 'Upload failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap={4}>
      <TextInput
        label={label}
        description={setting.description}
        placeholder="https:// or upload a file"
        value={current}
        onChange={(e) => (setProblem(null), onChange(e.currentTarget.value))}
        error={error ?? problem}
        rightSectionWidth={36}
        rightSection={
          <FileButton onChange={(f) => void pick(f)} resetRef={reset} accept={mediaAccept(kind)} inputProps={{ 'aria-label': `${label} file` }}>
            {(p) => (
              <ActionIcon {...p} variant="subtle" loading={busy} aria-label={`${UPLOAD_LABEL[kind]} for ${label}`} title={`${UPLOAD_LABEL[kind]} (under 5 MB)`}>
                <IconUpload size={16} />
              </ActionIcon>
            )}
          </FileButton>
        }
      />
      {busy && (
        <Text size="xs" c="dimmed" role="status">
          Uploading…
        </Text>
      )}
      {preview && <Image src={preview} alt="" h={56} w="auto" fit="contain" radius="sm" style={{ alignSelf: 'flex-start', maxWidth: '100%' }} />}
    </Stack>
  );
};

const DateControl: Control = ({ label, setting, value, onChange, error }) => (
  <TextInput label={label} description={setting.description} type="date" value={str(value)} onChange={(e) => onChange(e.currentTarget.value)} error={error} />
);

const TimeControl: Control = ({ label, setting, value, onChange, error }) => (
  <TextInput label={label} description={setting.description} type="time" value={str(value)} onChange={(e) => onChange(e.currentTarget.value)} error={error} />
);

const KvPairControl: Control = ({ label, setting, value, onChange, error }) => {
  const pairs = (Array.isArray(value) ? value : []) as { key: string; value: string }[];
  const set = (i: number, patch: Partial<{ key: string; value: string }>) => onChange(pairs.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  return (
    <Input.Wrapper label={label} description={setting.description} error={error}>
      <Stack gap={6} mt={4}>
        {pairs.map((p, i) => (
          <Group key={i} gap={6} wrap="nowrap">
            <TextInput aria-label={`${label} key ${i + 1}`} placeholder="Key" value={str(p.key)} onChange={(e) => set(i, { key: e.currentTarget.value })} style={{ flex: 1 }} />
            <TextInput aria-label={`${label} value ${i + 1}`} placeholder="Value" value={str(p.value)} onChange={(e) => set(i, { value: e.currentTarget.value })} style={{ flex: 1 }} />
            <ActionIcon variant="subtle" color="red" aria-label={`Remove ${label} ${i + 1}`} onClick={() => onChange(pairs.filter((_, j) => j !== i))}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => onChange([...pairs, { key: '', value: '' }])} style={{ alignSelf: 'flex-start' }}>
          Add pair
        </Button>
      </Stack>
    </Input.Wrapper>
  );
};

/** Every control but `array`, whose items are nested SettingsForms: it lives beside SettingsForm. */
export const fieldControls: Record<Exclude<SettingType, 'array'>, Control> = {
  color: ColorControl,
  colors: ColorsControl,
  select: SelectControl,
  boolean: BooleanControl,
  booleantext: BooleanTextControl,
  number: NumberControl,
  input: InputControl,
  text: InputControl,
  textarea: TextareaControl,
  markdowntext: TextareaControl,
  range: SliderControl,
  slider: SliderControl,
  sheet_columns: SheetColumnsControl,
  datasource: DatasourceControl,
  pages: PagesControl,
  image: MediaControl,
  imageBlock: MediaControl,
  url: UrlControl,
  image_upload: MediaControl,
  video_upload: MediaControl,
  audio_upload: MediaControl,
  date: DateControl,
  time: TimeControl,
  kv_pair: KvPairControl,
};
