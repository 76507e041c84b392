// The review queue's status tabs (?status=, pending by default) and what each shows when empty.
import { Tabs } from '@mantine/core';
import type { QueueFilter } from './admin-api';
import { QUEUE_FILTERS } from './format';

export const QUEUE_EMPTY: Record<QueueFilter, string> = {
  pending: 'Nothing is waiting for review.',
  published: 'No published templates yet.',
  rejected: 'No rejected templates.',
  all: 'No templates have been submitted yet.',
};

export const queueFilterOf = (v: string | null): QueueFilter => QUEUE_FILTERS.find((f) => f.value === v)?.value ?? 'pending';

export function QueueTabs({ value, onChange }: { value: QueueFilter; onChange: (status: QueueFilter) => void }) {
  return (
    <Tabs value={value} onChange={(v) => onChange(queueFilterOf(v))} keepMounted={false}>
      <Tabs.List aria-label="Show templates">
        {QUEUE_FILTERS.map((f) => (
          <Tabs.Tab key={f.value} value={f.value}>
            {f.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
