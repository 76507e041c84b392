// Image grid view: the paragraph and Learn More above a grid where the block image takes a large
// cell (left or right, imagePosition) and each feature is a picture card with its icon, title and
// description. One column on narrow screens.
import { Box, Group, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { BlockFrame } from '../BlockFrame';
import { mediaSrc } from '../media-src';
import type { BlockViewProps } from '../types';
import { featuresOf, learnMoreOf, type Feature } from './image-text';
import { BlockImage, FeatureIconView, TextColumn } from './parts';

function FeatureCard({ f }: { f: Feature }) {
  return (
    <Box style={{ borderRadius: 12, overflow: 'hidden', background: f.colors.iconBackground, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      {f.image && <img src={f.image} alt="" loading="lazy" style={{ width: '100%', aspectRatio: '4 / 3', objectFit: 'cover', display: 'block' }} />}
      <Stack gap={4} p="sm">
        <Group gap="xs" wrap="nowrap">
          {f.icon.kind !== 'image' && <FeatureIconView feature={f} size={28} />}
          {f.title && (
            <Text fw={600} style={{ color: f.colors.title }}>
              {f.title}
            </Text>
          )}
        </Group>
        {f.description && (
          <Text size="sm" style={{ color: f.colors.description, whiteSpace: 'pre-line' }}>
            {f.description}
          </Text>
        )}
      </Stack>
    </Box>
  );
}

export function ImageGridBlock({ config, mode }: BlockViewProps) {
  const image = mediaSrc(config.imageUrl);
  const features = useMemo(() => featuresOf(config.features, ''), [config.features]);
  const link = learnMoreOf(config);
  const right = config.imagePosition === 'right';
  const showImage = !!image || mode === 'edit';
  return (
    <BlockFrame config={config}>
      <Stack gap="lg">
        <TextColumn config={config} link={link} />
        <Box className="sb-image-grid" data-image={showImage ? (right ? 'right' : 'left') : 'none'}>
          {showImage && (
            <Box className="sb-image-grid-main">
              <BlockImage src={image} editing={mode === 'edit'} style={{ minHeight: 240 }} />
            </Box>
          )}
          {features.map((f, i) => (
            <FeatureCard key={i} f={f} />
          ))}
        </Box>
      </Stack>
      <style>{`
        .sb-image-grid { display: grid; gap: 16px; grid-template-columns: repeat(auto-fit, minmax(min(100%, 200px), 1fr)); }
        @media (min-width: 768px) {
          .sb-image-grid[data-image='left'], .sb-image-grid[data-image='right'] { grid-template-columns: 2fr 1fr 1fr; }
          .sb-image-grid[data-image='left'] .sb-image-grid-main { grid-column: 1; grid-row: span 2; }
          .sb-image-grid[data-image='right'] .sb-image-grid-main { grid-column: 3 / span 1; grid-row: 1 / span 2; order: 99; }
          .sb-image-grid[data-image='right'] { grid-template-columns: 1fr 1fr 2fr; }
        }
      `}</style>
    </BlockFrame>
  );
}

export default ImageGridBlock;
