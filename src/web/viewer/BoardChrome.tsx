// What a board's settings (blocks-and-data §3 board state) put around its blocks in the guest
// view: the hero, the search box, the section tabs, the event strip and the footer. Every text is
// the owner's and goes through React's escaping; images only from safe addresses (media-src.ts),
// social links only http(s). Nothing here imports the editor.
import { Anchor, Box, Group, Image, Stack, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { BRAND_ICONS } from '../../blocks/brand-icons';
import { mediaSrc } from '../../blocks/media-src';
import { httpLink, SOCIAL_BRANDS, SOCIAL_LABELS, type SocialBrand } from '../../shared/rules/board-state';
import type { BoardState, FooterState } from './board-state';
import { textOn } from './BoardSurface';

export { blocksOfSection } from './board-sections';

const brandOf = (type: string): SocialBrand => (SOCIAL_BRANDS as readonly string[]).find((b) => b === type) as SocialBrand | undefined ?? 'website';

/** The hero shows unless hidden, when it has something of its own to show (hero text or image). */
export function showsHero(board: BoardState): boolean {
  return !board.hideHero && (board.hero.trim() !== '' || mediaSrc(board.heroImage) !== null);
}

export function BoardHero({ board }: { board: BoardState }) {
  if (!showsHero(board)) return null;
  const background = board.colors.hero_background;
  const color = textOn(background);
  const image = mediaSrc(board.heroImage);
  const logo = mediaSrc(board.logo);
  return (
    <Box component="section" aria-label="Hero" data-testid="board-hero" px={{ base: 'md', md: 32 }} py={{ base: 'lg', md: 40 }} style={{ background, color }}>
      <Group maw={1440 - 64} mx="auto" gap="xl" wrap="wrap" align="center" justify="space-between">
        <Stack gap="xs" style={{ flex: '1 1 320px', minWidth: 0 }}>
          {logo && <Image src={logo} alt="" h={48} w="auto" fit="contain" style={{ alignSelf: 'flex-start' }} data-testid="board-hero-logo" />}
          <Title order={2} fz={{ base: 26, sm: 34 }} style={{ color, overflowWrap: 'anywhere' }}>
            {board.title || board.name}
          </Title>
          {board.hero.trim() && (
            <Text fz={{ base: 'md', sm: 'lg' }} style={{ color, opacity: 0.9, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="board-hero-text">
              {board.hero}
            </Text>
          )}
        </Stack>
        {image && (
          <Image src={image} alt="" radius="md" fit="cover" mah={260} style={{ flex: '0 1 420px', minWidth: 0, maxWidth: '100%' }} data-testid="board-hero-image" />
        )}
      </Group>
    </Box>
  );
}

/** The board's search (spec §9: commas separate terms, any term matches): the settled text after typing stops. */
export function BoardSearch({ onSearch }: { onSearch: (q: string) => void }) {
  const [text, setText] = useState(() => new URLSearchParams(window.location.search).get('search') ?? '');
  const [settled] = useDebouncedValue(text, 300);
  useEffect(() => onSearch(settled.trim().slice(0, 500)), [settled, onSearch]);
  return (
    <TextInput
      type="search"
      aria-label="Search this board"
      placeholder="Search this board (commas: any of several words)"
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      maxLength={500}
      style={{ flex: '1 1 260px', maxWidth: 420 }}
    />
  );
}

/** The current section: `?section=` when it names one, else the first; kept in the address for links. */
export function useCurrentSection(sections: string[]): [string | null, (s: string) => void] {
  const wanted = new URLSearchParams(window.location.search).get('section')?.toLowerCase();
  const [chosen, setChosen] = useState<string | null>(() => sections.find((s) => s.toLowerCase() === wanted) ?? null);
  const current = chosen && sections.includes(chosen) ? chosen : (sections[0] ?? null);
  const choose = (s: string) => {
    setChosen(s);
    const url = new URL(window.location.href);
    url.searchParams.set('section', s);
    window.history.replaceState(window.history.state, '', url);
  };
  return [current, choose];
}

export function SectionTabs({ board, current, onChoose }: { board: BoardState; current: string | null; onChoose: (s: string) => void }) {
  if (board.sections.length === 0) return null;
  const c = board.sectionColors;
  return (
    <Group gap={6} role="tablist" aria-label="Sections" data-testid="board-sections" wrap="wrap">
      {board.sections.map((s) => {
        const active = s === current;
        return (
          <UnstyledButton
            key={s}
            role="tab"
            aria-selected={active}
            onClick={() => onChoose(s)}
            px="md"
            py={6}
            style={{
              borderRadius: 999,
              fontWeight: 600,
              fontSize: 14,
              background: active ? c.active_background : 'transparent',
              color: active ? c.active_text : c.inactive_text,
              border: `1px solid ${active ? c.active_background : board.colors.block_border}`,
            }}
          >
            {s}
          </UnstyledButton>
        );
      })}
    </Group>
  );
}

function hasContent(f: FooterState): boolean {
  return f.copyrightText.trim() !== '' || f.socialMediaIcons.length > 0 || mediaSrc(f.logo) !== null;
}

function SocialLinks({ icons, color }: { icons: FooterState['socialMediaIcons']; color: string }) {
  return (
    <Group gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {icons.map((s, i) => {
        const href = httpLink(s.link);
        if (!href) return null;
        const brand = brandOf(s.type);
        const BrandIcon = BRAND_ICONS[brand === 'website' ? 'globe' : brand];
        return (
          <li key={i}>
            <Anchor href={href} target="_blank" rel="noopener noreferrer" aria-label={SOCIAL_LABELS[brand]} title={SOCIAL_LABELS[brand]} style={{ color, display: 'inline-flex' }}>
              <BrandIcon size={22} />
            </Anchor>
          </li>
        );
      })}
    </Group>
  );
}

/**
 * The footer (board footer {logo, socialMediaIcons, copyrightText}) and its event variant (board
 * event {...}): an event strip above the footer, in the hero's colours, for the event the board is
 * about (its organiser's or sponsor's logo, links and a line such as 'Harbour Days · 12–14 June').
 */
export function BoardFooter({ board, variant }: { board: BoardState; variant: 'footer' | 'event' }) {
  const isEvent = variant === 'event';
  const f = isEvent ? board.event : board.footer;
  if (!hasContent(f)) return null;
  const background = isEvent ? board.colors.hero_background : board.colors.nav_background;
  const color = textOn(background);
  const logo = mediaSrc(f.logo);
  return (
    <Box
      component={isEvent ? 'aside' : 'footer'}
      aria-label={isEvent ? 'Event' : 'Footer'}
      data-testid={isEvent ? 'board-event' : 'board-footer'}
      px={{ base: 'md', md: 32 }}
      py={isEvent ? 'md' : 'lg'}
      style={{ background, color, borderTop: isEvent ? `3px solid ${board.sectionColors.active_background}` : undefined }}
    >
      <Group maw={1440 - 64} mx="auto" justify="space-between" gap="md" wrap="wrap">
        <Group gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
          {logo && <Image src={logo} alt="" h={isEvent ? 40 : 32} w="auto" fit="contain" data-testid={`board-${variant}-logo`} />}
          {f.copyrightText.trim() && (
            <Text size="sm" fw={isEvent ? 600 : 400} style={{ color, overflowWrap: 'anywhere' }} data-testid={`board-${variant}-text`}>
              {f.copyrightText}
            </Text>
          )}
        </Group>
        <SocialLinks icons={f.socialMediaIcons} color={color} />
      </Group>
    </Box>
  );
}
