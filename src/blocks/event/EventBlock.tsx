// Event view: title, description, dates and times, place (address) or webinar link, contact
// e-mail, registration button, social icons and a live countdown to the registration deadline
// ('Registration closed' after it). Four layouts: text over the background image (overlay),
// image above (stacked), image left or right. Everything typed is text; links are http(s) only.
import { Anchor, Box, Button, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconClock, IconMail, IconMapPin, IconVideo, type Icon } from '@tabler/icons-react';
import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { useClock } from '../use-clock';
import { withCommon } from '../../shared/settings/common';
import { readSettings } from '../../shared/settings/read';
import { BlockFrame } from '../BlockFrame';
import { BRAND_ICONS } from '../brand-icons';
import { linkHref, mediaSrc } from '../media-src';
import type { BlockViewProps } from '../types';
import { countdownParts, deadlineOf, eventDateLine, eventTimeLine, REGISTRATION_CLOSED } from './event-time';
import { eventSettings } from './schema';
import { socialIconsOf } from './social-icons';

const FONT_STACKS: Record<string, string> = {
  Arial: 'Arial, Helvetica, sans-serif',
  Helvetica: 'Helvetica, Arial, sans-serif',
  'Times New Roman': '"Times New Roman", Times, serif',
  Georgia: 'Georgia, "Times New Roman", serif',
  Verdana: 'Verdana, Geneva, sans-serif',
  Roboto: 'Roboto, "Helvetica Neue", Arial, sans-serif',
  'Open Sans': '"Open Sans", "Segoe UI", Arial, sans-serif',
};

const EVENT_SETTINGS = withCommon(eventSettings);
/** Cleared colours and the button text are the usual ones; a cleared title, description, address or contact shows none. */
const BLANK_IS_DEFAULT = [
  'countdown_background_color',
  'countdown_text_color',
  'deadline_position',
  'description_color',
  'details_color',
  'event_title_color',
  'icon_color',
  'overlay_color',
  'registration_button',
  'registration_button_color',
  'registration_button_text_color',
  'social_icon_color',
  'background_fit',
] as const;
const readEvent = (config: Record<string, unknown>) => readSettings(EVENT_SETTINGS, config, { blankIsDefault: BLANK_IS_DEFAULT });
const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const alignOf = (v: unknown): 'left' | 'center' | 'right' => (v === 'center' || v === 'right' ? v : 'left');
const justify = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;
const BACKGROUND_SIZE: Record<string, string> = { contain: 'contain', cover: 'cover', fill: '100% 100%', none: 'auto', 'scale-down': 'contain' };

function Countdown({ deadline, config }: { deadline: number; config: Record<string, unknown> }) {
  const settings = useMemo(() => readEvent(config), [config]);
  const now = useClock(1000, deadline);
  const parts = countdownParts(deadline, now);
  const style: CSSProperties = { background: settings.countdown_background_color, color: settings.countdown_text_color, borderRadius: 10, padding: '8px 12px' };
  if (parts.closed)
    return (
      <Box style={style} role="status" data-testid="event-countdown">
        <Text fw={700} size="sm">
          {REGISTRATION_CLOSED}
        </Text>
      </Box>
    );
  const cells: [number, string][] = [
    [parts.days, 'Days'],
    [parts.hours, 'Hours'],
    [parts.minutes, 'Minutes'],
    [parts.seconds, 'Seconds'],
  ];
  return (
    <Box style={style} role="timer" aria-label="Time left to register" data-testid="event-countdown">
      <Group gap={12} wrap="nowrap">
        {cells.map(([n, label]) => (
          <Stack key={label} gap={0} align="center" style={{ minWidth: 40 }}>
            <Text fw={800} size="lg" style={{ fontVariantNumeric: 'tabular-nums', lineHeight: 1.1 }}>
              {String(n).padStart(2, '0')}
            </Text>
            <Text size="10px" tt="uppercase" style={{ opacity: 0.8, letterSpacing: 0.5 }}>
              {label}
            </Text>
          </Stack>
        ))}
      </Group>
    </Box>
  );
}

