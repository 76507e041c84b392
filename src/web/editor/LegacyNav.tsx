// The legacy board layout (shell §2.3): one nav bar across the top with New Block, Board Settings,
// Embed, Docs and Publish, and the board on the whole width below (no sidebar). A board's editor
// opens in it with `?layout=legacy` in its address (editor-layout.ts); the same popups and the same
// panel states as the sidebar layout, so both stay one editor.
import { Button, Group, Text } from '@mantine/core';
import { IconArrowLeft, IconBook, IconCode, IconSettings, IconSquarePlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ReviewStatus } from './publish-status';
import { PublishButton, type PublishChoice } from './PublishMenu';

export function LegacyNav({
  title,
  panel,
  settingsOpen,
  reviewStatus,
  onNewBlock,
  onBoardSettings,
  onEmbed,
  onDocs,
  onPublish,
}: {
  title: string;
  panel: string;
  /** Board Settings is open. */
  settingsOpen: boolean;
  reviewStatus: ReviewStatus;
  onNewBlock: () => void;
  onBoardSettings: () => void;
  onEmbed: () => void;
  onDocs: () => void;
  onPublish: (choice: PublishChoice) => void;
}) {
  const item = (label: string, icon: React.ReactNode, onClick: () => void, active = false) => (
    <Button
      variant={active ? 'light' : 'subtle'}
      color={active ? undefined : 'dark'}
      leftSection={icon}
      onClick={onClick}
      aria-pressed={active}
      px="xs"
      aria-label={label}
    >
      <Text span visibleFrom="md" inherit>
        {label}
      </Text>
    </Button>
  );
  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs" data-testid="legacy-nav">
      <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
        <Button component={Link} to="/dashboard" variant="subtle" color="gray" leftSection={<IconArrowLeft size={16} />} px="xs" aria-label="Back" style={{ flexShrink: 0 }}>
          <Text span visibleFrom="sm" inherit>
            Back
          </Text>
        </Button>
        <Text fw={700} fz={{ base: 'md', sm: 'lg' }} truncate miw={0} data-testid="board-title" title={title}>
          {title}
        </Text>
      </Group>
      <Group gap={4} wrap="nowrap" component="nav" aria-label="Board tools" style={{ flexShrink: 0 }}>
        {item('New Block', <IconSquarePlus size={18} />, onNewBlock, panel === 'add')}
        {item('Board Settings', <IconSettings size={18} />, onBoardSettings, settingsOpen)}
        {item('Embed', <IconCode size={18} />, onEmbed, panel === 'embed')}
        {item('Docs', <IconBook size={18} />, onDocs)}
        <PublishButton status={reviewStatus} onChoose={onPublish} />
      </Group>
    </Group>
  );
}
