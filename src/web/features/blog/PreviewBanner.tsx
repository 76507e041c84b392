// The banner over a post's preview: not published yet, scheduled for a time, or (a preview link
// of a post that went live meanwhile) live, with the way to the post itself.
import { Alert, Anchor, Container } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { previewBannerText, type PreviewKind } from './preview-state';

export function PreviewBanner({ kind, slug, publishedAt }: { kind: PreviewKind; slug: string; publishedAt: string | null }) {
  const live = kind === 'live';
  return (
    <Container size="lg" pt="md" px={{ base: 'sm', sm: 'md' }}>
      <Alert color={live ? 'teal' : 'yellow'} variant="filled" icon={<IconEye size={18} aria-hidden />} role="status" data-testid="blog-preview-banner" styles={{ message: { color: live ? undefined : 'var(--mantine-color-dark-9)' } }}>
        {previewBannerText(kind, publishedAt)}
        {live && (
          <>
            {' '}
            <Anchor component={Link} to={`/blog/${encodeURIComponent(slug)}`} c="white" fw={700} underline="always">
              Open the post
            </Anchor>
          </>
        )}
      </Alert>
    </Container>
  );
}
