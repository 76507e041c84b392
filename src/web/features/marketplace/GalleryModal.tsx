// 'Template Images' (shell §2.4): the thumbnail and the additional images one at a time, with
// previous / next, 'n of m', the keys (← back; → or space forward; Escape closes), a JPEG download
// named template-{type}-{index}.jpg, and the full-size image in a new tab.
import { ActionIcon, Alert, Button, Center, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useOnChange } from '../../lib/use-on-change';
import { galleryDownloadName } from '../../../shared/rules/marketplace';
import { galleryStep } from './form-state';

export interface GalleryItem {
  src: string;
  type: 'thumbnail' | 'additional';
  index: number;
}

const DOWNLOAD_FAILED = 'The image could not be downloaded. Please try again.';

/** The image at `src` as a JPEG: drawn on white through a canvas (PNG, WebP and GIF become JPEG too). */
async function asJpeg(src: string): Promise<Blob> {
  const img = document.createElement('img');
  img.crossOrigin = 'anonymous';
  img.src = src;
  await img.decode().catch(() => {
    throw new Error(DOWNLOAD_FAILED);
  });
  const canvas = document.createElement('canvas');
  canvas.width = img.naturalWidth;
  canvas.height = img.naturalHeight;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error(DOWNLOAD_FAILED);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(img, 0, 0);
  return new Promise((resolve, reject) => {
    try {
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error(DOWNLOAD_FAILED))), 'image/jpeg', 0.92);
    } catch {
      // An image of another site that does not allow it cannot be read back.
      reject(new Error(DOWNLOAD_FAILED));
    }
  });
}

async function download(item: GalleryItem) {
  const url = URL.createObjectURL(await asJpeg(item.src));
  const a = document.createElement('a');
  a.href = url;
  a.download = galleryDownloadName(item.type, item.index);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function GalleryModal({ items, start, opened, onClose, background }: { items: GalleryItem[]; start: number; opened: boolean; onClose: () => void; background: string }) {
  const [at, setAt] = useState(start);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Each opening starts at the image clicked.
  useOnChange(`${opened}:${start}`, () => {
    if (!opened) return;
    setAt(start);
    setProblem(null);
  });

  // Keys reach the gallery (its focus is trapped inside); they stop here, so the dialog it opens
  // from never sees them (Escape closes the gallery only). Escape is the modal's own.
  const onKeyDown = (e: React.KeyboardEvent) => {
    e.stopPropagation();
    const target = e.target as HTMLElement;
    if (/^(INPUT|TEXTAREA)$/.test(target.tagName)) return;
    const next = galleryStep(e.key, at, items.length);
    if (next === null) return;
    e.preventDefault();
    setAt(next);
  };

  const item = items[Math.min(at, items.length - 1)];
  return (
    <div onKeyDown={onKeyDown}>
    <Modal opened={opened} onClose={onClose} title="Template Images" size="xl" centered data-testid="marketplace-gallery">
      {item && (
        <Stack gap="sm">
          <Group wrap="nowrap" gap="xs">
            <ActionIcon variant="default" size="lg" aria-label="Previous image" onClick={() => setAt((a) => galleryStep('ArrowLeft', a, items.length) ?? a)} disabled={items.length < 2}>
              <IconChevronLeft size={18} />
            </ActionIcon>
            <Center style={{ flex: 1, background: item.type === 'thumbnail' ? background : undefined, borderRadius: 8 }} mih={300} p="xs">
              <Image src={item.src} alt={item.type === 'thumbnail' ? 'Thumbnail' : `Image ${item.index}`} mah="60vh" fit="contain" />
            </Center>
            <ActionIcon variant="default" size="lg" aria-label="Next image" data-autofocus onClick={() => setAt((a) => galleryStep('ArrowRight', a, items.length) ?? a)} disabled={items.length < 2}>
              <IconChevronRight size={18} />
            </ActionIcon>
          </Group>
          <Group justify="space-between">
            <Text size="sm" c="dimmed" data-testid="marketplace-gallery-counter" aria-live="polite">
              {`${at + 1} of ${items.length}`}
            </Text>
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                loading={busy}
                onClick={async () => {
                  setBusy(true);
                  setProblem(null);
                  try {
                    await download(item);
                  } catch (e) {
                    setProblem(e instanceof Error ? e.message : DOWNLOAD_FAILED);
                  } finally {
                    setBusy(false);
                  }
                }}
              >
                Download
              </Button>
              <Button component="a" href={item.src} target="_blank" rel="noopener noreferrer" variant="default" leftSection={<IconExternalLink size={16} />}>
                Open full size
              </Button>
            </Group>
          </Group>
          {problem && (
            <Alert color="red" role="alert" py="xs">
              {problem}
            </Alert>
          )}
        </Stack>
      )}
    </Modal>
    </div>
  );
}
