// The value input that fits a condition: none for today/tomorrow/current_week/next_week, a whole
// number for past_days, two dates for a date range, options separated by || for any_of, text
// otherwise (with the 'current user' hint). Used by the viewer's bar and the editor's manager.
import { Group, NumberInput, Text, TextInput } from '@mantine/core';
import type { FilterCondition } from '../../../shared/filters/conditions';
import { dateRangeFromInputs, dateRangeInputs, valueHint, valueKind } from './values';

export interface FilterValueInputProps {
  condition: FilterCondition;
  value: string | number | null | undefined;
  onChange: (value: string) => void;
  /** Accessible name of the input ('Value', or 'Value of Region' in the bar). */
  label?: string;
  error?: string | null;
  autoFocus?: boolean;
}

export function FilterValueInput({ condition, value, onChange, label = 'Value', error, autoFocus }: FilterValueInputProps) {
  const kind = valueKind(condition);
  const hint = valueHint(condition);
  const text = value === null || value === undefined ? '' : String(value);
  if (kind === 'none')
    return (
      <Text size="xs" c="dimmed">
        No value needed: the date is compared with the viewer's today.
      </Text>
    );
  if (kind === 'number')
    return (
      <NumberInput
        label={label}
        description={hint}
        placeholder="7"
        min={0}
        allowDecimal={false}
        allowNegative={false}
        value={text}
        onChange={(v) => onChange(String(v))}
        error={error}
        autoFocus={autoFocus}
        rightSection={<Text size="xs" c="dimmed" pr={28}>days</Text>}
      />
    );
  if (kind === 'dateRange') {
    const { from, to } = dateRangeInputs(text);
    return (
      <div>
        <Group grow gap="xs" align="flex-start">
          <TextInput type="date" label={`${label}: from`} value={from} onChange={(e) => onChange(dateRangeFromInputs(e.currentTarget.value, to))} autoFocus={autoFocus} />
          <TextInput type="date" label={`${label}: to`} value={to} onChange={(e) => onChange(dateRangeFromInputs(from, e.currentTarget.value))} />
        </Group>
        <Text size="xs" c={error ? 'red' : 'dimmed'} mt={4}>
          {error ?? hint}
        </Text>
      </div>
    );
  }
  return (
    <TextInput
      label={label}
      description={hint}
      placeholder={kind === 'anyOf' ? 'Paris||Lyon' : 'Type a value'}
      value={text}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      autoFocus={autoFocus}
    />
  );
}
