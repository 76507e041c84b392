// /templates/{slug}'s parts: the template itself (images with the 'Template Images' gallery, the
// rich description, the seller, the action card), the page's shape while it loads, and what
// shows when the template cannot be shown.
import { Box, Button, Center, Grid, Group, Image, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, Typography, UnstyledButton } from '@mantine/core';
import { IconMapOff, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useBaseUrl } from '../../lib/host';
import { galleryItems } from '../marketplace/form-state';
import { GalleryModal } from '../marketplace/GalleryModal';
import type { TemplateDetail as Template } from './api';
import { TemplateActionCard } from './TemplateActionCard';

export function TemplateDetail({ t, slug }: { t: Template; slug: string }) {
  const [gallery, setGallery] = useState<number | null>(null);
  const items = galleryItems(t);
  const base = useBaseUrl();
  const bg = t.thumbnail_bg_color || '#ffffff';

  return (
    <div className="sb-template-detail" data-testid="template-detail">
      <Stack gap="lg" data-area="head">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }} style={{ overflowWrap: 'anywhere' }} data-testid="template-title">
            {t.name}
          </Title>
          <Text c="dimmed" mt={4}>
            by <b>{t.seller_name}</b>
          </Text>
          <Text mt="sm" size="lg" style={{ overflowWrap: 'anywhere' }}>
            {t.summary}
          </Text>
        </div>
        <Stack gap="xs">
          <UnstyledButton
            onClick={() => items.length && setGallery(0)}
            aria-label="Open the template images"
            style={{ background: bg, borderRadius: 12, border: '1px solid var(--mantine-color-gray-3)', overflow: 'hidden', cursor: items.length ? 'zoom-in' : 'default' }}
            disabled={items.length === 0}
          >
            {t.thumbnail ? (
              <Image src={t.thumbnail} alt={`${t.name}: thumbnail`} h={{ base: 220, sm: 320 }} fit="contain" p="md" />
            ) : (
              <Center h={220} c="gray.5">
                <IconPhoto size={48} aria-hidden />
              </Center>
            )}
          </UnstyledButton>
          {t.additional_images.length > 0 && (
            <SimpleGrid cols={{ base: 3, sm: 5 }} spacing="xs" data-testid="template-images">
              {t.additional_images.map((src, i) => (
                <UnstyledButton
                  key={`${i}-${src}`}
                  onClick={() => setGallery(items.findIndex((it) => it.type === 'additional' && it.index === i + 1))}
                  aria-label={`Open image ${i + 1}`}
                  style={{ borderRadius: 8, overflow: 'hidden', border: '1px solid var(--mantine-color-gray-3)', background: 'white', cursor: 'zoom-in' }}
                >
                  <Image src={src} alt="" h={72} fit="cover" />
                </UnstyledButton>
              ))}
            </SimpleGrid>
          )}
        </Stack>
      </Stack>

      <div data-area="action">
        <TemplateActionCard t={t} base={base.data} slug={slug} />
      </div>

      <div data-area="body">
        <Title order={2} fz="lg" mb="xs">
          About this template
        </Title>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          {/* The description is rich HTML the server cleans (sanitize-html) when it is stored
              and again when it is served; nothing else is injected here. */}
          <Typography>
            <Box data-testid="template-description" style={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: t.description }} />
          </Typography>
        </Paper>
      </div>

      <GalleryModal items={items} start={gallery ?? 0} opened={gallery !== null} onClose={() => setGallery(null)} background={bg} />
    </div>
  );
}

export function TemplateProblem({ title, text, onRetry, retrying }: { title: string; text: string; onRetry?: () => void; retrying?: boolean }) {
  return (
    <Center py={48} data-testid="template-problem">
      <Paper withBorder radius="lg" p="xl" maw={460} w="100%">
        <Stack align="center" ta="center" gap="sm">
          <ThemeIcon size={56} radius="xl" variant="light" color={onRetry ? 'red' : 'gray'}>
            <IconMapOff size={30} />
          </ThemeIcon>
          <Title order={2} fz="xl" role="alert">
            {title}
          </Title>
          <Text c="dimmed">{text}</Text>
          <Group justify="center" mt="xs">
            {onRetry && (
              <Button variant="light" onClick={onRetry} loading={retrying}>
                Try again
              </Button>
            )}
            <Button component={Link} to="/templates" variant={onRetry ? 'default' : 'light'}>
              Browse templates
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}

export function TemplateDetailSkeleton() {
  return (
    <Grid gutter="xl" aria-busy="true" aria-label="Loading the template">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <Skeleton h={34} w="70%" />
          <Skeleton h={16} w="30%" />
          <Skeleton h={16} />
          <Skeleton h={300} radius="lg" />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Skeleton h={280} radius="lg" />
      </Grid.Col>
    </Grid>
  );
}
