// Banner hero view: background image under an overlay, title and subtitle (sanitised inline
// HTML rendered as React elements), a foreground image on any side (stacked on phones) and the
// features as a list, a grid or one paragraph.
import { Box, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBolt,
  IconCamera,
  IconChartBar,
  IconCheck,
  IconClock,
  IconCode,
  IconGift,
  IconGlobe,
  IconHeart,
  IconLeaf,
  IconLock,
  IconMail,
  IconMapPin,
  IconPhone,
  IconRocket,
  IconSettings,
  IconShield,
  IconStar,
  IconTruck,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import { Fragment, type CSSProperties, type ReactNode } from 'react';
import { withCommon } from '../../shared/settings/common';
import { readSettings } from '../../shared/settings/read';
import { BlockFrame } from '../BlockFrame';
import { safeImageSrc } from '../links';
import type { BlockViewProps } from '../types';
import { featureLayout, featuresOf, imagePosition, type Feature, type IconName } from './banner-hero';
import { inlineText, parseInlineHtml, type InlineNode } from './inline-html';
import { bannerHeroSettings } from './schema';

const ICONS: Record<IconName, Icon> = {
  check: IconCheck, star: IconStar, heart: IconHeart, bolt: IconBolt, shield: IconShield, clock: IconClock, rocket: IconRocket,
  users: IconUsers, chart: IconChartBar, globe: IconGlobe, lock: IconLock, phone: IconPhone, mail: IconMail, map: IconMapPin,
  leaf: IconLeaf, gift: IconGift, truck: IconTruck, camera: IconCamera, code: IconCode, settings: IconSettings,
};

const BANNER_SETTINGS = withCommon(bannerHeroSettings);
/** A cleared font colour is the banner's white; a cleared overlay colour is none. */
const readBanner = (config: Record<string, unknown>) => readSettings(BANNER_SETTINGS, config, { blankIsDefault: ['font_color'] });

function Inline({ nodes }: { nodes: InlineNode[] }): ReactNode {
  return nodes.map((n, i) => {
    if (typeof n === 'string') return <Fragment key={i}>{n}</Fragment>;
    if (n.tag === 'br') return <br key={i} />;
    const Tag = n.tag;
    return (
      <Tag key={i}>
        <Inline nodes={n.children} />
      </Tag>
    );
  });
}

function FeatureIconView({ feature, size = 40 }: { feature: Feature; size?: number }) {
  const icon = feature.icon;
  if (!icon) return null;
  if (icon.kind === 'image') return <img src={icon.src} alt="" style={{ width: size, height: size, objectFit: 'contain', flexShrink: 0 }} />;
  if (icon.kind === 'text')
    return (
      <ThemeIcon size={size} radius="xl" variant="light" style={{ color: icon.color, backgroundColor: 'rgba(255,255,255,0.12)', fontWeight: 700 }} aria-hidden>
        {icon.text}
      </ThemeIcon>
    );
  const Comp = (icon.name && ICONS[icon.name]) || IconCheck;
  return (
    <ThemeIcon size={size} radius="xl" variant="light" style={{ color: icon.color, backgroundColor: 'rgba(255,255,255,0.12)' }} aria-hidden>
      <Comp size={size * 0.55} />
    </ThemeIcon>
  );
}

function Features({ features, layout, color, align }: { features: Feature[]; layout: ReturnType<typeof featureLayout>; color: string; align: CSSProperties['textAlign'] }) {
  if (features.length === 0) return null;
  if (layout === 'paragraph')
    return (
      <Text size="md" style={{ color, opacity: 0.9, textAlign: align }} data-feature-layout="paragraph">
        {features.map((f, i) => (
          <Fragment key={i}>
            {f.title && <strong>{f.title}</strong>}
            {f.title && f.description ? ' — ' : ''}
            {f.description}
            {i < features.length - 1 ? ' · ' : ''}
          </Fragment>
        ))}
      </Text>
    );
  const item = (f: Feature, i: number) => (
    <Group key={i} gap="sm" wrap="nowrap" align="flex-start" data-feature={f.title}>
      <FeatureIconView feature={f} size={layout === 'grid' ? 40 : 32} />
      <Stack gap={2} style={{ minWidth: 0 }}>
        {f.title && (
          <Text fw={650} style={{ color }}>
            {f.title}
          </Text>
        )}
        {f.description && (
          <Text size="sm" style={{ color, opacity: 0.85, whiteSpace: 'pre-line' }}>
            {f.description}
          </Text>
        )}
      </Stack>
    </Group>
  );
  if (layout === 'list')
    return (
      <Stack gap="sm" data-feature-layout="list">
        {features.map(item)}
      </Stack>
    );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: Math.min(features.length, 3) }} spacing="lg" data-feature-layout="grid">
      {features.map(item)}
    </SimpleGrid>
  );
}

