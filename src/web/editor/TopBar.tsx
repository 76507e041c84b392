// Editor top bar (shell §2.3): back link, board title, Tutorials, spreadsheet and the publish
// dropdown (Privacy Settings, Publish to Marketplace). Multipage apps show the app name and the
// page name; their spreadsheet and publish buttons sit in the sidebar.
import { ActionIcon, Anchor, Badge, Button, Group, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconArrowLeft, IconChevronRight, IconDotsVertical, IconExternalLink, IconFileSpreadsheet, IconLock, IconSchool, IconWorld } from '@tabler/icons-react';
import { Link } from 'react-router';
import { dataEditorUrl, useBaseUrl } from '../lib/host';
import { toast } from '../lib/toast';
import type { BoardState } from '../viewer/board-state';
import type { ReviewStatus } from './publish-status';
import { PublishButton, type PublishChoice } from './PublishMenu';

/**
 * Opens the board's spreadsheet: a connected sheet's own URL (a later issue), else the data editor
 * of the imported spreadsheet (in a new tab, so the board stays open and follows the changes), and
 * the spec's warning (§4) only for an app with no spreadsheet at all.
 */
export function openSpreadsheet(board: BoardState, baseUrl?: string) {
  if (board.spreadsheetUrl) window.open(board.spreadsheetUrl, '_blank', 'noopener');
  else if (board.spreadsheetId) window.open(dataEditorUrl(baseUrl, board.spreadsheetId), '_blank');
  else toast.warning('Spreadsheet', 'Spreadsheet URL not configured.');
}

/** What "View live" opens, as a visitor will see it. */
export function viewLiveNote(isPublic: boolean, multipage: boolean): string {
  const what = multipage ? 'app' : 'board';
  return isPublic
    ? `Opens the ${what} as visitors see it.`
    : `Visitors see this ${what} only after you make it public. Until then only you and your editors can open it.`;
}

export function TopBar({
  board,
  publicUrl,
  onTutorials,
  onPublish,
  reviewStatus,
  pageName,
}: {
  board: BoardState;
  publicUrl: string;
  onTutorials: () => void;
  onPublish: (choice: PublishChoice) => void;
  reviewStatus: ReviewStatus;
  /** Multipage apps: the page being edited (spreadsheet and publish then live in the sidebar). */
  pageName?: string;
}) {
  const multipage = pageName !== undefined;
  const base = useBaseUrl();
  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      {/* The title takes what is left and truncates: Back and the buttons on the right never shrink. */}
      <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
        <Button
          component={Link}
          to="/dashboard"
          variant="subtle"
          color="gray"
          leftSection={<IconArrowLeft size={16} />}
          px="xs"
          aria-label="Back"
          style={{ flexShrink: 0 }}
        >
          <Text span visibleFrom="sm" inherit>
            Back
          </Text>
        </Button>
        <Text fw={700} fz={{ base: 'md', sm: 'lg' }} truncate miw={0} data-testid="board-title" title={multipage ? board.name : board.title || board.name}>
          {multipage ? board.name : board.title || board.name}
        </Text>
        {multipage && (
          <>
            <IconChevronRight size={16} color="var(--mantine-color-gray-5)" style={{ flexShrink: 0 }} />
            <Text fw={500} fz={{ base: 'md', sm: 'lg' }} c="dimmed" truncate miw={0} data-testid="page-title" title={pageName}>
              {pageName}
            </Text>
          </>
        )}
        <Tooltip label={viewLiveNote(board.isPublic, multipage)} multiline w={260} withArrow>
          <Anchor href={publicUrl} target="_blank" rel="noreferrer" size="sm" visibleFrom="md" style={{ flexShrink: 0 }} data-testid="view-live">
            View live <IconExternalLink size={12} />
          </Anchor>
        </Tooltip>
        {/* Whether visitors can open it, one click from changing that. */}
        <Tooltip label={viewLiveNote(board.isPublic, multipage)} multiline w={260} withArrow>
          <UnstyledButton
            onClick={() => onPublish('privacy')}
            visibleFrom="sm"
            style={{ flexShrink: 0, display: 'flex' }}
            aria-label={board.isPublic ? 'Public: change privacy settings' : 'Private: change privacy settings'}
            data-testid="privacy-badge"
          >
            <Badge variant="light" color={board.isPublic ? 'teal' : 'gray'} style={{ cursor: 'pointer' }}>
              {board.isPublic ? 'Public' : 'Private'}
            </Badge>
          </UnstyledButton>
        </Tooltip>
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        <Button variant="default" leftSection={<IconSchool size={16} />} onClick={onTutorials} visibleFrom="sm">
          Tutorials
        </Button>
        {/* Narrow screens: what the bar has no room for, and the names in full. */}
        <Menu position="bottom-end" width={260} withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" size={36} hiddenFrom="md" aria-label="More" data-testid="top-bar-more">
              <IconDotsVertical size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }} data-testid="top-bar-full-name">
              {multipage ? `${board.name} › ${pageName}` : board.title || board.name}
            </Menu.Label>
            <Menu.Item component="a" href={publicUrl} target="_blank" rel="noreferrer" leftSection={<IconExternalLink size={16} />}>
              View live
            </Menu.Item>
            <Menu.Item
              leftSection={board.isPublic ? <IconWorld size={16} /> : <IconLock size={16} />}
              onClick={() => onPublish('privacy')}
              aria-label={board.isPublic ? 'Public: change privacy settings' : 'Private: change privacy settings'}
            >
              {board.isPublic ? 'Public' : 'Private'}: privacy settings
            </Menu.Item>
            <Menu.Item leftSection={<IconSchool size={16} />} onClick={onTutorials}>
              Tutorials
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        {!multipage && (
          <>
            <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} onClick={() => openSpreadsheet(board, base.data)} aria-label="Spreadsheet">
              <Text span visibleFrom="sm" inherit>
                Spreadsheet
              </Text>
            </Button>
            <PublishButton status={reviewStatus} onChoose={onPublish} />
          </>
        )}
      </Group>
    </Group>
  );
}

