// Renders any SettingsSchema: one control per visible setting (hide rules via isVisible). Used
// at every level (block, axis, action, filter, array items) so the panel is generated, not written.
import { Stack } from '@mantine/core';
import { applyItemClears, arraySettingNow } from '../../../shared/settings/arrays';
import type { SettingsSchema, SettingValues } from '../../../shared/settings/types';
import { isVisible } from '../../../shared/settings/visibility';
import { controls } from './controls';
import { labelOf } from './context';

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

