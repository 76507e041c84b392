// Renders any SettingsSchema: one control per visible setting (hide rules via isVisible). Used
// at every level (block, axis, action, filter, array items) so the panel is generated, not written.
// ArrayControl nests this form, so the two and the registry that joins them share this module:
// split across files they would import each other.
import { ActionIcon, Button, Group, Input, Paper, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { applyItemClears, arraySettingNow } from '../../../shared/settings/arrays';
import { defaultsOf } from '../../../shared/settings/defaults';
import type { SettingType, SettingsSchema, SettingValues } from '../../../shared/settings/types';
import { isVisible } from '../../../shared/settings/visibility';
import { fieldControls, type Control } from './controls';
import { itemHeading, labelOf } from './context';

export interface SettingsFormProps {
  schema: SettingsSchema;
  values: SettingValues;
  onChange: (key: string, value: unknown) => void;
  /** Server issues by dotted path; `prefix` is this form's place in the record (`axis.0.`). */
  errors?: Record<string, string>;
  prefix?: string;
  /** Values the hide rules read, when they differ from `values` (e.g. a subset of the block). */
  ruleValues?: SettingValues;
}

export function SettingsForm({ schema, values, onChange, errors = {}, prefix = '', ruleValues }: SettingsFormProps) {
  const rules = ruleValues ?? values;
  const entries = Object.entries(schema).filter(([, s]) => isVisible(s, rules));
  return (
    <Stack gap="sm">
      {entries.map(([key, declared]) => {
        const Control = controls[declared.type];
        const value = values[key] ?? declared.default;
        const setting = declared.type === 'array' ? arraySettingNow(declared, rules, value) : declared;
        return (
          <div key={key} data-setting={`${prefix}${key}`}>
            <Control
              name={key}
              label={labelOf(key, setting.label)}
              setting={setting}
              value={value}
              onChange={(v) => onChange(key, declared.type === 'array' && declared.item ? applyItemClears(declared.item, value, v) : v)}
              error={errors[`${prefix}${key}`]}
              errors={errors}
              path={`${prefix}${key}`}
            />
          </div>
        );
      })}
    </Stack>
  );
}

/** A list of items, each a sub-form of `setting.item` (the same SettingsForm, recursively). */
const ArrayControl: Control = ({ label, setting, value, onChange, error, errors, path }) => {
  const items = (Array.isArray(value) ? value : []) as SettingValues[];
  const item = setting.item ?? {};
  const full = setting.maxItems !== undefined && items.length >= setting.maxItems;
  const setItem = (i: number, key: string, v: unknown) => onChange(items.map((it, j) => (j === i ? { ...it, [key]: v } : it)));
  return (
    <Input.Wrapper label={label} description={setting.description} error={error}>
      <Stack gap={8} mt={4}>
        {items.map((it, i) => (
          <Paper key={i} withBorder p="xs" radius="sm">
            <Group justify="space-between" mb={4}>
              <Text size="xs" fw={600} c="dimmed">
                {itemHeading(path.split('.').pop() ?? '', setting, it, i)}
              </Text>
              <ActionIcon size="sm" variant="subtle" color="red" aria-label={`Remove ${label} ${i + 1}`} onClick={() => onChange(items.filter((_, j) => j !== i))}>
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
            <SettingsForm schema={item} values={it} onChange={(k, v) => setItem(i, k, v)} errors={errors} prefix={`${path}.${i}.`} />
          </Paper>
        ))}
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={full}
          onClick={() => onChange([...items, defaultsOf(item)])}
          style={{ alignSelf: 'flex-start' }}
        >
          {full ? `At most ${setting.maxItems}` : `Add to ${label.toLowerCase()}`}
        </Button>
      </Stack>
    </Input.Wrapper>
  );
};

export const controls: Record<SettingType, Control> = { ...fieldControls, array: ArrayControl };
