// Image text view: the image on one side (imagePosition), the paragraph, up to four features
// (icon, title, description) and the Learn More button on the other; stacked on narrow screens.
import { Box, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { BlockFrame } from '../BlockFrame';
import { mediaSrc } from '../media-src';
import type { BlockViewProps } from '../types';
import { featuresOf, learnMoreOf } from './image-text';
import { BlockImage, FeatureIconView, TextColumn } from './parts';

export function ImageTextBlock({ config, mode }: BlockViewProps) {
  const image = mediaSrc(config.imageUrl);
  const features = useMemo(() => featuresOf(config.features, ''), [config.features]);
  const link = learnMoreOf(config);
  const right = config.imagePosition === 'right';
  const picture = image || mode === 'edit' ? (
    <Box style={{ order: right ? 2 : 1, minHeight: 220 }}>
      <BlockImage src={image} editing={mode === 'edit'} style={{ maxHeight: 520 }} />
    </Box>
  ) : null;
  return (
    <BlockFrame config={config}>
      <SimpleGrid cols={{ base: 1, sm: picture ? 2 : 1 }} spacing="xl" style={{ alignItems: 'center' }}>
        {picture}
        <Box style={{ order: right ? 1 : 2 }}>
          <TextColumn config={config} link={link}>
            {features.length > 0 && (
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                {features.map((f, i) => (
                  <Group key={i} align="flex-start" gap="sm" wrap="nowrap">
                    <FeatureIconView feature={f} size={40} />
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      {f.title && (
                        <Text fw={600} style={{ color: f.colors.title }}>
                          {f.title}
                        </Text>
                      )}
                      {f.description && (
                        <Text size="sm" style={{ color: f.colors.description, whiteSpace: 'pre-line' }}>
                          {f.description}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                ))}
              </SimpleGrid>
            )}
          </TextColumn>
        </Box>
      </SimpleGrid>
    </BlockFrame>
  );
}

export default ImageTextBlock;
