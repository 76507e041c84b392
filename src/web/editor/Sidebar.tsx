import { Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconBook,
  IconCode,
  IconFiles,
  IconFileSpreadsheet,
  IconFilter,
  IconSettings,
  IconSquarePlus,
  IconUsers,
  IconWorldUpload,
} from '@tabler/icons-react';
import type { ComponentPropsWithoutRef, ReactNode, Ref } from 'react';
import { publishLook, sidebarPublishTone, type ReviewStatus, type SidebarTone } from './publish-status';
import { PublishMenu, type PublishChoice } from './PublishMenu';

type ItemProps = {
  icon: ReactNode;
  label: string;
  active?: boolean;
  disabled?: boolean;
  /** Colours of their own (the publish tool's review status); otherwise those of its state. */
  tone?: SidebarTone;
  onClick?: () => void;
  /** The publish dropdown's target passes its ref and props (aria-expanded, handlers) through. */
  ref?: Ref<HTMLButtonElement>;
} & Omit<ComponentPropsWithoutRef<'button'>, 'onClick' | 'color' | 'style'>;

function Item({ icon, label, active, disabled, tone, onClick, ref, ...rest }: ItemProps) {
  return (
    <UnstyledButton
      {...rest}
      ref={ref}
      onClick={onClick}
      aria-pressed={rest['aria-haspopup'] ? undefined : active}
      disabled={disabled}
      py={{ base: 4, sm: 8 }}
      px={2}
      style={{
        borderRadius: 8,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 4,
        width: '100%',
        background: tone ? tone.background : active ? 'var(--mantine-color-indigo-0)' : undefined,
        color: tone ? tone.color : disabled ? 'var(--mantine-color-gray-4)' : active ? 'var(--mantine-color-indigo-7)' : 'var(--mantine-color-gray-7)',
        cursor: disabled ? 'not-allowed' : undefined,
      }}
    >
      {icon}
      {/* Small enough that the longest one-word label ('Spreadsheet') shows whole in the narrow bar. */}
      <Text fz={{ base: 10, sm: 11 }} fw={600} ta="center" lh={1.2} c="inherit" data-testid="sidebar-label">
        {label}
      </Text>
    </UnstyledButton>
  );
}

/** The multipage layout's extra menu (shell §2.3): every choice is a popup panel. */
export interface MultipageMenu {
  onPages: () => void;
  onUsers: () => void;
  onAppSettings: () => void;
  onSpreadsheet: () => void;
  /** The publish dropdown: Privacy Settings or Publish to Marketplace. */
  onPublish: (choice: PublishChoice) => void;
  reviewStatus: ReviewStatus;
}

/**
 * The editor's left bar. Boards: New Block, Board Settings, Filters (the board's filters), Docs, Embed.
 * Multipage apps: Pages, New Block, Embed, Users, App Settings, the spreadsheet button and the
 * publish dropdown (Privacy Settings, Publish to Marketplace).
 */
export function Sidebar({
  panel,
  onNewBlock,
  onDocs,
  onEmbed,
  filtersOpen = false,
  onFilters,
  onBoardSettings,
  multipage,
}: {
  panel: string;
  onNewBlock: () => void;
  onDocs: () => void;
  onEmbed: () => void;
  filtersOpen?: boolean;
  onFilters?: () => void;
  /** Boards: the board settings (blocks-and-data §3 board state). */
  onBoardSettings?: () => void;
  multipage?: MultipageMenu;
}) {
  if (multipage)
    return (
      <Stack gap={6} p={{ base: 4, sm: 8 }} component="nav" aria-label="Editor tools">
        <Item icon={<IconFiles size={24} />} label="Pages" active={panel === 'pages'} onClick={multipage.onPages} />
        <Item icon={<IconSquarePlus size={24} />} label="New Block" active={panel === 'add'} onClick={onNewBlock} />
        <Item icon={<IconCode size={24} />} label="Embed" active={panel === 'embed'} onClick={onEmbed} />
        <Item icon={<IconUsers size={24} />} label="Users" active={panel === 'users'} onClick={multipage.onUsers} />
        <Item icon={<IconSettings size={24} />} label="App Settings" active={panel === 'app settings'} onClick={multipage.onAppSettings} />
        <Item icon={<IconFileSpreadsheet size={24} />} label="Spreadsheet" onClick={multipage.onSpreadsheet} />
        <PublishMenu onChoose={multipage.onPublish} disabled={publishLook(multipage.reviewStatus).disabled} position="right-start">
          <Item
            icon={<IconWorldUpload size={24} />}
            label={publishLook(multipage.reviewStatus).label}
            active={panel === 'publish'}
            disabled={publishLook(multipage.reviewStatus).disabled}
            tone={sidebarPublishTone(multipage.reviewStatus, panel === 'publish')}
            data-review-status={multipage.reviewStatus}
          />
        </PublishMenu>
      </Stack>
    );
  return (
    <Stack gap={6} p={{ base: 4, sm: 8 }} component="nav" aria-label="Editor tools">
      <Item icon={<IconSquarePlus size={24} />} label="New Block" active={panel === 'add'} onClick={onNewBlock} />
      {onBoardSettings && <Item icon={<IconSettings size={24} />} label="Board Settings" active={panel === 'app settings'} onClick={onBoardSettings} />}
      {onFilters && <Item icon={<IconFilter size={24} />} label="Filters" active={filtersOpen} onClick={onFilters} />}
      <Item icon={<IconBook size={24} />} label="Docs" onClick={onDocs} />
      <Item icon={<IconCode size={24} />} label="Embed" active={panel === 'embed'} onClick={onEmbed} />
    </Stack>
  );
}
