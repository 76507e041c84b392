// The media library as a picker: the editor's image button, the cover image and an author's
// avatar choose from it (or upload into it first). The chosen image is used by its address.
import { AspectRatio, Button, Card, Group, Image, Modal, Pagination, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { BlogMedia } from '../../../shared/api/blog';
import { Loading } from '../../components/Loading';
import { PAGE_CONTROLS } from '../admin/format';
import { useBlogMedia } from './blog-admin-api';
import { BlogLoadError } from './BlogLoadError';
import { formatDimensions, mediaSrc } from './media-format';
import { MediaUploader } from './MediaUploader';

export function MediaPickerModal({ opened, onClose, onPick, title = 'Choose an image' }: { opened: boolean; onClose: () => void; onPick: (media: BlogMedia) => void; title?: string }) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl" fullScreen={false} data-testid="blog-media-picker">
      {/* Mounted only while open: the library is asked for when it is needed. */}
      {opened && (
        <PickerBody
          onPick={(m) => {
            onPick(m);
            onClose();
          }}
        />
      )}
    </Modal>
  );
}

function PickerBody({ onPick }: { onPick: (media: BlogMedia) => void }) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const media = useBlogMedia(q, page);
  const data = media.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  return (
    <Stack gap="md">
      <MediaUploader compact />
      <TextInput
        label="Search the library"
        placeholder="Name or description"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          setPage(1);
        }}
        maxLength={200}
      />
      {media.isPending ? (
        <Loading text="Loading images..." />
      ) : media.isError ? (
        <BlogLoadError error={media.error} title="The media library could not be loaded" />
      ) : data && data.media.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {q ? 'No image matches this search.' : 'The library is empty. Upload a picture above.'}
        </Text>
      ) : (
        data && (
          <>
            <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
              {data.media.map((m) => (
                <Card key={m.id} withBorder padding="xs" radius="md" data-testid="blog-media-pick-item">
                  <Card.Section>
                    <AspectRatio ratio={4 / 3}>
                      <Image src={mediaSrc(m.id)} alt={m.alt || m.name} fit="cover" loading="lazy" />
                    </AspectRatio>
                  </Card.Section>
                  <Text size="xs" fw={500} mt={6} truncate title={m.name}>
                    {m.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDimensions(m.width, m.height)}
                  </Text>
                  <Button size="compact-xs" mt={6} fullWidth onClick={() => onPick(m)} aria-label={`Use ${m.name}`}>
                    Use this image
                  </Button>
                </Card>
              ))}
            </SimpleGrid>
            {pages > 1 && (
              <Group justify="center">
                <Pagination size="sm" total={pages} value={Math.min(page, pages)} onChange={setPage} getControlProps={(c) => ({ 'aria-label': PAGE_CONTROLS[c] })} />
              </Group>
            )}
          </>
        )
      )}
    </Stack>
  );
}
