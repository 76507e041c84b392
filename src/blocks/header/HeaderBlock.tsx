// Header view: logo + title, navigation (a burger menu on phones), the user menu and the
// breadcrumbs of data.app. Page links are real <a href> (new tab, copy link work) whose plain
// clicks go through data.app.goTo(slug, {reset: true}): a header click restarts history and
// breadcrumbs (spec §4). Without data.app (boards, previews) page links are plain text.
import { Anchor, Avatar, Box, Breadcrumbs, Burger, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { lazy, Suspense, useState, type CSSProperties, type MouseEvent } from 'react';
import { withCommon } from '../../shared/settings/common';
import { readSettings } from '../../shared/settings/read';
import { BlockFrame } from '../BlockFrame';
import { safeImageSrc } from '../links';
import type { AppNav, BlockViewProps } from '../types';
import { headerLayout, initialsOf, isPlainClick, navLinks, type NavLink } from './header-nav';
import { headerSettings } from './schema';

const SignedInMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.SignedInMenu })));

const HEADER_SETTINGS = withCommon(headerSettings);
/** Cleared active and breadcrumb colours are the usual ones; a cleared font colour inherits. */
const readHeader = (config: Record<string, unknown>) => readSettings(HEADER_SETTINGS, config, { blankIsDefault: ['active_color', 'breadcrumbsColor'] });

function NavItem({ link, app, color, activeColor, onDone, vertical }: { link: NavLink; app: AppNav | undefined; color: string; activeColor: string; onDone?: () => void; vertical?: boolean }) {
  const style: CSSProperties = {
    color: link.active ? activeColor : color,
    fontWeight: link.active ? 650 : 500,
    borderBottom: !vertical && link.active ? `2px solid ${activeColor}` : '2px solid transparent',
    padding: vertical ? '8px 4px' : '4px 2px',
    whiteSpace: 'nowrap',
    textDecoration: 'none',
    display: 'inline-block',
  };
  if (link.kind === 'none' || !link.href)
    return (
      <Text component="span" size="sm" style={style} data-nav-item={link.label}>
        {link.label}
      </Text>
    );
  const newTab = link.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : link.kind === 'external' ? { rel: 'noopener noreferrer' } : {};
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (link.kind !== 'page' || link.newTab || !app || !isPlainClick(e)) return;
    e.preventDefault();
    app.goTo(link.slug, { reset: true });
    onDone?.();
  };
  return (
    <Anchor href={link.href} size="sm" style={style} onClick={onClick} aria-current={link.active ? 'page' : undefined} data-nav-item={link.label} {...newTab}>
      {link.label}
    </Anchor>
  );
}

function UserMenu({ app, image, mode }: { app: AppNav | undefined; image: string | null; mode: BlockViewProps['mode'] }) {
  const user = app?.user ?? null;
  if (!user) {
    // The editor shows where the avatar will be; guests without a session see nothing.
    return mode === 'edit' ? <Avatar src={image} radius="xl" size={34} aria-label="User menu (shown to signed-in users)" /> : null;
  }
  // Until the menu's chunk is there, its button (the menu opens once it has loaded).
  return (
    <Suspense
      fallback={
        <UnstyledButton aria-label="User menu" data-testid="header-user-menu">
          <Avatar src={image} radius="xl" size={34} color="indigo">
            {initialsOf(user)}
          </Avatar>
        </UnstyledButton>
      }
    >
      <SignedInMenu app={app} image={image} />
    </Suspense>
  );
}

