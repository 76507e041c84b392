// /blog-admin/media's images: each with its size, who uploaded it and when, Copy URL (the full
// address, for use anywhere) and Delete (after a confirmation).
import { Button, Group, SimpleGrid, Text } from '@mantine/core';
import { IconCopy, IconTrash } from '@tabler/icons-react';
import type { BlogMedia } from '../../../shared/api/blog';
import { toast } from '../../lib/toast';
import { formatInstant } from '../admin/format';
import { blogApi, blogKeys } from './blog-admin-api';
import { confirmDeletion, useBlogDelete } from './blog-delete';
import { MediaCard } from './MediaCard';
import { absoluteMediaUrl, formatBytes, formatDimensions, mediaSrc } from './media-format';

async function copyAddress(m: BlogMedia) {
  const url = absoluteMediaUrl(mediaSrc(m.id), window.location.origin);
  try {
    await navigator.clipboard.writeText(url);
    toast.success('Address copied', url);
  } catch {
    toast.error('The address was not copied', url);
  }
}

export function MediaLibraryGrid({ media }: { media: readonly BlogMedia[] }) {
  const remove = useBlogDelete({
    call: blogApi.deleteMedia,
    done: ['Image deleted', 'It is gone from the library.'],
    refresh: [blogKeys.mediaAll],
    failure: 'The image was not deleted',
  });
  const confirmDelete = (m: BlogMedia) =>
    confirmDeletion({
      title: 'Delete this image?',
      text: `“${m.name}” will be deleted. Posts that show it will show a missing picture.`,
      onConfirm: () => remove.mutate(m.id),
    });

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
      {media.map((m) => (
        <MediaCard key={m.id} media={m} testId="blog-media-item">
          <Text size="xs" c="dimmed">
            {formatBytes(m.bytes)} · {formatDimensions(m.width, m.height)}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {m.uploaded_by?.name ?? 'N/A'} · {formatInstant(m.created_at)}
          </Text>
          <Group gap={4} mt="xs" justify="space-between" wrap="wrap">
            <Button size="compact-sm" variant="light" leftSection={<IconCopy size={14} />} onClick={() => void copyAddress(m)} data-testid="blog-media-copy">
              Copy URL
            </Button>
            <Button size="compact-sm" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => confirmDelete(m)} data-testid="blog-media-delete">
              Delete
            </Button>
          </Group>
        </MediaCard>
      ))}
    </SimpleGrid>
  );
}
