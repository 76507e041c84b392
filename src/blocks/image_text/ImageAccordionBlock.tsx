// Image accordion view: the features as picture panels side by side; the open panel (hover,
// focus or click; the first at start) grows and shows its title and description over its
// picture. Beside it (imagePosition: the panels on the left or right) the paragraph and Learn
// More. Narrow screens stack the panels vertically. Pure CSS transitions, none when the visitor
// asks for reduced motion.
import { Box, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMemo, useState } from 'react';
import { BlockFrame, EmptyState } from '../BlockFrame';
import { mediaSrc } from '../media-src';
import type { BlockViewProps } from '../types';
import { featuresOf, learnMoreOf } from './image-text';
import { FeatureIconView, TextColumn } from './parts';

export function ImageAccordionBlock({ config, mode }: BlockViewProps) {
  const features = useMemo(() => featuresOf(config.features, config.imageUrl), [config.features, config.imageUrl]);
  const [open, setOpen] = useState(0);
  const link = learnMoreOf(config);
  const right = config.imagePosition === 'right';
  const fallback = mediaSrc(config.imageUrl);
  const active = open < features.length ? open : 0;

  const panels =
    features.length === 0 ? (
      <EmptyState>{mode === 'edit' ? 'Add features in the block settings.' : ''}</EmptyState>
    ) : (
      <Box className="sb-accordion" role="list">
        {features.map((f, i) => {
          const isOpen = i === active;
          const picture = f.image ?? fallback;
          return (
            <UnstyledButton
              key={i}
              role="listitem"
              className="sb-accordion-panel"
              data-open={isOpen || undefined}
              aria-expanded={isOpen}
              aria-label={f.title || `Panel ${i + 1}`}
              onClick={() => setOpen(i)}
              onMouseEnter={() => setOpen(i)}
              onFocus={() => setOpen(i)}
              style={{
                backgroundColor: f.colors.iconBackground,
                backgroundImage: picture ? `url("${picture.replace(/["\\]/g, '')}")` : undefined,
              }}
            >
              <Box className="sb-accordion-shade" />
              <Stack gap={6} className="sb-accordion-text">
                <FeatureIconView feature={f} size={36} />
                {f.title && (
                  <Text fw={700} c="white" size="lg">
                    {f.title}
                  </Text>
                )}
                {isOpen && f.description && (
                  <Text size="sm" c="white" style={{ whiteSpace: 'pre-line' }}>
                    {f.description}
                  </Text>
                )}
              </Stack>
            </UnstyledButton>
          );
        })}
      </Box>
    );

  return (
    <BlockFrame config={config}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" style={{ alignItems: 'center' }}>
        <Box style={{ order: right ? 2 : 1, minWidth: 0 }}>{panels}</Box>
        <Box style={{ order: right ? 1 : 2 }}>
          <TextColumn config={config} link={link} />
        </Box>
      </SimpleGrid>
      <style>{`
        .sb-accordion { display: flex; gap: 8px; height: 380px; }
        .sb-accordion-panel { position: relative; flex: 1; min-width: 56px; border-radius: 14px; overflow: hidden;
          background-size: cover; background-position: center; transition: flex 400ms ease; display: flex; align-items: flex-end; }
        .sb-accordion-panel[data-open] { flex: 4; }
        .sb-accordion-shade { position: absolute; inset: 0; background: linear-gradient(to top, rgba(0,0,0,.65), rgba(0,0,0,.05) 60%); }
        .sb-accordion-text { position: relative; padding: 16px; min-width: 0; }
        /* Closed panels hide their title (a direct child), not a text icon's letters inside the icon box. */
        .sb-accordion-panel:not([data-open]) .sb-accordion-text > p { display: none; }
        .sb-accordion-panel:focus-visible { outline: 3px solid #4f46e5; outline-offset: 2px; }
        @media (max-width: 640px) {
          .sb-accordion { flex-direction: column; height: 520px; }
          .sb-accordion-panel { min-height: 56px; }
          .sb-accordion-panel:not([data-open]) .sb-accordion-text > p { display: block; }
        }
        @media (prefers-reduced-motion: reduce) { .sb-accordion-panel { transition: none; } }
      `}</style>
    </BlockFrame>
  );
}

export default ImageAccordionBlock;
