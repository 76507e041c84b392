// Editor top bar (shell §2.3): back link, board title, Tutorials, spreadsheet, Publish to Marketplace.
// Multipage apps show the app name and the page name; their spreadsheet and template publish
// buttons sit in the sidebar.
import { Anchor, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconChevronRight, IconExternalLink, IconFileSpreadsheet, IconSchool, IconWorldUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { toast } from '../lib/toast';
import type { BoardState } from '../viewer/board-state';

/** Opens the board's spreadsheet, or warns (spec §4) when it has no URL. */
export function openSpreadsheet(board: BoardState) {
  // Imported files have no URL; connected Google Sheets (a later issue) will.
  if (!board.spreadsheetUrl) toast.warning('Spreadsheet', 'Spreadsheet URL not configured.');
  else window.open(board.spreadsheetUrl, '_blank', 'noopener');
}

/** Tooltip of the publish button until the marketplace issue lands. */
export const PUBLISH_DISABLED_TOOLTIP = 'Coming with the marketplace';

export function TopBar({
  board,
  publicUrl,
  onTutorials,
  pageName,
}: {
  board: BoardState;
  publicUrl: string;
  onTutorials: () => void;
  /** Multipage apps: the page being edited (spreadsheet and publish then live in the sidebar). */
  pageName?: string;
}) {
  const multipage = pageName !== undefined;
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
            <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} onClick={() => openSpreadsheet(board)} aria-label="Spreadsheet">
              <Text span visibleFrom="sm" inherit>
                Spreadsheet
              </Text>
            </Button>
            <Tooltip label={PUBLISH_DISABLED_TOOLTIP} withArrow>
              {/* A disabled button fires no events; the span carries the tooltip. */}
              <span>
                <Button leftSection={<IconWorldUpload size={16} />} disabled aria-label="Publish to Marketplace">
                  <Text span visibleFrom="md" inherit>
                    Publish to Marketplace
                  </Text>
                </Button>
              </span>
            </Tooltip>
          </>
        )}
      </Group>
    </Group>
  );
}
