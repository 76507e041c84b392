// 'Choose Your Block': the catalogue from GET /api/blocks (empty on failure), by category.
import { Card, Group, Modal, SimpleGrid, Stack, Text, TextInput, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { BlockIcon } from '../components/BlockIcon';
import { Loading } from '../components/Loading';
import { useCatalogue, type CatalogueEntry } from '../lib/queries';

const CATEGORY_LABELS: Record<string, string> = {
  data: 'Data',
  charts: 'Charts',
  media: 'Media',
  layout: 'Layout',
  content: 'Content',
  auth: 'Sign-in',
};

export function ChooseBlockModal({ opened, onClose, onPick }: { opened: boolean; onClose: () => void; onPick: (type: string) => void }) {
  const catalogue = useCatalogue();
  const [q, setQ] = useState('');
  const matches = (catalogue.data ?? []).filter((b) => `${b.name} ${b.description}`.toLowerCase().includes(q.trim().toLowerCase()));
  const byCategory = new Map<string, CatalogueEntry[]>();
  for (const b of matches) byCategory.set(b.category, [...(byCategory.get(b.category) ?? []), b]);

  return (
    <Modal opened={opened} onClose={onClose} title="Choose Your Block" size="xl" centered>
      <Stack>
        <TextInput
          placeholder="Search blocks"
          aria-label="Search blocks"
          leftSection={<IconSearch size={16} />}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
        />
        {catalogue.isPending && <Loading />}
        {!catalogue.isPending && matches.length === 0 && (
          <Text c="dimmed" ta="center" py="lg">
            No blocks available.
          </Text>
        )}
        {[...byCategory.entries()].map(([category, blocks]) => (
          <Stack key={category} gap="xs">
            <Title order={5} c="dimmed" tt="uppercase" fz="xs">
              {CATEGORY_LABELS[category] ?? category}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {blocks.map((b) => (
                <UnstyledButton key={b.type} onClick={() => onPick(b.type)} aria-label={b.name} data-testid={`block-option-${b.type}`}>
                  <Card withBorder radius="md" padding="md" h="100%" style={{ cursor: 'pointer' }} className="sb-block-option">
                    <Group wrap="nowrap" align="flex-start">
                      <ThemeIcon size={40} radius="md" variant="light">
                        <BlockIcon name={b.icon} />
                      </ThemeIcon>
                      <div>
                        <Text fw={600}>{b.name}</Text>
                        <Text size="sm" c="dimmed">
                          {b.description}
                        </Text>
                      </div>
                    </Group>
                  </Card>
                </UnstyledButton>
              ))}
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
    </Modal>
  );
}
