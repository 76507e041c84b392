// Pieces the three image-text views share: the feature icon, the Learn More button, the text column.
import { Anchor, Box, Button, Stack, Text } from '@mantine/core';
import {
  IconArrowRight, IconAward, IconBell, IconBolt, IconBookmark, IconBrandFacebook, IconBrandGithub, IconBrandInstagram,
  IconBrandLinkedin, IconBrandX, IconBrandYoutube, IconBriefcase, IconBrush, IconBulb, IconCalendar, IconCamera, IconCar,
  IconChartBar, IconChartLine, IconCheck, IconCircleCheck, IconClock, IconCloud, IconCode, IconCoffee, IconCreditCard,
  IconCurrencyDollar, IconDownload, IconGift, IconHeart, IconHelpCircle, IconHome, IconInfoCircle, IconLeaf, IconLock,
  IconMail, IconMapPin, IconMessage, IconMessages, IconMoodSmile, IconMusic, IconPhone, IconPhoto, IconPlane,
  IconPlayerPlay, IconRocket, IconSchool, IconSearch, IconSettings, IconShield, IconShoppingCart, IconSparkles, IconStar,
  IconTag, IconThumbUp, IconTool, IconTruck, IconUpload, IconUser, IconUsers, IconWorld, type Icon,
} from '@tabler/icons-react';
import { readSettings } from '../../shared/settings/read';
import type { BlockRecord } from '../../shared/settings/types';
import type { FeatureIconKey } from './feature-icons';
import type { Feature, LearnMore } from './image-text';
import { imageTextSettings } from './schema';

const ICONS: Record<FeatureIconKey, Icon> = {
  star: IconStar, check: IconCheck, 'circle-check': IconCircleCheck, heart: IconHeart, user: IconUser, users: IconUsers,
  mail: IconMail, phone: IconPhone, home: IconHome, search: IconSearch, settings: IconSettings, bolt: IconBolt,
  rocket: IconRocket, shield: IconShield, lock: IconLock, world: IconWorld, 'chart-bar': IconChartBar,
  'chart-line': IconChartLine, clock: IconClock, calendar: IconCalendar, camera: IconCamera, photo: IconPhoto,
  'map-pin': IconMapPin, truck: IconTruck, 'shopping-cart': IconShoppingCart, 'thumb-up': IconThumbUp, bulb: IconBulb,
  leaf: IconLeaf, award: IconAward, gift: IconGift, 'info-circle': IconInfoCircle, 'help-circle': IconHelpCircle,
  message: IconMessage, messages: IconMessages, bell: IconBell, bookmark: IconBookmark, tag: IconTag, code: IconCode,
  cloud: IconCloud, download: IconDownload, upload: IconUpload, 'player-play': IconPlayerPlay, music: IconMusic,
  'mood-smile': IconMoodSmile, school: IconSchool, briefcase: IconBriefcase, tool: IconTool, brush: IconBrush, car: IconCar,
  plane: IconPlane, coffee: IconCoffee, 'currency-dollar': IconCurrencyDollar, 'credit-card': IconCreditCard,
  'arrow-right': IconArrowRight, 'brand-facebook': IconBrandFacebook, 'brand-x': IconBrandX,
  'brand-instagram': IconBrandInstagram, 'brand-linkedin': IconBrandLinkedin, 'brand-github': IconBrandGithub,
  'brand-youtube': IconBrandYoutube, sparkles: IconSparkles,
};

/** A cleared colour is the usual one; a cleared paragraph shows none. */
const readText = (config: BlockRecord) => readSettings(imageTextSettings, config, { blankIsDefault: ['paragraph_color', 'button_color', 'button_text_color'] });

export function FeatureIconView({ feature, size = 44 }: { feature: Feature; size?: number }) {
  const { icon, colors } = feature;
  if (icon.kind === 'none') return null;
  const box = { width: size, height: size, borderRadius: size / 4, background: colors.iconBackground, color: colors.icon, display: 'grid', placeItems: 'center', flexShrink: 0, overflow: 'hidden' } as const;
  if (icon.kind === 'image')
    return (
      <Box style={box}>
        <img src={icon.src} alt="" loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      </Box>
    );
  if (icon.kind === 'text')
    return (
      <Box style={box}>
        <Text fw={700} size="sm" style={{ color: colors.icon }}>
          {icon.text}
        </Text>
      </Box>
    );
  const Comp = ICONS[icon.key];
  return (
    <Box style={box} aria-hidden>
      <Comp size={size * 0.55} stroke={1.8} />
    </Box>
  );
}

export function LearnMoreButton({ link, config }: { link: LearnMore; config: BlockRecord }) {
  const { button_color: color, button_text_color: textColor } = readText(config);
  const radius = typeof config.button_radius === 'number' ? Math.max(0, Math.min(40, config.button_radius)) : 8;
  const target = link.newTab ? { target: '_blank', rel: 'noopener noreferrer' } : link.external ? { rel: 'noopener noreferrer' } : {};
  if (config.button_style === 'link')
    return (
      <Anchor href={link.href} {...target} fw={600} style={{ color }}>
        {link.text} →
      </Anchor>
    );
  const outline = config.button_style === 'outline';
  return (
    <Button
      component="a"
      href={link.href}
      {...target}
      radius={radius}
      variant={outline ? 'outline' : 'filled'}
      styles={{ root: outline ? { borderColor: color, color } : { background: color, color: textColor } }}
      style={{ alignSelf: 'flex-start' }}
    >
      {link.text}
    </Button>
  );
}

/** The paragraph (line breaks kept, as text) and the Learn More button. */
export function TextColumn({ config, link, children }: { config: BlockRecord; link: LearnMore | null; children?: React.ReactNode }) {
  const { paragraph, paragraph_color: paragraphColor } = readText(config);
  return (
    <Stack gap="md" justify="center" style={{ minWidth: 0 }}>
      {paragraph && <Text style={{ color: paragraphColor, whiteSpace: 'pre-line' }}>{paragraph}</Text>}
      {children}
      {link && <LearnMoreButton link={link} config={config} />}
    </Stack>
  );
}

/** The block's image, or a quiet placeholder in the editor when none is set. */
export function BlockImage({ src, editing, style }: { src: string | null; editing: boolean; style?: React.CSSProperties }) {
  if (src) return <img src={src} alt="" loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover', borderRadius: 12, display: 'block', ...style }} />;
  if (!editing) return null;
  return (
    <Box style={{ minHeight: 200, height: '100%', borderRadius: 12, background: '#f3f4f6', display: 'grid', placeItems: 'center', ...style }}>
      <Text c="dimmed" size="sm">
        Add an image in the block settings
      </Text>
    </Box>
  );
}