function Detail({ icon: I, color, children, size }: { icon: Icon; color: string; children: ReactNode; size: number }) {
  return (
    <Group gap={8} wrap="nowrap" align="flex-start">
      <I size={size + 3} color={color} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
      <Box style={{ fontSize: size, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{children}</Box>
    </Group>
  );
}

export function EventBlock({ config }: BlockViewProps) {
  const settings = useMemo(() => readEvent(config), [config]);
  const layout = ['overlay', 'stacked', 'left-image', 'right-image'].includes(config.layout_type as string) ? (config.layout_type as string) : 'overlay';
  const titleFont = FONT_STACKS[settings.title_font] ?? FONT_STACKS.Arial;
  const bodyFont = FONT_STACKS[settings.body_font] ?? FONT_STACKS.Arial;
  const detailsColor = settings.details_color;
  const iconColor = settings.icon_color;
  const detailsSize = num(config.details_size, 15);
  const deadline = useMemo(() => deadlineOf(config.registration_deadline, config.registration_deadline_time), [config.registration_deadline, config.registration_deadline_time]);
  const showCountdown = config.Countdown !== false && deadline !== null;
  const dateLine = eventDateLine(config);
  const timeLine = eventTimeLine(config);
  const webinar = config.Location === 'Webinar';
  const webinarHref = webinar ? linkHref(config.Link) : null;
  const mail = settings.Mail_address.trim();
  const mailOk = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(mail);
  const registerHref = linkHref(config.registration_link);
  const buttonText = settings.registration_button;
  const now = useClock(1000, deadline ?? Number.NEGATIVE_INFINITY);
  const closed = deadline !== null && countdownParts(deadline, now).closed;
  const icons = socialIconsOf(config.socialIcons);
  const iconSize = num(config.social_icon_size, 20);
  const titleAlign = alignOf(config.title_alignment);
  const descAlign = alignOf(config.description_alignment);
  const buttonAlign = alignOf(config.button_alignment);

  const place = webinar ? (
    <Detail icon={IconVideo} color={iconColor} size={detailsSize}>
      {webinarHref ? (
        <Anchor href={webinarHref} target="_blank" rel="noopener noreferrer" style={{ color: iconColor }}>
          {settings.Link_Name || 'Join the webinar'}
        </Anchor>
      ) : (
        <Text inherit>{settings.Link_Name || 'Online'}</Text>
      )}
    </Detail>
  ) : settings.Address ? (
    <Detail icon={IconMapPin} color={iconColor} size={detailsSize}>
      {settings.Address}
    </Detail>
  ) : null;

  const when = (
    <Stack gap={6}>
      {dateLine && (
        <Detail icon={IconCalendarEvent} color={iconColor} size={detailsSize}>
          {dateLine}
        </Detail>
      )}
      {timeLine && (
        <Detail icon={IconClock} color={iconColor} size={detailsSize}>
          {timeLine}
        </Detail>
      )}
    </Stack>
  );

  const contact = mailOk ? (
    <Detail icon={IconMail} color={iconColor} size={detailsSize}>
      <Anchor href={`mailto:${mail}`} style={{ color: iconColor }}>
        {settings.Mail_Contact ? `${settings.Mail_Contact}: ${mail}` : mail}
      </Anchor>
    </Detail>
  ) : null;

  const stackedContact = config.contact_layout === 'stacked';
  const addressFirst = config.content_position !== 'address-right';
  const infoBlocks = [<Box key="where" style={{ flex: '1 1 220px' }}><Stack gap={6}>{place}{stackedContact && contact}</Stack></Box>, <Box key="when" style={{ flex: '1 1 220px' }}>{when}</Box>];
  const info = (
    <Box style={{ color: detailsColor }}>
      <Group align="flex-start" gap="lg" wrap="wrap">
        {addressFirst ? infoBlocks : [...infoBlocks].reverse()}
      </Group>
      {!stackedContact && contact && <Box mt={8}>{contact}</Box>}
    </Box>
  );

  const content = (
    <Stack gap="md" style={{ fontFamily: bodyFont }}>
      <Title order={2} style={{ fontFamily: titleFont, fontSize: num(config.event_title_size, 32), color: settings.event_title_color, textAlign: titleAlign, overflowWrap: 'anywhere' }}>
        {settings.event_title}
      </Title>
      {settings.description && (
        <Text style={{ fontSize: num(config.description_size, 16), color: settings.description_color, textAlign: descAlign, whiteSpace: 'pre-line' }}>{settings.description}</Text>
      )}
      {info}
      {(registerHref || icons.length > 0) && (
        <Group justify={justify[buttonAlign]} gap="md" wrap="wrap">
          {registerHref && (
            <Button
              component="a"
              href={closed ? undefined : registerHref}
              target="_blank"
              rel="noopener noreferrer"
              data-disabled={closed || undefined}
              aria-disabled={closed || undefined}
              onClick={(e) => closed && e.preventDefault()}
              style={{ background: settings.registration_button_color, color: settings.registration_button_text_color, opacity: closed ? 0.55 : 1 }}
            >
              {closed ? REGISTRATION_CLOSED : buttonText}
            </Button>
          )}
          {icons.length > 0 && (
            <Group gap={num(config.social_icon_spacing, 4)} wrap="wrap" aria-label="Social links">
              {icons.map((ic, i) => {
                const I = BRAND_ICONS[ic.brand];
                return (
                  <Anchor key={i} href={ic.href} target="_blank" rel="noopener noreferrer" aria-label={ic.kind === 'text' ? ic.text : ic.brand} style={{ color: settings.social_icon_color, display: 'inline-flex', alignItems: 'center' }}>
                    {ic.kind === 'image' && ic.image ? (
                      <img src={ic.image} alt="" width={iconSize} height={iconSize} style={{ objectFit: 'contain' }} />
                    ) : ic.kind === 'text' ? (
                      <Text fw={600} style={{ fontSize: Math.max(12, iconSize * 0.7) }}>
                        {ic.text}
                      </Text>
                    ) : (
                      <I size={iconSize} />
                    )}
                  </Anchor>
                );
              })}
            </Group>
          )}
        </Group>
      )}
    </Stack>
  );

  const corner = settings.deadline_position;
  const [v, h] = corner.split('-') as ['top' | 'bottom', 'left' | 'right'];
  const countdown = showCountdown && deadline !== null && (
    <Box style={{ position: 'absolute', [v]: 12, [h]: 12, zIndex: 2 }}>
      <Countdown deadline={deadline} config={config} />
    </Box>
  );
  // Room for the countdown at its corner so it never covers the text.
  const pad: CSSProperties = showCountdown ? (v === 'top' ? { paddingTop: 84 } : { paddingBottom: 84 }) : {};

  const bg = mediaSrc(config.background_image);
  const fg = mediaSrc(config.foreground_image);
  let body: ReactNode;
  if (layout === 'overlay') {
    const fit = BACKGROUND_SIZE[settings.background_fit] ?? 'cover';
    const overlay = settings.overlay_color;
    const opacity = Math.min(1, Math.max(0, num(config.overlay_opacity, 0.55)));
    body = (
      <Box style={{ position: 'relative', borderRadius: 12, overflow: 'hidden', padding: 'clamp(16px, 4vw, 48px)', ...pad, backgroundColor: overlay }}>
        {bg && <Box aria-hidden style={{ position: 'absolute', inset: 0, backgroundImage: `url("${bg}")`, backgroundSize: fit, backgroundPosition: 'center', backgroundRepeat: 'no-repeat' }} />}
        <Box aria-hidden style={{ position: 'absolute', inset: 0, backgroundColor: overlay, opacity: bg ? opacity : 1 }} />
        {countdown}
        {/* The text sits on a light card so the chosen colours read over any image. */}
        <Box style={{ position: 'relative', zIndex: 1, maxWidth: 760, background: 'rgba(255,255,255,0.94)', borderRadius: 12, padding: 'clamp(16px, 3vw, 32px)' }}>{content}</Box>
      </Box>
    );
  } else {
    const fit: CSSProperties['objectFit'] = settings.background_fit;
    const image = fg ? <Image src={fg} alt={settings.event_title} radius="md" fit={fit} style={{ width: '100%', height: '100%', maxHeight: layout === 'stacked' ? 360 : undefined, minHeight: 200 }} /> : null;
    const side = layout === 'left-image' || layout === 'right-image';
    body = (
      <Box style={{ position: 'relative', ...pad }}>
        {countdown}
        {side && image ? (
          <Group align="stretch" gap="xl" wrap="wrap" style={{ flexDirection: layout === 'right-image' ? 'row-reverse' : 'row' }}>
            <Box style={{ flex: '1 1 260px', minWidth: 0 }}>{image}</Box>
            <Box style={{ flex: '1.4 1 320px', minWidth: 0 }}>{content}</Box>
          </Group>
        ) : (
          <Stack gap="lg">
            {image}
            {content}
          </Stack>
        )}
      </Box>
    );
  }
  return <BlockFrame config={config}>{body}</BlockFrame>;
}

export default EventBlock;
