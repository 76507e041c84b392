// Testimonial view: a title and subtitle, then cards (quote, stars, avatar or initials, name,
// designation and company) one (single) or two (twin) at a time with previous / next buttons and
// an optional auto carousel, or all of them in a grid of 1–3 columns. Cell text is shown as text.
import { ActionIcon, Avatar, Box, Group, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconQuote, IconStarFilled } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { readSettings } from '../../shared/settings/read';
import { BlockFrame, EmptyState } from '../BlockFrame';
import type { BlockViewProps } from '../types';
import { testimonialSettings } from './schema';
import { gridColumns, initials, nextStart, perPage, testimonialsOf, type Testimonial } from './testimonials';

/** A cleared colour is the usual one; a cleared title or subtitle shows none. */
const BLANK_IS_DEFAULT = ['card_color', 'text_color', 'name_color', 'star_color', 'testimonial_title_color', 'testimonial_subtitle_color'] as const;

interface Colors {
  card: string;
  text: string;
  name: string;
  star: string;
}

function Stars({ n, color }: { n: number; color: string }) {
  return (
    <Group gap={2} role="img" aria-label={`${n} out of 5 stars`}>
      {Array.from({ length: 5 }, (_, i) => (
        <IconStarFilled key={i} size={16} color={i < n ? color : '#d1d5db'} aria-hidden />
      ))}
    </Group>
  );
}

function Card({ t, colors }: { t: Testimonial; colors: Colors }) {
  return (
    <Box component="figure" m={0} p="lg" style={{ background: colors.card, borderRadius: 12, height: '100%', display: 'flex', flexDirection: 'column', gap: 12 }}>
      <IconQuote size={28} color={colors.star} aria-hidden />
      {t.stars !== null && <Stars n={t.stars} color={colors.star} />}
      <Text component="blockquote" m={0} style={{ color: colors.text, whiteSpace: 'pre-line', flex: 1 }}>
        {t.text}
      </Text>
      {(t.name || t.role || t.avatar) && (
        <Group component="figcaption" gap="sm" wrap="nowrap">
          <Avatar src={t.avatar} alt={t.name} radius="xl" color="indigo">
            {initials(t.name)}
          </Avatar>
          <Stack gap={0} style={{ minWidth: 0 }}>
            {t.name && (
              <Text fw={600} size="sm" style={{ color: colors.name }}>
                {t.name}
              </Text>
            )}
            {t.role && (
              <Text size="xs" c="dimmed">
                {t.role}
              </Text>
            )}
          </Stack>
        </Group>
      )}
    </Box>
  );
}

export function TestimonialBlock({ config, rows, mode, data }: BlockViewProps) {
  const settings = useMemo(() => readSettings(testimonialSettings, config, { blankIsDefault: BLANK_IS_DEFAULT }), [config]);
  const cols = useMemo(
    () => ({
      text: settings.testimonial_text,
      name: settings.name,
      designation: settings.designation,
      company: settings.company,
      avatar: settings.avatar_url,
      rating: settings.rating,
    }),
    [settings.testimonial_text, settings.name, settings.designation, settings.company, settings.avatar_url, settings.rating],
  );
  const items = useMemo(() => testimonialsOf(rows, cols), [rows, cols]);
  const colors: Colors = { card: settings.card_color, text: settings.text_color, name: settings.name_color, star: settings.star_color };
  const layout = config.Layout === 'single' || config.Layout === 'twin' ? config.Layout : 'grid';
  const per = perPage(layout);
  const [start, setStart] = useState(0);
  const [paused, setPaused] = useState(false);
  const interval = typeof config.carousel_interval === 'number' && config.carousel_interval >= 1000 ? config.carousel_interval : 3000;
  const auto = layout !== 'grid' && config.auto_carousel === true && items.length > per;
  useEffect(() => {
    if (!auto || paused) return;
    if (typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const t = window.setInterval(() => setStart((s) => nextStart(s, items.length, per, 1)), interval);
    return () => window.clearInterval(t);
  }, [auto, paused, interval, items.length, per]);
  const first = start < items.length ? start : 0;

  const title = settings.testimonial_title;
  const subtitle = settings.testimonial_subtitle;
  const heading = (title || subtitle) && (
    <Stack gap={4} mb="md" ta="center">
      {title && (
        <Title order={3} style={{ color: settings.testimonial_title_color }}>
          {title}
        </Title>
      )}
      {subtitle && <Text style={{ color: settings.testimonial_subtitle_color }}>{subtitle}</Text>}
    </Stack>
  );

  let body;
  if (!cols.text) body = <EmptyState>{mode === 'edit' ? 'Choose the testimonial text column in the block settings.' : 'No testimonials yet.'}</EmptyState>;
  else if (items.length === 0) body = <EmptyState>{data.loading ? 'Loading…' : 'No rows'}</EmptyState>;
  else if (layout === 'grid')
    body = (
      <Box style={{ display: 'grid', gap: 16, gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, max(240px, calc((100% - ${(gridColumns(config.columns) - 1) * 16}px) / ${gridColumns(config.columns)}))), 1fr))` }}>
        {items.map((t) => (
          <Card key={t.id} t={t} colors={colors} />
        ))}
      </Box>
    );
  else {
    const page = items.slice(first, first + per);
    const pages = Math.ceil(items.length / per);
    body = (
      <Box
        role="region"
        aria-roledescription="carousel"
        aria-label="Testimonials"
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
      >
        <Box aria-live={auto && !paused ? 'off' : 'polite'} style={{ display: 'grid', gap: 16, gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, 260px), 1fr))` }}>
          {page.map((t) => (
            <Card key={t.id} t={t} colors={colors} />
          ))}
        </Box>
        {pages > 1 && (
          <Group justify="center" gap="xs" mt="md">
            <ActionIcon variant="light" aria-label="Previous testimonial" onClick={() => setStart(nextStart(first, items.length, per, -1))}>
              <IconChevronLeft size={18} />
            </ActionIcon>
            {Array.from({ length: Math.min(pages, 10) }, (_, i) => (
              <Box
                key={i}
                component="button"
                type="button"
                aria-label={`Show testimonials page ${i + 1}`}
                aria-current={Math.floor(first / per) === i}
                onClick={() => setStart(i * per)}
                style={{ width: 8, height: 8, borderRadius: 4, border: 0, padding: 0, cursor: 'pointer', background: Math.floor(first / per) === i ? colors.star : '#d1d5db' }}
              />
            ))}
            <ActionIcon variant="light" aria-label="Next testimonial" onClick={() => setStart(nextStart(first, items.length, per, 1))}>
              <IconChevronRight size={18} />
            </ActionIcon>
          </Group>
        )}
      </Box>
    );
  }
  return (
    <BlockFrame config={config}>
      {heading}
      {body}
    </BlockFrame>
  );
}

export default TestimonialBlock;