export function BannerHeroBlock({ config }: BlockViewProps) {
  const settings = readBanner(config);
  const color = settings.font_color;
  const background = safeImageSrc(config.background_image);
  const foreground = safeImageSrc(config.foreground_image);
  const position = imagePosition(config);
  const layout = featureLayout(config);
  const align = (['left', 'center', 'right'] as const).find((a) => a === config.text_alignment) ?? 'left';
  const height = Number(config.banner_height) >= 200 && Number(config.banner_height) <= 1000 ? Number(config.banner_height) : 420;
  const title = parseInlineHtml(config.Banner_title);
  const subtitle = parseInlineHtml(config.subtitle);
  const features = featuresOf(config);
  const overlay = settings.overlay_color;

  const text = (
    <Stack gap="md" style={{ flex: 1, minWidth: 0, textAlign: align }} align={align === 'center' ? 'center' : align === 'right' ? 'flex-end' : 'stretch'}>
      {inlineText(title).trim() && (
        <Title order={1} style={{ color, fontSize: 'clamp(1.8rem, 4vw, 3.2rem)', lineHeight: 1.15, overflowWrap: 'anywhere' }}>
          <Inline nodes={title} />
        </Title>
      )}
      {inlineText(subtitle).trim() && (
        <Text size="lg" style={{ color, opacity: 0.9, maxWidth: 640 }}>
          <Inline nodes={subtitle} />
        </Text>
      )}
      <Box w="100%">
        <Features features={features} layout={layout} color={color} align={align} />
      </Box>
    </Stack>
  );
  const image = foreground && (
    <Box style={{ flex: position === 'left' || position === 'right' ? '0 1 44%' : undefined, minWidth: 0, alignSelf: 'center' }} w={position === 'top' || position === 'bottom' ? '100%' : undefined}>
      <img
        src={foreground}
        alt=""
        style={{ display: 'block', width: '100%', maxHeight: position === 'top' || position === 'bottom' ? 360 : 480, objectFit: 'cover', borderRadius: 12, boxShadow: '0 12px 40px rgba(0,0,0,0.25)' }}
      />
    </Box>
  );
  const horizontal = position === 'left' || position === 'right';
  const first = position === 'left' || position === 'top';

  return (
    <BlockFrame config={config}>
      <Box
        data-image-position={position}
        style={{
          position: 'relative',
          minHeight: height,
          borderRadius: 8,
          overflow: 'hidden',
          display: 'flex',
          alignItems: 'center',
          backgroundImage: background ? `url("${background.replace(/"/g, '%22')}")` : undefined,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }}
      >
        {background && overlay && <Box aria-hidden style={{ position: 'absolute', inset: 0, backgroundColor: overlay }} />}
        <Box
          px={{ base: 'md', sm: 'xl' }}
          py="xl"
          w="100%"
          style={{
            position: 'relative',
            display: 'flex',
            flexDirection: horizontal ? undefined : 'column',
            flexWrap: horizontal ? 'wrap' : undefined,
            gap: 32,
            alignItems: horizontal ? 'center' : 'stretch',
          }}
        >
          {first && image}
          <Box style={{ flex: horizontal ? '1 1 320px' : undefined, minWidth: 0, display: 'flex' }}>{text}</Box>
          {!first && image}
        </Box>
      </Box>
    </BlockFrame>
  );
}

export default BannerHeroBlock;
