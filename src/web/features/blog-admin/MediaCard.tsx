// One image of the media library as a card: the picture (4:3, cropped), its name, then what the
// caller adds (sizes, buttons). The picker's cards are the compact ones.
import { AspectRatio, Card, Image, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { BlogMedia } from '../../../shared/api/blog';
import { mediaSrc } from './media-format';

export function MediaCard({ media: m, compact = false, testId, children }: { media: BlogMedia; compact?: boolean; testId: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding={compact ? 'xs' : 'sm'} data-testid={testId}>
      <Card.Section>
        <AspectRatio ratio={4 / 3}>
          <Image src={mediaSrc(m.id)} alt={m.alt || m.name} fit="cover" loading="lazy" />
        </AspectRatio>
      </Card.Section>
      <Text size={compact ? 'xs' : 'sm'} fw={500} mt={compact ? 6 : 'xs'} truncate title={m.name}>
        {m.name}
      </Text>
      {children}
    </Card>
  );
}
