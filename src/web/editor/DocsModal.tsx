// 'Docs' (the sidebar): a reference to look things up while building — what each block does (the
// catalogue of GET /api/blocks) and how sheets, columns, filters and privacy work. 'Tutorials' (the
// top bar) holds the step-by-step guides instead, so the two never show the same thing.
import { Accordion, Box, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { BlockIcon } from '../components/BlockIcon';
import { Loading } from '../components/Loading';
import { useCatalogue } from '../lib/queries';

const TOPICS: { title: string; text: string }[] = [
  {
    title: 'Sheets and columns',
    text: 'Each block reads one sheet (a tab) of your spreadsheet; pick it under “Data”. Columns are matched by their name in the first row. Renaming a column in your data means choosing it again in the blocks that use it.',
  },
  {
    title: 'Column names in text',
    text: 'In a Markdown block, write a column name in square brackets, like [Price], to show that column’s value. With “loop” on, the text repeats once per row.',
  },
  {
    title: 'Filters and search',
    text: '“Filters” in the left bar adds filters visitors can use on the whole board. Tables, lists and grids also have their own search and filters in their settings.',
  },
  {
    title: 'Who sees what',
    text: 'A new board is private: only you and your editors can open it. Publish → Privacy Settings → turn “App privacy” to Public, then Save. “View live” opens the board the way visitors see it.',
  },
];

export function DocsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const catalogue = useCatalogue();
  const [q, setQ] = useState('');
  const needle = q.trim().toLowerCase();
  const blocks = (catalogue.data ?? []).filter((b) => `${b.name} ${b.description}`.toLowerCase().includes(needle));
  const topics = TOPICS.filter((t) => `${t.title} ${t.text}`.toLowerCase().includes(needle));
  return (
    <Modal opened={opened} onClose={onClose} title="Docs" size="lg" centered>
      <Stack>
        <TextInput placeholder="Search the docs" aria-label="Search the docs" leftSection={<IconSearch size={16} />} value={q} onChange={(e) => setQ(e.currentTarget.value)} />
        {topics.length > 0 && (
          <Stack gap="xs">
            <Title order={4}>How it works</Title>
            <Accordion variant="separated">
              {topics.map((t) => (
                <Accordion.Item key={t.title} value={t.title}>
                  <Accordion.Control>{t.title}</Accordion.Control>
                  <Accordion.Panel>
                    <Text size="sm">{t.text}</Text>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </Stack>
        )}
        <Stack gap="xs">
          <Title order={4}>Blocks</Title>
          {catalogue.isLoading ? (
            <Loading />
          ) : (
            blocks.map((b) => (
              <Group key={b.type} gap="sm" wrap="nowrap" align="flex-start">
                <Box w={24} style={{ flexShrink: 0, display: 'flex', justifyContent: 'center' }}>
                  <BlockIcon name={b.icon} />
                </Box>
                <div>
                  <Text fw={600} size="sm">
                    {b.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {b.description}
                  </Text>
                </div>
              </Group>
            ))
          )}
          {!catalogue.isLoading && blocks.length === 0 && topics.length === 0 && (
            <Text size="sm" c="dimmed">
              Nothing matches “{q.trim()}”.
            </Text>
          )}
        </Stack>
      </Stack>
    </Modal>
  );
}
