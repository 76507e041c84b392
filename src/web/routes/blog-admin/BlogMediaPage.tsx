// /blog-admin/media: the library of uploaded images (re-encoded on the server, no SVG): upload
// several at once, search, copy an image's address, delete (after a confirm).
import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { ListBody } from '../../components/ListBody';
import { ListPager } from '../../components/ListPager';
import { ListSearchInput } from '../../components/ListSearchInput';
import { Loading } from '../../components/Loading';
import { PageHeading } from '../../components/PageHeading';
import { useMediaBrowser } from '../../features/blog-admin/blog-admin-api';
import { BlogLoadError } from '../../features/blog-admin/BlogLoadError';
import { MediaLibraryGrid } from '../../features/blog-admin/MediaLibraryGrid';
import { MediaUploader } from '../../features/blog-admin/MediaUploader';

export function BlogMediaPage() {
  useDocumentTitle('Media · Blog admin');
  const { search, setSearch, q, page, setPage, media } = useMediaBrowser();

  return (
    <Stack gap="md">
      <PageHeading title="Media" />
      <MediaUploader />
      <ListSearchInput
        placeholder="Name or description"
        value={search}
        onChange={setSearch}
        maw={420}
        testId="blog-media-search"
      />
      <ListBody
        query={media}
        loading={<Loading text="Loading images..." />}
        failed={(e) => <BlogLoadError error={e} title="The media library could not be loaded" />}
        isEmpty={(d) => d.media.length === 0}
        empty={q ? 'No image matches this search.' : 'No images yet. Upload the first ones above.'}
      >
        {(d) => (
          <>
            <MediaLibraryGrid media={d.media} />
            <ListPager total={d.total} pageSize={d.page_size} page={page} onChange={setPage} />
          </>
        )}
      </ListBody>
    </Stack>
  );
}
