// The media library as a picker: the editor's image button, the cover image and an author's
// avatar choose from it (or upload into it first). The chosen image is used by its address.
import { Button, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import type { BlogMedia } from '../../../shared/api/blog';
import { ListBody } from '../../components/ListBody';
import { ListPager } from '../../components/ListPager';
import { ListSearchInput } from '../../components/ListSearchInput';
import { Loading } from '../../components/Loading';
import { useMediaBrowser } from './blog-admin-api';
import { BlogLoadError } from './BlogLoadError';
import { MediaCard } from './MediaCard';
import { formatDimensions } from './media-format';
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
  const { search, setSearch, q, page, setPage, media } = useMediaBrowser();
  return (
    <Stack gap="md">
      <MediaUploader compact />
      <ListSearchInput label="Search the library" placeholder="Name or description" value={search} onChange={setSearch} />
      <ListBody
        query={media}
        loading={<Loading text="Loading images..." />}
        failed={(e) => <BlogLoadError error={e} title="The media library could not be loaded" />}
        isEmpty={(d) => d.media.length === 0}
        empty={
          <Text c="dimmed" ta="center" py="lg">
            {q ? 'No image matches this search.' : 'The library is empty. Upload a picture above.'}
          </Text>
        }
      >
        {(d) => (
          <>
            <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
              {d.media.map((m) => (
                <MediaCard key={m.id} media={m} compact testId="blog-media-pick-item">
                  <Text size="xs" c="dimmed">
                    {formatDimensions(m.width, m.height)}
                  </Text>
                  <Button size="compact-xs" mt={6} fullWidth onClick={() => onPick(m)} aria-label={`Use ${m.name}`}>
                    Use this image
                  </Button>
                </MediaCard>
              ))}
            </SimpleGrid>
            <ListPager size="sm" total={d.total} pageSize={d.page_size} page={page} onChange={setPage} />
          </>
        )}
      </ListBody>
    </Stack>
  );
}
