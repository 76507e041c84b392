import { Modal, Tabs, Text } from '@mantine/core';
import { GUIDES, Guide } from './guides';

// 'Tutorial Videos' (the top bar's Tutorials): step-by-step guides. The sidebar's Docs is the reference (DocsModal).
export function TutorialsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Tutorial Videos" size="lg" centered>
      <Tabs defaultValue="board">
        <Tabs.List>
          {GUIDES.map((g) => (
            <Tabs.Tab key={g.value} value={g.value}>
              {g.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {GUIDES.map((g) => (
          <Tabs.Panel key={g.value} value={g.value} pt="md">
            <Guide intro={g.intro} steps={g.steps} />
          </Tabs.Panel>
        ))}
      </Tabs>
      <Text size="xs" c="dimmed" mt="lg">
        Video tutorials are not available offline; these short guides cover the same steps.
      </Text>
    </Modal>
  );
}