export function HeaderBlock({ config, data, mode }: BlockViewProps) {
  const [open, setOpen] = useState(false);
  const app = data.app;
  const layout = headerLayout(config);
  const links = navLinks(config, app);
  const settings = readHeader(config);
  const title = settings.HeaderTitle.trim() || app?.appName || '';
  const logo = safeImageSrc(config.Logo);
  const color = settings.font_color || 'inherit';
  const activeColor = settings.active_color;
  const showUser = config.UserMenu !== false;
  const avatar = safeImageSrc(config.userProfileImage);

  const brand = (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      {logo && <img src={logo} alt={title ? `${title} logo` : 'Logo'} style={{ height: 40, maxWidth: 160, objectFit: 'contain', display: 'block' }} />}
      {title && (
        <Text fw={700} size="lg" truncate style={{ color }} data-testid="header-title">
          {title}
        </Text>
      )}
    </Group>
  );
  const nav = links.length > 0 && (
    <Group component="nav" aria-label="Main" gap="lg" wrap="wrap" visibleFrom="sm" justify={layout === 'Center' ? 'center' : undefined}>
      {links.map((l) => (
        <NavItem key={l.key} link={l} app={app} color={color} activeColor={activeColor} />
      ))}
    </Group>
  );
  const user = showUser ? <UserMenu app={app} image={avatar} mode={mode} /> : null;
  const burger = links.length > 0 && (
    <Burger opened={open} onClick={() => setOpen((o) => !o)} hiddenFrom="sm" size="sm" color={color === 'inherit' ? undefined : color} aria-label={open ? 'Close navigation' : 'Open navigation'} />
  );

  let bar;
  if (layout === 'Center')
    bar = (
      <Stack gap={6} align="stretch">
        <Group justify="space-between" wrap="nowrap">
          <Box w={40} hiddenFrom="sm">
            {burger}
          </Box>
          <Box visibleFrom="sm" w={40} />
          <Group justify="center" style={{ flex: 1, minWidth: 0 }}>
            {brand}
          </Group>
          <Group w={40} justify="flex-end">
            {user}
          </Group>
        </Group>
        {nav}
      </Stack>
    );
  else
    bar = (
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Group gap="xl" wrap="nowrap" style={{ minWidth: 0, flex: layout === 'Left' ? 1 : undefined }}>
          {brand}
          {layout === 'Left' && nav}
        </Group>
        <Group gap="md" wrap="nowrap">
          {layout === 'Right' && nav}
          {user}
          {burger}
        </Group>
      </Group>
    );

  const crumbs = config.enableBreadcrumbs === true ? (app?.breadcrumbs ?? []) : [];
  const crumbSize = Number(config.breadcrumbsSize) >= 10 && Number(config.breadcrumbsSize) <= 24 ? Number(config.breadcrumbsSize) : 14;
  const crumbColor = settings.breadcrumbsColor;

  return (
    <BlockFrame config={config}>
      <Box component="header" data-layout={layout}>
        {bar}
        {open && links.length > 0 && (
          <Stack component="nav" aria-label="Main (menu)" gap={0} hiddenFrom="sm" mt="xs" pt="xs" style={{ borderTop: '1px solid rgba(127,127,127,0.25)' }}>
            {links.map((l) => (
              <NavItem key={l.key} link={l} app={app} color={color} activeColor={activeColor} onDone={() => setOpen(false)} vertical />
            ))}
          </Stack>
        )}
        {crumbs.length > 0 && (
          <Breadcrumbs mt="xs" separator="›" separatorMargin={6} aria-label="Breadcrumbs" style={{ fontSize: crumbSize, color: crumbColor, flexWrap: 'wrap' }}>
            {crumbs.map((c, i) =>
              i === crumbs.length - 1 ? (
                <Text key={i} span inherit aria-current="page" fw={600}>
                  {c.name}
                </Text>
              ) : (
                <Anchor
                  key={i}
                  href={c.path.startsWith('/') && !c.path.startsWith('//') ? c.path : undefined}
                  inherit
                  style={{ color: crumbColor }}
                  onClick={(e: MouseEvent<HTMLAnchorElement>) => {
                    if (!isPlainClick(e)) return;
                    e.preventDefault();
                    app?.goToBreadcrumb(i);
                  }}
                >
                  {c.name}
                </Anchor>
              ),
            )}
          </Breadcrumbs>
        )}
        {config.enableBreadcrumbs === true && crumbs.length === 0 && mode === 'edit' && (
          <Text mt="xs" style={{ fontSize: crumbSize, color: crumbColor }}>
            Home › This page
          </Text>
        )}
      </Box>
    </BlockFrame>
  );
}

export default HeaderBlock;
