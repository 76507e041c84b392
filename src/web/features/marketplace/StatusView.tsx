// The submission's status (shell §2.4): icon, status text, description, the details sent, the
// rejection reason when changes are requested, and the images (a click opens 'Template Images').
// The description is the server's cleaned HTML (cleaned when stored and again when served);
// every other field is shown as text.
import { Alert, Badge, Box, Button, Group, Image, Paper, SimpleGrid, Stack, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconCircleCheck, IconClockHour4, IconAlertTriangle, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { categoryLabel, priceLabel, REVIEW_STATUS_DESCRIPTIONS, REVIEW_STATUS_TEXT } from '../../../shared/rules/marketplace';
import type { ReviewRequest } from './api';
import { galleryItems, hasPublishedVersion, statusActions } from './form-state';
import { GalleryModal } from './GalleryModal';
import { useTemplate } from '../templates/api';

const LOOK = {
  pending: { color: 'yellow', Icon: IconClockHour4 },
  published: { color: 'teal', Icon: IconCircleCheck },
  rejected: { color: 'red', Icon: IconAlertTriangle },
} as const;

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase">
        {label}
      </Text>
      {children}
    </div>
  );
}

export function StatusView({
  request,
  onEdit,
  onCancel,
  cancelling,
  onGallery,
}: {
  request: ReviewRequest;
  /** 'Edit & Resubmit' (rejected) or 'Submit an update' (published): the form, pre-filled. */
  onEdit: () => void;
  /** Cancel the submission (offered while pending, unless a version is already listed). */
  onCancel: () => void;
  cancelling: boolean;
  /** 'Template Images' opened or closed (the dialog around it leaves Escape to it meanwhile). */
  onGallery?: (open: boolean) => void;
}) {
  const { color, Icon } = LOOK[request.status];
  const actions = statusActions(request);
  const items = galleryItems(request);
  const [gallery, setGalleryAt] = useState<number | null>(null);
  // A listed template is the request's own id: its live listing, where buyers find it.
  const listed = useTemplate(request.status === 'published' || hasPublishedVersion(request) ? request.id : undefined).data;
  const setGallery = (at: number | null) => {
    setGalleryAt(at);
    onGallery?.(at !== null);
  };
  return (
    <Stack gap="md" data-testid="marketplace-status" data-status={request.status}>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon color={color} variant="light" size={40} radius="xl" aria-hidden>
          <Icon size={24} />
        </ThemeIcon>
        <div>
          <Text fw={700} data-testid="marketplace-status-text">
            {REVIEW_STATUS_TEXT[request.status]}
          </Text>
          <Text size="sm" c="dimmed">
            {REVIEW_STATUS_DESCRIPTIONS[request.status]}
          </Text>
        </div>
      </Group>

      {request.status !== 'published' && hasPublishedVersion(request) && (
        <Text size="sm" c="dimmed" data-testid="marketplace-update-note">
          The version approved before stays listed in the marketplace until this update is approved.
        </Text>
      )}

      {request.status === 'rejected' && (
        <Alert color="red" title="Rejection Details" data-testid="marketplace-rejection">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {request.rejection_reason || 'No reason was given.'}
          </Text>
        </Alert>
      )}

      <Paper withBorder p="sm" radius="md">
        <Stack gap="sm">
          <Detail label="Title">
            <Text>{request.title}</Text>
          </Detail>
          <Detail label="Summary">
            <Text size="sm">{request.summary}</Text>
          </Detail>
          <Group gap="xl">
            <Detail label="Category">
              <Text size="sm">{categoryLabel(request.category)}</Text>
            </Detail>
            <Detail label="Price">
              <Text size="sm">{priceLabel(request.is_free, request.price)}</Text>
            </Detail>
          </Group>
          <Detail label="Tags">
            <Group gap={6} mt={4}>
              {request.tags.map((t) => (
                <Badge key={t} variant="light" tt="none">
                  {t}
                </Badge>
              ))}
            </Group>
          </Detail>
          <Detail label="Description">
            {/* The server's sanitize-html output (cleaned when stored and when served); nothing else is injected. */}
            <Box className="sb-marketplace-description" fz="sm" style={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: request.description }} />
          </Detail>
        </Stack>
      </Paper>

      {items.length > 0 && (
        <Detail label="Images">
          <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs" mt={4} data-testid="marketplace-status-images">
            {items.map((item, i) => (
              <UnstyledButton
                key={`${item.type}-${item.index}`}
                onClick={() => setGallery(i)}
                aria-label={item.type === 'thumbnail' ? 'Open the thumbnail' : `Open image ${item.index}`}
                style={{ borderRadius: 8, overflow: 'hidden', border: '1px solid var(--mantine-color-gray-3)', background: item.type === 'thumbnail' ? request.thumbnail_bg_color : undefined }}
              >
                <Image src={item.src} alt="" h={72} fit="contain" />
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </Detail>
      )}

      <Group justify="flex-end">
        {listed && (
          <Button component="a" href={`/templates/${encodeURIComponent(listed.slug)}`} target="_blank" rel="noopener" variant="light" rightSection={<IconExternalLink size={16} />} data-testid="marketplace-listing-link">
            See it in the marketplace
          </Button>
        )}
        {actions.cancel && (
          <Button variant="default" color="red" onClick={onCancel} loading={cancelling}>
            Cancel Submission
          </Button>
        )}
        {actions.edit && (
          <Button onClick={onEdit} data-testid="marketplace-edit">
            {actions.edit}
          </Button>
        )}
      </Group>

      <GalleryModal items={items} start={gallery ?? 0} opened={gallery !== null} onClose={() => setGallery(null)} background={request.thumbnail_bg_color} />
    </Stack>
  );
}
