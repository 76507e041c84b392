// Footer view: five layouts over the same parts (brand, contact items, social icons, simple links,
// copyright bar with sub-links). Lists are cut to the spec's limits (footer-layout.ts); links to
// pages of the app go through data.app.goTo, outside links open in a new tab without opener.
import { Anchor, Box, Divider, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrandFacebook, IconBrandInstagram, IconBrandLinkedin, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import { withCommon } from '../../shared/settings/common';
import { readSettings } from '../../shared/settings/read';
import { BlockFrame } from '../BlockFrame';
import { isExternal, safeImageSrc } from '../links';
import type { AppNav, BlockViewProps } from '../types';
import { footerSettings } from './schema';
import { contactEntry, footerLayout, linkEntries, listOf, socialEntries, type ContactEntry, type LinkEntry, type SocialEntry } from './footer-layout';

const FOOTER_SETTINGS = withCommon(footerSettings);
const CONTACT_ICONS = { address: IconMapPin, email: IconMail, phone: IconPhone };
const SOCIAL_ICONS = { instagram: IconBrandInstagram, facebook: IconBrandFacebook, linkedin: IconBrandLinkedin };

function FooterLink({ link, app, color, size = 'sm' }: { link: LinkEntry; app: AppNav | undefined; color: string; size?: string }) {
  if (!link.href)
    return (
      <Text size={size} style={{ color }}>
        {link.text}
      </Text>
    );
  const external = isExternal(link.href);
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!link.page || !app || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    app.goTo(link.page);
  };
  return (
    <Anchor href={link.href} size={size} style={{ color }} onClick={onClick} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {link.text}
    </Anchor>
  );
}

function Contact({ entry, color, card }: { entry: ContactEntry; color: string; card?: boolean }) {
  const Icon = CONTACT_ICONS[entry.type];
  const body = (
    <Stack gap={0} style={{ minWidth: 0 }}>
      {entry.label && (
        <Text size="xs" tt="uppercase" fw={600} style={{ color, opacity: 0.7, letterSpacing: 0.5 }}>
          {entry.label}
        </Text>
      )}
      {entry.href ? (
        <Anchor href={entry.href} size="sm" style={{ color, overflowWrap: 'anywhere' }}>
          {entry.text}
        </Anchor>
      ) : (
        <Text size="sm" style={{ color, overflowWrap: 'anywhere' }}>
          {entry.text}
        </Text>
      )}
    </Stack>
  );
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      align="flex-start"
      data-contact={entry.type}
      style={card ? { padding: 14, borderRadius: 10, border: '1px solid rgba(127,127,127,0.3)', background: 'rgba(127,127,127,0.08)' } : undefined}
    >
      {entry.icon && (
        <ThemeIcon variant="light" radius="xl" size={card ? 40 : 30} style={{ color: entry.icon, backgroundColor: 'rgba(127,127,127,0.15)' }} aria-hidden>
          <Icon size={card ? 20 : 16} />
        </ThemeIcon>
      )}
      {body}
    </Group>
  );
}

function Social({ items, justify }: { items: SocialEntry[]; justify?: CSSProperties['justifyContent'] }) {
  if (items.length === 0) return null;
  return (
    <Group gap="xs" style={{ justifyContent: justify }}>
      {items.map((s, i) => {
        const Icon = SOCIAL_ICONS[s.type];
        return (
          <Anchor key={i} href={s.href} target="_blank" rel="noopener noreferrer" aria-label={s.name} title={s.name} data-social={s.type} style={{ color: s.icon ?? 'inherit', display: 'inline-flex' }}>
            {s.icon ? <Icon size={24} /> : <Text size="sm">{s.name}</Text>}
          </Anchor>
        );
      })}
    </Group>
  );
}

