// Editor top bar (shell §2.3): back link, board title, Tutorials, spreadsheet, Publish to Marketplace.
import { Anchor, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconExternalLink, IconFileSpreadsheet, IconSchool, IconWorldUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { toast } from '../lib/toast';
import type { BoardState } from '../viewer/board-state';

export function TopBar({ board, publicUrl, onTutorials }: { board: BoardState; publicUrl: string; onTutorials: () => void }) {
  const openSpreadsheet = () => {
    // Imported files have no URL; connected Google Sheets (a later issue) will.
    if (!board.spreadsheetUrl) toast.warning('Spreadsheet', 'Spreadsheet URL not configured.');
    else window.open(board.spreadsheetUrl, '_blank', 'noopener');
  };
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Button component={Link} to="/dashboard" variant="subtle" color="gray" leftSection={<IconArrowLeft size={16} />} px="xs" aria-label="Back">
          <Text span visibleFrom="sm" inherit>
            Back
          </Text>
        </Button>
        <Text fw={700} fz="lg" truncate data-testid="board-title">
          {board.title || board.name}
        </Text>
        <Anchor href={publicUrl} target="_blank" rel="noreferrer" size="sm" visibleFrom="md">
          View live <IconExternalLink size={12} />
        </Anchor>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <Button variant="default" leftSection={<IconSchool size={16} />} onClick={onTutorials} visibleFrom="sm">
          Tutorials
        </Button>
        <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} onClick={openSpreadsheet} aria-label="Spreadsheet">
          <Text span visibleFrom="sm" inherit>
            Spreadsheet
          </Text>
        </Button>
        <Tooltip label="Coming with the marketplace" withArrow>
          {/* A disabled button fires no events; the span carries the tooltip. */}
          <span>
            <Button leftSection={<IconWorldUpload size={16} />} disabled aria-label="Publish to Marketplace">
              <Text span visibleFrom="md" inherit>
                Publish to Marketplace
              </Text>
            </Button>
          </span>
        </Tooltip>
      </Group>
    </Group>
  );
}
