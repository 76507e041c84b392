// The search box and the order of /boardWorkspace's boards.
import { Group, SegmentedControl, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { BoardSort } from '../../../shared/api/workspaces';

export function BoardSearch({ search, onSearch, sort, onSort }: { search: string; onSearch: (text: string) => void; sort: BoardSort; onSort: (sort: BoardSort) => void }) {
  return (
    <Group gap="sm" wrap="wrap">
      <TextInput
        placeholder="Search boards by name"
        aria-label="Search boards"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        maxLength={200}
        style={{ flex: '1 1 240px' }}
      />
      <SegmentedControl
        aria-label="Sort boards"
        value={sort}
        onChange={(v) => onSort(v as BoardSort)}
        data={[
          { value: 'updated', label: 'Last edited' },
          { value: 'name', label: 'Name' },
        ]}
      />
    </Group>
  );
}