export function FooterBlock({ config, data }: BlockViewProps) {
  const app = data.app;
  const layout = footerLayout(config);
  const settings = readSettings(FOOTER_SETTINGS, config);
  // Cleared colours inherit: the links take the text's colour, the text the page's.
  const color = settings.font_color || 'inherit';
  const linkColor = settings.link_color || color;
  const title = settings.FooterTitle.trim();
  const description = settings.description.trim();
  const logo = safeImageSrc(config.logoImage);
  const copyright = settings.copyrightText.trim();
  const contacts = listOf(config, 'contactItems').map(contactEntry).filter((c) => c.text);
  const social = socialEntries(config);
  const links = linkEntries(config, 'simpleLinks', app);
  const sublinks = linkEntries(config, 'footerSublinks', app);

  const brand = (align: 'left' | 'center', big = false) => (
    <Stack gap={8} align={align === 'center' ? 'center' : 'flex-start'} ta={align}>
      {logo && <img src={logo} alt={title ? `${title} logo` : 'Logo'} style={{ height: big ? 64 : 40, maxWidth: 200, objectFit: 'contain', display: 'block' }} />}
      {title && (
        <Text fw={700} size={big ? 'xl' : 'lg'} style={{ color }}>
          {title}
        </Text>
      )}
      {description && (
        <Text size="sm" style={{ color, opacity: 0.8, maxWidth: 420, whiteSpace: 'pre-line' }}>
          {description}
        </Text>
      )}
    </Stack>
  );
  const linkList = (list: LinkEntry[], heading?: string) =>
    list.length > 0 && (
      <Stack gap={6} component="nav" aria-label={heading ?? 'Footer links'}>
        {heading && (
          <Text fw={650} size="sm" style={{ color }}>
            {heading}
          </Text>
        )}
        {list.map((l, i) => (
          <FooterLink key={i} link={l} app={app} color={linkColor} />
        ))}
      </Stack>
    );
  const bottom = (center = false): ReactNode =>
    (copyright || sublinks.length > 0) && (
      <>
        <Divider my="md" color="rgba(127,127,127,0.3)" />
        <Group justify={center ? 'center' : 'space-between'} gap="sm" wrap="wrap">
          {copyright && (
            <Text size="xs" style={{ color, opacity: 0.75 }} data-testid="footer-copyright">
              {copyright}
            </Text>
          )}
          {sublinks.length > 0 && (
            <Group gap="md" component="nav" aria-label="Legal links">
              {sublinks.map((l, i) => (
                <FooterLink key={i} link={l} app={app} color={linkColor} size="xs" />
              ))}
            </Group>
          )}
        </Group>
      </>
    );

  let body: ReactNode;
  switch (layout) {
    case 'Contact Centric Footer':
      body = (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <Stack gap="md">
              {brand('left')}
              <Social items={social} />
            </Stack>
            {contacts.length > 0 && (
              <Stack gap="sm">
                {contacts.map((c, i) => (
                  <Contact key={i} entry={c} color={color} card />
                ))}
              </Stack>
            )}
          </SimpleGrid>
          {bottom()}
        </>
      );
      break;
    case 'Navigation Hub Footer':
      body = (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
            {brand('left')}
            {linkList(links, 'Quick links') || <span />}
            {social.length > 0 && (
              <Stack gap={6}>
                <Text fw={650} size="sm" style={{ color }}>
                  Follow us
                </Text>
                <Social items={social} />
              </Stack>
            )}
          </SimpleGrid>
          {bottom()}
        </>
      );
      break;
    case 'Classic Footer Bar':
      body = (
        <Stack gap="sm">
          <Group justify="space-between" gap="md" wrap="wrap">
            <Group gap="sm" wrap="nowrap">
              {logo && <img src={logo} alt={title ? `${title} logo` : 'Logo'} style={{ height: 32, maxWidth: 140, objectFit: 'contain', display: 'block' }} />}
              {title && (
                <Text fw={700} style={{ color }}>
                  {title}
                </Text>
              )}
            </Group>
            {links.length > 0 && (
              <Group gap="lg" component="nav" aria-label="Footer links" wrap="wrap">
                {links.map((l, i) => (
                  <FooterLink key={i} link={l} app={app} color={linkColor} />
                ))}
              </Group>
            )}
            <Social items={social} />
          </Group>
          {(copyright || sublinks.length > 0) && (
            <Group justify="space-between" gap="sm" wrap="wrap" pt="xs" style={{ borderTop: '1px solid rgba(127,127,127,0.3)' }}>
              {copyright && (
                <Text size="xs" style={{ color, opacity: 0.75 }} data-testid="footer-copyright">
                  {copyright}
                </Text>
              )}
              <Group gap="md">
                {sublinks.map((l, i) => (
                  <FooterLink key={i} link={l} app={app} color={linkColor} size="xs" />
                ))}
              </Group>
            </Group>
          )}
        </Stack>
      );
      break;
    case 'Brand Info Footer':
      body = (
        <Stack gap="md" align="center">
          {brand('center', true)}
          {contacts.length > 0 && (
            <Group gap="xl" justify="center" wrap="wrap">
              {contacts.map((c, i) => (
                <Contact key={i} entry={c} color={color} />
              ))}
            </Group>
          )}
          <Social items={social} justify="center" />
          <Box w="100%">{bottom(true)}</Box>
        </Stack>
      );
      break;
    case 'Mega Footer': {
      const half = Math.ceil(links.length / 2);
      body = (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="xl">
            <Stack gap="md">
              {brand('left')}
              <Social items={social} />
            </Stack>
            {linkList(links.length > 5 ? links.slice(0, half) : links, 'Explore') || <span />}
            {linkList(links.length > 5 ? links.slice(half) : [], 'More') || <span />}
            {contacts.length > 0 && (
              <Stack gap="sm">
                <Text fw={650} size="sm" style={{ color }}>
                  Contact
                </Text>
                {contacts.map((c, i) => (
                  <Contact key={i} entry={c} color={color} />
                ))}
              </Stack>
            )}
          </SimpleGrid>
          {bottom()}
        </>
      );
      break;
    }
  }

  return (
    <BlockFrame config={config}>
      <Box component="footer" data-layout={layout} py="md" px={{ base: 'xs', sm: 'md' }} style={{ color }}>
        {body}
      </Box>
    </BlockFrame>
  );
}

export default FooterBlock;
