// The publish button (shell §2.4): a dropdown offering 'Privacy Settings' and 'Publish to
// Marketplace'. The board has it in the top bar, a multipage app in the sidebar; the caller gives
// the button (its look follows the review status, publish-status.ts).
import { Button, Menu, Text, type FloatingPosition } from '@mantine/core';
import { IconBuildingStore, IconChevronDown, IconLock, IconWorldUpload } from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { publishLook, type ReviewStatus } from './publish-status';

export type PublishChoice = 'privacy' | 'marketplace';

export function PublishMenu({
  onChoose,
  disabled = false,
  position = 'bottom-end',
  children,
}: {
  onChoose: (choice: PublishChoice) => void;
  disabled?: boolean;
  position?: FloatingPosition;
  /** The button; it must pass a ref and its props on to a DOM element. */
  children: ReactElement;
}) {
  return (
    <Menu position={position} withArrow shadow="md" width={230} disabled={disabled}>
      <Menu.Target>{children}</Menu.Target>
      <Menu.Dropdown aria-label="Publish">
        <Menu.Item leftSection={<IconLock size={16} />} onClick={() => onChoose('privacy')}>
          Privacy Settings
        </Menu.Item>
        <Menu.Item leftSection={<IconBuildingStore size={16} />} onClick={() => onChoose('marketplace')}>
          Publish to Marketplace
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The board's publish button (the top bar's, the legacy nav's): its look follows the review status. */
export function PublishButton({ status, onChoose }: { status: ReviewStatus; onChoose: (choice: PublishChoice) => void }) {
  const look = publishLook(status);
  return (
    <PublishMenu onChoose={onChoose} disabled={look.disabled}>
      <Button
        color={look.color}
        variant={look.variant}
        disabled={look.disabled}
        leftSection={<IconWorldUpload size={16} />}
        rightSection={<IconChevronDown size={14} />}
        aria-label={look.label}
        data-review-status={status}
      >
        <Text span visibleFrom="md" inherit>
          {look.label}
        </Text>
      </Button>
    </PublishMenu>
  );
}
