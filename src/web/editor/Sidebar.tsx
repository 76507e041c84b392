import { Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBook, IconCode, IconFilter, IconSquarePlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';

function Item({ icon, label, active, onClick }: { icon: ReactNode; label: string; active?: boolean; onClick: () => void }) {
  return (
    <UnstyledButton
      onClick={onClick}
      aria-pressed={active}
      p={{ base: 4, sm: 8 }}
      style={{
        borderRadius: 8,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 4,
        background: active ? 'var(--mantine-color-indigo-0)' : undefined,
        color: active ? 'var(--mantine-color-indigo-7)' : 'var(--mantine-color-gray-7)',
      }}
    >
      {icon}
      <Text size="xs" fw={600} ta="center" inherit>
        {label}
      </Text>
    </UnstyledButton>
  );
}

/** The editor's left bar: New Block, Filters (the board's filters), Docs, Embed (shell §2.3). */
export function Sidebar({
  panel,
  onNewBlock,
  onDocs,
  onEmbed,
  filtersOpen = false,
  onFilters,
}: {
  panel: string;
  onNewBlock: () => void;
  onDocs: () => void;
  onEmbed: () => void;
  filtersOpen?: boolean;
  onFilters?: () => void;
}) {
  return (
    <Stack gap={6} p={{ base: 4, sm: 8 }} component="nav" aria-label="Editor tools">
      <Item icon={<IconSquarePlus size={24} />} label="New Block" active={panel === 'add'} onClick={onNewBlock} />
      {onFilters && <Item icon={<IconFilter size={24} />} label="Filters" active={filtersOpen} onClick={onFilters} />}
      <Item icon={<IconBook size={24} />} label="Docs" onClick={onDocs} />
      <Item icon={<IconCode size={24} />} label="Embed" active={panel === 'embed'} onClick={onEmbed} />
    </Stack>
  );
}
