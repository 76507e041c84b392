// One review request as a reviewer sees it (shell §3's fields plus who submitted it): details,
// the server-cleaned description in a sandboxed frame, the images (click to enlarge), the live
// preview, every decision taken on it, and Approve / Reject for a pending one.
import { Alert, Anchor, Badge, Box, Button, Card, Group, Image, Modal, SimpleGrid, Stack, Text, Textarea, Title, UnstyledButton } from '@mantine/core';
import { IconCheck, IconExternalLink, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { categoryLabel, DEFAULT_THUMBNAIL_BG, HEX_COLOUR, priceLabel, REVIEW_STATUS_TEXT } from '../../../shared/rules/marketplace';
import { DialogActions } from '../../components/DialogActions';
import { FormError } from '../../components/FormError';
import { messageOf } from '../../lib/api';
import { toast } from '../../lib/toast';
import { adminApi, adminKeys, type QueueItem } from './admin-api';
import { useAdminUnauthorized } from './AdminLoadError';
import { DESCRIPTION_SANDBOX, descriptionDocument } from './description';
import { checkRejectReason, DECISION_LABELS, formatInstant, REJECT_REASON_MAX, safeImageSrc, safeLink } from './format';

const STATUS_COLORS = { pending: 'yellow', published: 'teal', rejected: 'red' } as const;

export function RequestCard({ request }: { request: QueueItem }) {
  const qc = useQueryClient();
  const unauthorized = useAdminUnauthorized();
  const headingId = useId();
  const [rejecting, setRejecting] = useState(false);
  const [enlarged, setEnlarged] = useState<{ src: string; alt: string } | null>(null);

  const decided = (title: string, message: string) => {
    void qc.invalidateQueries({ queryKey: adminKeys.queueAll });
    void qc.invalidateQueries({ queryKey: adminKeys.decisions });
    toast.success(title, message);
  };
  const approve = useMutation({
    mutationFn: () => adminApi.approve(request.id),
    onSuccess: () => decided('Template approved', `“${request.title}” is live in the marketplace.`),
    onError: (e) => {
      if (!unauthorized(e)) toast.error('Could not approve', messageOf(e));
    },
  });

  const preview = safeLink(request.preview_url);
  const thumb = safeImageSrc(request.thumbnail);
  const bg = HEX_COLOUR.test(request.thumbnail_bg_color) ? request.thumbnail_bg_color : DEFAULT_THUMBNAIL_BG;
  const images = request.additional_images.map(safeImageSrc).filter((s): s is string => s !== null);

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId} data-testid="review-request">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div style={{ minWidth: 0, flex: '1 1 240px' }}>
            <Title order={3} id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {request.title}
            </Title>
            <Text size="sm" c="dimmed">
              {request.app_name} · Version {request.version} · Submitted {formatInstant(request.submitted_at)}
            </Text>
          </div>
          <Badge color={STATUS_COLORS[request.status]} variant="light" size="lg">
            {REVIEW_STATUS_TEXT[request.status]}
          </Badge>
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={4}>
          <Detail label="Owner" value={`${request.owner_name} (${request.owner_email})`} />
          <Detail label="Category" value={categoryLabel(request.category)} />
          <Detail label="Price" value={priceLabel(request.is_free, request.price)} />
          <Detail label="Last change" value={formatInstant(request.updated_at)} />
        </SimpleGrid>
        <div>
          <Text size="xs" c="dimmed" fw={600}>
            Summary
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {request.summary}
          </Text>
        </div>
        {request.tags.length > 0 && (
          <Group gap={6} aria-label="Tags">
            {request.tags.map((t) => (
              <Badge key={t} variant="outline" color="gray" tt="none" style={{ maxWidth: '100%' }}>
                {t}
              </Badge>
            ))}
          </Group>
        )}

        <div>
          <Text size="xs" c="dimmed" fw={600} mb={4}>
            Description
          </Text>
          <iframe
            title={`Description of ${request.title}`}
            sandbox={DESCRIPTION_SANDBOX}
            referrerPolicy="no-referrer"
            srcDoc={descriptionDocument(request.description, window.location.origin)}
            style={{ width: '100%', height: 240, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6, resize: 'vertical', background: 'white' }}
          />
        </div>

        <div>
          <Text size="xs" c="dimmed" fw={600} mb={4}>
            Images
          </Text>
          <Group gap="xs" align="flex-start">
            {thumb && (
              <ImageButton src={thumb} alt={`Thumbnail of ${request.title}`} bg={bg} onOpen={setEnlarged} label="Thumbnail" />
            )}
            {images.map((src, i) => (
              <ImageButton key={`${i}-${src}`} src={src} alt={`Image ${i + 1} of ${request.title}`} bg="var(--mantine-color-gray-1)" onOpen={setEnlarged} label={`Image ${i + 1}`} />
            ))}
          </Group>
        </div>

        {request.status === 'rejected' && request.rejection_reason && (
          <Alert color="red" variant="light" title="Changes requested">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {request.rejection_reason}
            </Text>
          </Alert>
        )}

        <Decisions request={request} />

        <Group gap="xs" justify="space-between" wrap="wrap">
          {preview ? (
            <Anchor href={preview} target="_blank" rel="noopener noreferrer" size="sm">
              <Group gap={4} wrap="nowrap" component="span">
                Open live preview <IconExternalLink size={14} />
              </Group>
            </Anchor>
          ) : (
            <span />
          )}
          {request.status === 'pending' && (
            <Group gap="xs">
              <Button color="red" variant="light" leftSection={<IconX size={16} />} onClick={() => setRejecting(true)} disabled={approve.isPending}>
                Reject
              </Button>
              <Button color="teal" leftSection={<IconCheck size={16} />} onClick={() => approve.mutate()} loading={approve.isPending}>
                Approve
              </Button>
            </Group>
          )}
        </Group>
      </Stack>

      <RejectModal
        request={request}
        opened={rejecting}
        onClose={() => setRejecting(false)}
        onRejected={() => {
          setRejecting(false);
          decided('Template rejected', `The owner of “${request.title}” can read your reason and resubmit.`);
        }}
      />
      <Modal opened={enlarged !== null} onClose={() => setEnlarged(null)} title={enlarged?.alt} size="xl" centered>
        {enlarged && <Image src={enlarged.src} alt={enlarged.alt} fit="contain" mah="75vh" bg={bg} />}
      </Modal>
    </Card>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      <Text span size="sm" c="dimmed" fw={600}>
        {label}:{' '}
      </Text>
      {value}
    </Text>
  );
}

