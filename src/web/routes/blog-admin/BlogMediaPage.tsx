// /blog-admin/media: the library of uploaded images (re-encoded on the server, no SVG): upload
// several at once, search, copy an image's address, delete (after a confirm).
import { AspectRatio, Button, Card, Group, Image, Pagination, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconCopy, IconSearch, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BlogMedia } from '../../../shared/api/blog';
import { Loading } from '../../components/Loading';
import { formatInstant, PAGE_CONTROLS } from '../../features/admin/format';
import { blogApi, blogKeys, useBlogMedia } from '../../features/blog-admin/blog-admin-api';
import { BlogLoadError, useBlogFailure } from '../../features/blog-admin/BlogLoadError';
import { absoluteMediaUrl, formatBytes, formatDimensions, mediaSrc } from '../../features/blog-admin/media-format';
import { MediaUploader } from '../../features/blog-admin/MediaUploader';
import { toast } from '../../lib/toast';

export function BlogMediaPage() {
  useDocumentTitle('Media · Blog admin');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const media = useBlogMedia(q, page);
  const qc = useQueryClient();
  const failed = useBlogFailure();
  const remove = useMutation({
    mutationFn: (id: string) => blogApi.deleteMedia(id),
    onSuccess: () => {
      toast.success('Image deleted', 'It is gone from the library.');
      void qc.invalidateQueries({ queryKey: blogKeys.mediaAll });
    },
    onError: (e) => failed('The image was not deleted', e),
  });
  const confirmDelete = (m: BlogMedia) =>
    modals.openConfirmModal({
      title: 'Delete this image?',
      children: <Text size="sm">“{m.name}” will be deleted. Posts that show it will show a missing picture.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'blog-confirm-delete' } as Record<string, string>,
      onConfirm: () => remove.mutate(m.id),
    });
  const copy = async (m: BlogMedia) => {
    const url = absoluteMediaUrl(mediaSrc(m.id), window.location.origin);
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Address copied', url);
    } catch {
      toast.error('The address was not copied', url);
    }
  };

  const data = media.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  return (
    <Stack gap="md">
      <Title order={2}>Media</Title>
      <MediaUploader />
      <TextInput
        label="Search"
        placeholder="Name or description"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maxLength={200}
        maw={420}
        data-testid="blog-media-search"
      />
      {media.isPending ? (
        <Loading text="Loading images..." />
      ) : media.isError ? (
        <BlogLoadError error={media.error} title="The media library could not be loaded" />
      ) : data && data.media.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {q ? 'No image matches this search.' : 'No images yet. Upload the first ones above.'}
        </Text>
      ) : (
        data && (
          <>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
              {data.media.map((m) => (
                <Card key={m.id} withBorder radius="md" padding="sm" data-testid="blog-media-item">
                  <Card.Section>
                    <AspectRatio ratio={4 / 3}>
                      <Image src={mediaSrc(m.id)} alt={m.alt || m.name} fit="cover" loading="lazy" />
                    </AspectRatio>
                  </Card.Section>
                  <Text fw={500} size="sm" mt="xs" truncate title={m.name}>
                    {m.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatBytes(m.bytes)} · {formatDimensions(m.width, m.height)}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {m.uploaded_by?.name ?? 'N/A'} · {formatInstant(m.created_at)}
                  </Text>
                  <Group gap={4} mt="xs" justify="space-between" wrap="wrap">
                    <Button size="compact-sm" variant="light" leftSection={<IconCopy size={14} />} onClick={() => void copy(m)} data-testid="blog-media-copy">
                      Copy URL
                    </Button>
                    <Button size="compact-sm" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => confirmDelete(m)} data-testid="blog-media-delete">
                      Delete
                    </Button>
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
            {pages > 1 && (
              <Group justify="center">
                <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} getControlProps={(c) => ({ 'aria-label': PAGE_CONTROLS[c] })} />
              </Group>
            )}
          </>
        )
      )}
    </Stack>
  );
}
