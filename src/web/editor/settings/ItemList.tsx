// A list of setting groups of one schema: the axes of a block (one per column element), its
// action buttons and its conditional filters all use it, within the schema's min/max.
import { Accordion, ActionIcon, Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { changeItem, newListItem } from '../../../shared/settings/arrays';
import type { SettingsSchema, SettingValues } from '../../../shared/settings/types';
import { SettingsForm } from './SettingsForm';

export interface ItemListProps {
  /** Singular name of one item, e.g. 'Column', 'Action', 'Filter'. */
  noun: string;
  /** Record key: 'axis', 'actions', 'filters'. */
  field: string;
  schema: SettingsSchema;
  items: SettingValues[];
  onChange: (items: SettingValues[]) => void;
  min?: number;
  max?: number;
  errors: Record<string, string>;
  /** Text naming an item in its header (e.g. its column). */
  summary?: (item: SettingValues) => string;
}

export function ItemList({ noun, field, schema, items, onChange, min = 0, max, errors, summary }: ItemListProps) {
  const [open, setOpen] = useState<string[]>(items.length ? ['0'] : []);
  const canAdd = max === undefined || items.length < max;
  const canRemove = items.length > min;
  const listError = errors[field];

  const add = () => {
    onChange([...items, newListItem(schema, items)]);
    setOpen((o) => [...o, String(items.length)]);
  };
  const remove = (i: number) => onChange(items.filter((_, j) => j !== i));
  // changeItem applies clearsOnChange (a changed setting resets the ones it clears).
  const set = (i: number, key: string, value: unknown) => onChange(items.map((it, j) => (j === i ? changeItem(schema, it, key, value) : it)));

  return (
    <Stack gap="xs" data-testid={`${field}-list`}>
      {listError && (
        <Alert color="red" variant="light" p="xs">
          {listError}
        </Alert>
      )}
      {items.length === 0 && (
        <Text size="sm" c="dimmed">
          {min === 0 ? `No ${noun.toLowerCase()} settings added: the block uses its defaults.` : `No ${noun.toLowerCase()}s yet.`}
        </Text>
      )}
      {items.length > 0 && (
        <Accordion multiple value={open} onChange={setOpen} variant="separated" radius="sm" chevronPosition="left">
          {items.map((item, i) => {
            const hasError = Object.keys(errors).some((k) => k.startsWith(`${field}.${i}.`));
            const name = summary?.(item);
            return (
              <Accordion.Item key={i} value={String(i)}>
                <Group wrap="nowrap" gap={0} pr={6}>
                  <Accordion.Control style={{ flex: 1 }}>
                    <Text size="sm" fw={600} c={hasError ? 'red' : undefined}>
                      {noun} {i + 1}
                      {name ? (
                        <Text span c="dimmed" fw={400}>
                          {' '}
                          · {name}
                        </Text>
                      ) : null}
                    </Text>
                  </Accordion.Control>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${noun} ${i + 1}`}
                    disabled={!canRemove}
                    onClick={() => remove(i)}
                    title={canRemove ? `Remove ${noun.toLowerCase()}` : `At least ${min} needed`}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
                <Accordion.Panel>
                  <SettingsForm schema={schema} values={item} onChange={(k, v) => set(i, k, v)} errors={errors} prefix={`${field}.${i}.`} />
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      )}
      <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add} disabled={!canAdd} style={{ alignSelf: 'flex-start' }}>
        {canAdd ? `Add ${noun.toLowerCase()}` : `At most ${max} ${noun.toLowerCase()}s`}
      </Button>
    </Stack>
  );
}