function ImageButton({ src, alt, bg, label, onOpen }: { src: string; alt: string; bg: string; label: string; onOpen: (img: { src: string; alt: string }) => void }) {
  return (
    <Stack gap={2} align="center">
      <UnstyledButton onClick={() => onOpen({ src, alt })} aria-label={`Enlarge ${alt}`} style={{ borderRadius: 6, border: '1px solid var(--mantine-color-gray-3)', overflow: 'hidden' }}>
        <Box bg={bg} w={120} h={90} style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          <Image src={src} alt={alt} fit="contain" w={120} h={90} />
        </Box>
      </UnstyledButton>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

function Decisions({ request }: { request: QueueItem }) {
  if (request.decisions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No decisions yet.
      </Text>
    );
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} mb={4}>
        Decisions
      </Text>
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Decisions">
        {request.decisions.map((d) => (
          <li key={d.id} data-testid="decision">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              <Badge size="sm" variant="light" color={d.decision === 'approved' ? 'teal' : 'red'} mr={6}>
                {DECISION_LABELS[d.decision]}
              </Badge>
              Version {d.version} by {d.reviewer_name}, {formatInstant(d.decided_at)}
            </Text>
            {d.reason && (
              <Text size="sm" c="dimmed" pl="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {d.reason}
              </Text>
            )}
          </li>
        ))}
      </Stack>
    </div>
  );
}

function RejectModal({ request, opened, onClose, onRejected }: { request: QueueItem; opened: boolean; onClose: () => void; onRejected: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const unauthorized = useAdminUnauthorized();
  const reject = useMutation({
    mutationFn: (text: string) => adminApi.reject(request.id, text),
    onSuccess: () => {
      setReason('');
      onRejected();
    },
    // The server's message when it refuses (already decided, reason missing...).
    onError: (e) => {
      if (!unauthorized(e)) setError(messageOf(e));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = checkRejectReason(reason);
    if (problem) return setError(problem);
    setError(null);
    reject.mutate(reason.trim());
  };
  return (
    <Modal opened={opened} onClose={onClose} title={`Reject “${request.title}”`} centered>
      <form onSubmit={submit} aria-label="Reject template" noValidate>
        <Stack gap="sm">
          <Textarea
            label="Reason"
            description="The owner reads this and can change the template and resubmit."
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            autosize
            minRows={4}
            maxRows={12}
            maxLength={REJECT_REASON_MAX}
            required
            data-autofocus
          />
          <FormError>{error}</FormError>
          <DialogActions onCancel={onClose} submit="Reject" color="red" gap="xs" loading={reject.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
