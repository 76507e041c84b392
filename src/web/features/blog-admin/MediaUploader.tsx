// Upload to the media library: JPEG, PNG, WebP or GIF, several at once. Each file is its own POST
// (multipart field `file`); the server's refusal is shown beside that file.
import { Group, List, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconCheck, IconPhoto, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BlogMedia } from '../../../shared/api/blog';
import { BLOG_LIMITS, BLOG_MESSAGES } from '../../../shared/rules/blog';
import { DropzoneIcon } from '../../components/DropzoneIcon';
import { messageOf } from '../../lib/api';
import { blogApi, blogKeys } from './blog-admin-api';

const ACCEPT = { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'], 'image/webp': ['.webp'], 'image/gif': ['.gif'] };

type Row = { key: string; name: string; state: 'uploading' | 'done' | 'failed'; message?: string };

function rejectionText(r: FileRejection): string {
  if (r.errors.some((e) => e.code === 'file-too-large')) return BLOG_MESSAGES.imageTooLarge;
  return BLOG_MESSAGES.imageType;
}

export function MediaUploader({ onUploaded, compact = false }: { onUploaded?: (media: BlogMedia) => void; compact?: boolean }) {
  const qc = useQueryClient();
  const [rows, setRows] = useState<Row[]>([]);
  const busy = rows.some((r) => r.state === 'uploading');

  const set = (key: string, patch: Partial<Row>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const upload = async (files: File[]) => {
    const batch = files.map((f, i) => ({ file: f, key: `${Date.now()}-${i}-${f.name}` }));
    setRows((all) => [...batch.map((b) => ({ key: b.key, name: b.file.name, state: 'uploading' as const })), ...all].slice(0, 30));
    // One after the other: the server re-encodes each image, and a dozen at once would queue there anyway.
    for (const b of batch) {
      try {
        const res = await blogApi.uploadMedia(b.file).promise;
        set(b.key, { state: 'done' });
        onUploaded?.(res.media);
      } catch (e) {
        set(b.key, { state: 'failed', message: messageOf(e) });
      }
    }
    void qc.invalidateQueries({ queryKey: blogKeys.mediaAll });
  };

  const onReject = (rejections: FileRejection[]) =>
    setRows((all) => [...rejections.map((r, i) => ({ key: `${Date.now()}-r${i}-${r.file.name}`, name: r.file.name, state: 'failed' as const, message: rejectionText(r) })), ...all].slice(0, 30));

  return (
    <Stack gap="xs">
      <Dropzone
        onDrop={(files) => void upload(files)}
        onReject={onReject}
        accept={ACCEPT}
        maxSize={BLOG_LIMITS.mediaUploadBytes}
        multiple
        loading={busy}
        radius="md"
        aria-label="Upload images"
        data-testid="blog-media-dropzone"
        inputProps={{ 'aria-label': 'Image files', 'data-testid': 'blog-media-input' } as React.InputHTMLAttributes<HTMLInputElement>}
      >
        <Group justify="center" gap="md" mih={compact ? 60 : 100} style={{ pointerEvents: 'none' }}>
          <DropzoneIcon idle={IconPhoto} size={34} />
          <div>
            <Text fw={600}>Upload images</Text>
            <Text size="sm" c="dimmed">
              Drag pictures here or click to choose. JPEG, PNG, WebP or GIF, up to 10 MB each.
            </Text>
          </div>
        </Group>
      </Dropzone>
      {rows.length > 0 && (
        <List spacing={4} size="sm" center data-testid="blog-media-upload-results" aria-live="polite">
          {rows.map((r) => (
            <List.Item
              key={r.key}
              data-state={r.state}
              icon={
                r.state === 'uploading' ? (
                  <Loader size={16} />
                ) : (
                  <ThemeIcon size={18} radius="xl" color={r.state === 'done' ? 'teal' : 'red'}>
                    {r.state === 'done' ? <IconCheck size={12} /> : <IconX size={12} />}
                  </ThemeIcon>
                )
              }
            >
              <Text span size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {r.name}
              </Text>
              <Text span size="sm" c={r.state === 'failed' ? 'red' : 'dimmed'}>
                {' — '}
                {r.state === 'uploading' ? 'Uploading…' : r.state === 'done' ? 'Uploaded' : r.message}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
