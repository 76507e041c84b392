// Editor top bar (shell §2.3): back link, board title, Tutorials, spreadsheet and the publish
// dropdown (Privacy Settings, Publish to Marketplace). Multipage apps show the app name and the
// page name; their spreadsheet and publish buttons sit in the sidebar.
import { Anchor, Button, Group, Text } from '@mantine/core';
import { IconArrowLeft, IconChevronDown, IconChevronRight, IconExternalLink, IconFileSpreadsheet, IconSchool, IconWorldUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { dataEditorUrl, useBaseUrl } from '../lib/host';
import { toast } from '../lib/toast';
import type { BoardState } from '../viewer/board-state';
import { publishLook, type ReviewStatus } from './publish-status';
import { PublishMenu, type PublishChoice } from './PublishMenu';

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
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Button component={Link} to="/dashboard" variant="subtle" color="gray" leftSection={<IconArrowLeft size={16} />} px="xs" aria-label="Back">
          <Text span visibleFrom="sm" inherit>
            Back
          </Text>
        </Button>
        <Text fw={700} fz="lg" truncate data-testid="board-title">
          {multipage ? board.name : board.title || board.name}
        </Text>
        {multipage && (
          <>
            <IconChevronRight size={16} color="var(--mantine-color-gray-5)" style={{ flexShrink: 0 }} />
            <Text fw={500} fz="lg" c="dimmed" truncate data-testid="page-title">
              {pageName}
            </Text>
          </>
        )}
        <Anchor href={publicUrl} target="_blank" rel="noreferrer" size="sm" visibleFrom="md" style={{ flexShrink: 0 }}>
          View live <IconExternalLink size={12} />
        </Anchor>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Button variant="default" leftSection={<IconSchool size={16} />} onClick={onTutorials} visibleFrom="sm">
          Tutorials
        </Button>
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

function PublishButton({ status, onChoose }: { status: ReviewStatus; onChoose: (choice: PublishChoice) => void }) {
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
