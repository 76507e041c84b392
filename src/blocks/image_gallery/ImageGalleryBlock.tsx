// Image gallery view: the sheet's images as a grid, a masonry (CSS columns), a carousel
// (scroll-snap track) or a full-screen view (one large image with thumbnails), and a lightbox
// (Mantine Modal: previous / next buttons, ← → and space keys, Escape closes, 'n of m').
// Auto-scroll pauses on hover and focus and never runs for visitors who ask for reduced motion.
// Captions and descriptions are cell text, shown as text.
import { ActionIcon, Box, Button, Group, Modal, Text } from '@mantine/core';
import {
  IconBookmark, IconCheck, IconChevronLeft, IconChevronRight, IconHeart, IconInfoCircle, IconMaximize, IconPhoto, IconStar, IconTag, IconX,
  type Icon,
} from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { readSettings } from '../../shared/settings/read';
import { BlockFrame, EmptyState } from '../BlockFrame';
import type { BlockViewProps } from '../types';
import { imageGallerySettings } from './schema';
import { aspectRatio, counterText, galleryImages, intervalOf, lightboxKey, masonryColumns, numberIn, stepIndex, type GalleryImage } from './gallery';

const ICONS: Record<string, Icon> = { info: IconInfoCircle, check: IconCheck, star: IconStar, heart: IconHeart, image: IconPhoto, tag: IconTag, bookmark: IconBookmark };
const PAGE = 60;
/** Colours and columns as stored; a cleared colour is the usual one. */
const readGallery = (config: Record<string, unknown>) => readSettings(imageGallerySettings, config, { blankIsDefault: true });

const reducedMotion = () => typeof window !== 'undefined' && !!window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** Runs `tick` every `ms` while `on`, unless paused or the visitor prefers reduced motion. */
function useAutoScroll(on: boolean, ms: number, tick: () => void) {
  const [paused, setPaused] = useState(false);
  const ref = useRef(tick);
  useEffect(() => {
    ref.current = tick;
  });
  useEffect(() => {
    if (!on || paused || reducedMotion()) return;
    const t = window.setInterval(() => ref.current(), ms);
    return () => window.clearInterval(t);
  }, [on, paused, ms]);
  return {
    onMouseEnter: () => setPaused(true),
    onMouseLeave: () => setPaused(false),
    onFocus: () => setPaused(true),
    onBlur: () => setPaused(false),
  };
}

interface Look {
  radius: number;
  padding: number;
  shadow: boolean;
  thumbBg: string;
  border: string | undefined;
  opacity: number;
  cursor: string;
  animation: string;
  showIcon: boolean;
  icon: Icon;
  iconPosition: string;
  iconColor: string;
  iconBg: string;
  showCaption: boolean;
  captionOverlay: boolean;
  captionSize: number;
  captionColor: string;
  descriptionSize: number;
  descriptionColor: string;
  aspect: string | undefined;
}

function lookOf(config: Record<string, unknown>): Look {
  const s = readGallery(config);
  const bw = numberIn(config.border_width, 0, 20, 1);
  const style = ['solid', 'dashed', 'dotted', 'double'].includes(String(config.border_style)) ? String(config.border_style) : 'solid';
  return {
    radius: numberIn(config.thumbnail_radius, 0, 50, 8),
    padding: numberIn(config.thumbnail_padding, 0, 40, 0),
    shadow: config.thumbnail_shadow !== false,
    thumbBg: s.thumbnail_background_color,
    border: config.border_enabled === true && bw > 0 ? `${bw}px ${style} ${s.border_color}` : undefined,
    opacity: numberIn(config.Transparent, 0, 1, 1),
    cursor: ['default', 'pointer', 'zoom-in', 'crosshair', 'grab'].includes(String(config.cursor_effect)) ? String(config.cursor_effect) : 'zoom-in',
    animation: ['none', 'fade', 'zoom', 'slide-up', 'lift'].includes(String(config.animation)) ? String(config.animation) : 'zoom',
    showIcon: config.show_icon === true,
    icon: ICONS[String(config.icon)] ?? IconInfoCircle,
    iconPosition: String(config.icon_position || 'top-right'),
    iconColor: s.icon_color,
    iconBg: s.icon_background_color,
    showCaption: config.show_caption !== false,
    captionOverlay: config.caption_position === 'overlay',
    captionSize: numberIn(config.caption_font_size, 10, 40, 15),
    captionColor: s.caption_color,
    descriptionSize: numberIn(config.description_font_size, 10, 32, 13),
    descriptionColor: s.description_color,
    aspect: aspectRatio(config.aspect_ratio),
  };
}

function Thumb({ img, look, onOpen, fixedShape, style }: { img: GalleryImage; look: Look; onOpen?: () => void; fixedShape: boolean; style?: CSSProperties }) {
  const [v, h] = look.iconPosition.split('-') as [string, string];
  const Icon = look.icon;
  const caption = look.showCaption && (img.caption || img.description);
  const text = caption && (
    <Box
      className={look.captionOverlay ? 'sb-gal-overlay' : undefined}
      px={look.captionOverlay ? 12 : 4}
      py={look.captionOverlay ? 10 : 6}
    >
      {img.caption && (
        <Text fw={600} style={{ fontSize: look.captionSize, color: look.captionOverlay ? '#ffffff' : look.captionColor }}>
          {img.caption}
        </Text>
      )}
      {img.description && (
        <Text style={{ fontSize: look.descriptionSize, color: look.captionOverlay ? '#e5e7eb' : look.descriptionColor, whiteSpace: 'pre-line' }}>
          {img.description}
        </Text>
      )}
    </Box>
  );
  const label = img.caption || img.description || 'Image';
  const inner = (
    <>
      <Box className="sb-gal-frame" style={{ borderRadius: Math.max(0, look.radius - look.padding), aspectRatio: fixedShape ? look.aspect ?? '4 / 3' : undefined }}>
        <img src={img.src} alt={img.caption || ''} loading="lazy" style={{ opacity: look.opacity }} />
        {look.showIcon && (
          <Box className="sb-gal-icon" style={{ [v]: 8, [h]: 8, color: look.iconColor, background: look.iconBg }} aria-hidden>
            <Icon size={16} />
          </Box>
        )}
        {look.captionOverlay && text}
      </Box>
      {!look.captionOverlay && text}
    </>
  );
  const wrap: CSSProperties = {
    padding: look.padding,
    borderRadius: look.radius,
    background: look.thumbBg,
    boxShadow: look.shadow ? '0 2px 10px rgba(15, 23, 42, 0.12)' : undefined,
    border: look.border,
    cursor: onOpen ? look.cursor : 'default',
    ...style,
  };
  return onOpen ? (
    <Box component="button" type="button" className="sb-gal-item" data-anim={look.animation} onClick={onOpen} aria-label={`Open ${label}`} style={wrap}>
      {inner}
    </Box>
  ) : (
    <Box className="sb-gal-item" data-anim={look.animation} style={wrap}>
      {inner}
    </Box>
  );
}

function Lightbox({ images, index, onIndex, onClose, config }: { images: GalleryImage[]; index: number | null; onIndex: (i: number) => void; onClose: () => void; config: Record<string, unknown> }) {
  const open = index !== null && index < images.length;
  const img = open ? images[index] : undefined;
  const go = useCallback((step: number) => index !== null && onIndex(stepIndex(index, images.length, step)), [index, images.length, onIndex]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      const action = lightboxKey(e.key);
      if (!action) return;
      e.preventDefault();
      if (action === 'close') onClose();
      else go(action === 'prev' ? -1 : 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, go, onClose]);
  const bg = readGallery(config).popup_background_color;
  return (
    <Modal
      opened={open}
      onClose={onClose}
      fullScreen
      withCloseButton={false}
      title={null}
      aria-label={img?.caption || 'Image'}
      styles={{ content: { background: bg }, body: { height: '100%', padding: 0 } }}
      transitionProps={{ duration: reducedMotion() ? 0 : 150 }}
    >
      {img && (
        <Box style={{ height: '100dvh', display: 'flex', flexDirection: 'column', color: '#fff' }}>
          <Group justify="space-between" p="sm">
            <Text size="sm" c="gray.3" aria-live="polite">
              {config.popup_show_counter !== false ? counterText(index!, images.length) : ''}
            </Text>
            <ActionIcon variant="subtle" color="gray.0" size="lg" aria-label="Close" onClick={onClose}>
              <IconX />
            </ActionIcon>
          </Group>
          <Box style={{ flex: 1, minHeight: 0, display: 'flex', alignItems: 'center', gap: 8, padding: '0 8px' }}>
            <ActionIcon variant="subtle" color="gray.0" size="xl" aria-label="Previous image" onClick={() => go(-1)} disabled={images.length < 2}>
              <IconChevronLeft size={32} />
            </ActionIcon>
            <Box style={{ flex: 1, height: '100%', minWidth: 0, display: 'grid', placeItems: 'center' }}>
              <img src={img.src} alt={img.caption || ''} style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
            </Box>
            <ActionIcon variant="subtle" color="gray.0" size="xl" aria-label="Next image" onClick={() => go(1)} disabled={images.length < 2}>
              <IconChevronRight size={32} />
            </ActionIcon>
          </Box>
          <Box p="md" ta="center" style={{ minHeight: 24 }}>
            {config.popup_show_caption !== false && img.caption && (
              <Text fw={600} c="white">
                {img.caption}
              </Text>
            )}
            {config.popup_show_description !== false && img.description && (
              <Text size="sm" c="gray.3" style={{ whiteSpace: 'pre-line' }}>
                {img.description}
              </Text>
            )}
          </Box>
        </Box>
      )}
    </Modal>
  );
}

function Carousel({ images, look, gap, open, config }: { images: GalleryImage[]; look: Look; gap: number; open?: (i: number) => void; config: Record<string, unknown> }) {
  const track = useRef<HTMLDivElement>(null);
  const scroll = (step: number) => {
    const el = track.current;
    if (!el) return;
    const slide = el.firstElementChild as HTMLElement | null;
    const width = (slide?.offsetWidth ?? el.clientWidth) + gap;
    const atEnd = el.scrollLeft + el.clientWidth >= el.scrollWidth - 4;
    if (step > 0 && atEnd) el.scrollTo({ left: 0, behavior: reducedMotion() ? 'auto' : 'smooth' });
    else if (step < 0 && el.scrollLeft <= 4) el.scrollTo({ left: el.scrollWidth, behavior: reducedMotion() ? 'auto' : 'smooth' });
    else el.scrollBy({ left: step * width, behavior: reducedMotion() ? 'auto' : 'smooth' });
  };
  const pause = useAutoScroll(config.carousel_auto_scroll === true && images.length > 1, intervalOf(config.carousel_interval), () => scroll(1));
  return (
    <Box role="region" aria-roledescription="carousel" aria-label="Image carousel" style={{ position: 'relative' }} {...pause}>
      <Box ref={track} className="sb-gal-track" style={{ gap }} tabIndex={0}>
        {images.map((img, i) => (
          <Thumb key={img.id} img={img} look={look} fixedShape onOpen={open && (() => open(i))} style={{ flex: '0 0 clamp(220px, 32%, 420px)', scrollSnapAlign: 'start' }} />
        ))}
      </Box>
      {images.length > 1 && (
        <Group justify="center" gap="xs" mt="sm">
          <ActionIcon variant="light" aria-label="Previous images" onClick={() => scroll(-1)}>
            <IconChevronLeft size={18} />
          </ActionIcon>
          <ActionIcon variant="light" aria-label="Next images" onClick={() => scroll(1)}>
            <IconChevronRight size={18} />
          </ActionIcon>
        </Group>
      )}
    </Box>
  );
}

function FullScreenView({ images, look, open, config }: { images: GalleryImage[]; look: Look; open?: (i: number) => void; config: Record<string, unknown> }) {
  const [index, setIndex] = useState(0);
  const stage = useRef<HTMLDivElement>(null);
  const current = index < images.length ? index : 0;
  const pause = useAutoScroll(config.fullscreen_auto_scroll === true && images.length > 1, intervalOf(config.fullscreen_interval), () => setIndex((i) => stepIndex(i, images.length, 1)));
  const img = images[current]!;
  return (
    <Box role="region" aria-roledescription="carousel" aria-label="Image viewer" {...pause}>
      <Box ref={stage} className="sb-gal-stage" style={{ borderRadius: look.radius, border: look.border }}>
        <img
          src={img.src}
          alt={img.caption || ''}
          style={{ opacity: look.opacity, cursor: open ? look.cursor : 'default' }}
          onClick={open && (() => open(current))}
        />
        <ActionIcon className="sb-gal-nav" style={{ left: 8 }} variant="filled" color="dark" aria-label="Previous image" onClick={() => setIndex(stepIndex(current, images.length, -1))}>
          <IconChevronLeft />
        </ActionIcon>
        <ActionIcon className="sb-gal-nav" style={{ right: 8 }} variant="filled" color="dark" aria-label="Next image" onClick={() => setIndex(stepIndex(current, images.length, 1))}>
          <IconChevronRight />
        </ActionIcon>
        <ActionIcon
          style={{ position: 'absolute', top: 8, right: 8 }}
          variant="filled"
          color="dark"
          aria-label="Full screen"
          onClick={() => (document.fullscreenElement ? void document.exitFullscreen() : void stage.current?.requestFullscreen?.().catch(() => undefined))}
        >
          <IconMaximize size={18} />
        </ActionIcon>
        {look.showCaption && (img.caption || img.description) && (
          <Box className="sb-gal-overlay" p="sm">
            {img.caption && (
              <Text fw={600} c="white" style={{ fontSize: look.captionSize }}>
                {img.caption}
              </Text>
            )}
            {img.description && (
              <Text c="gray.3" style={{ fontSize: look.descriptionSize }}>
                {img.description}
              </Text>
            )}
          </Box>
        )}
      </Box>
      <Text size="xs" c="dimmed" ta="center" mt={4} aria-live="polite">
        {counterText(current, images.length)}
      </Text>
      <Box className="sb-gal-strip">
        {images.map((im, i) => (
          <Box
            key={im.id}
            component="button"
            type="button"
            aria-label={`Show ${im.caption || `image ${i + 1}`}`}
            aria-current={i === current}
            onClick={() => setIndex(i)}
            style={{ outline: i === current ? '2px solid #4f46e5' : undefined }}
          >
            <img src={im.src} alt="" loading="lazy" />
          </Box>
        ))}
      </Box>
    </Box>
  );
}

export function ImageGalleryBlock({ config, rows, mode, data }: BlockViewProps) {
  const settings = useMemo(() => readGallery(config), [config]);
  const cols = useMemo(
    () => ({ image: settings.image_column, caption: settings.caption_column, description: settings.description_column }),
    [settings.image_column, settings.caption_column, settings.description_column],
  );
  const images = useMemo(() => galleryImages(rows, cols), [rows, cols]);
  const look = lookOf(config);
  const layout = ['grid', 'masonry', 'carousel', 'FullScreenView'].includes(String(config.layout)) ? String(config.layout) : 'masonry';
  const gap = numberIn(config.margin, 0, 100, 12);
  const padding = numberIn(config.gallery_padding, 0, 100, 24);
  const [shown, setShown] = useState(PAGE);
  const [lightbox, setLightbox] = useState<number | null>(null);
  const open = config.lightbox_enabled !== false ? (i: number) => setLightbox(i) : undefined;

  let body;
  if (!cols.image) body = <EmptyState>{mode === 'edit' ? 'Choose the image column in the block settings.' : 'No images yet.'}</EmptyState>;
  else if (images.length === 0) body = <EmptyState>{data.loading ? 'Loading…' : rows.length ? 'No images: the image column holds no image addresses (https://).' : 'No rows'}</EmptyState>;
  else if (layout === 'carousel') body = <Carousel images={images} look={look} gap={gap} open={open} config={config} />;
  else if (layout === 'FullScreenView') body = <FullScreenView images={images} look={look} open={open} config={config} />;
  else {
    const list = images.slice(0, shown);
    const gridCols = Math.round(numberIn(config.grid_columns, 2, 5, 3));
    const masonry = masonryColumns(config.columns);
    body = (
      <>
        {layout === 'grid' ? (
          <Box className="sb-gal-grid" style={{ gap, ['--sb-cols' as string]: gridCols }}>
            {list.map((img, i) => (
              <Thumb key={img.id} img={img} look={look} fixedShape onOpen={open && (() => open(i))} />
            ))}
          </Box>
        ) : (
          <Box className="sb-gal-masonry" data-auto={masonry === null || undefined} style={{ columnGap: gap, ['--sb-cols' as string]: masonry ?? 3 }}>
            {list.map((img, i) => (
              <Thumb key={img.id} img={img} look={look} fixedShape={false} onOpen={open && (() => open(i))} style={{ marginBottom: gap }} />
            ))}
          </Box>
        )}
        {images.length > shown && (
          <Group justify="center" mt="md">
            <Button variant="light" onClick={() => setShown((n) => n + PAGE)}>
              Show more
            </Button>
          </Group>
        )}
      </>
    );
  }

  return (
    <BlockFrame config={config}>
      <Box className="sb-gal" style={{ padding, background: settings.gallery_background_color || undefined, borderRadius: 8 }}>
        {body}
      </Box>
      {open && <Lightbox images={images} index={lightbox} onIndex={setLightbox} onClose={() => setLightbox(null)} config={config} />}
      <style>{GALLERY_CSS}</style>
    </BlockFrame>
  );
}

const GALLERY_CSS = `
.sb-gal-item { display: block; width: 100%; text-align: left; font: inherit; color: inherit; overflow: hidden; break-inside: avoid; transition: transform 250ms ease, box-shadow 250ms ease, opacity 250ms ease; }
.sb-gal-frame { position: relative; overflow: hidden; }
.sb-gal-frame img { display: block; width: 100%; height: 100%; object-fit: cover; transition: transform 300ms ease, opacity 300ms ease; }
.sb-gal-item[data-anim='zoom']:hover .sb-gal-frame img, .sb-gal-item[data-anim='zoom']:focus-visible .sb-gal-frame img { transform: scale(1.06); }
.sb-gal-item[data-anim='lift']:hover, .sb-gal-item[data-anim='lift']:focus-visible { transform: translateY(-4px); box-shadow: 0 10px 24px rgba(15, 23, 42, 0.18) !important; }
.sb-gal-item[data-anim='fade']:hover .sb-gal-frame img { opacity: 0.75 !important; }
.sb-gal-item[data-anim='slide-up'] { animation: sb-gal-up 400ms ease both; }
.sb-gal-item[data-anim='fade'] { animation: sb-gal-in 400ms ease both; }
@keyframes sb-gal-up { from { opacity: 0; transform: translateY(16px); } to { opacity: 1; transform: none; } }
@keyframes sb-gal-in { from { opacity: 0; } to { opacity: 1; } }
.sb-gal-item:focus-visible { outline: 3px solid #4f46e5; outline-offset: 2px; }
.sb-gal-icon { position: absolute; width: 28px; height: 28px; border-radius: 14px; display: grid; place-items: center; }
.sb-gal-overlay { position: absolute; left: 0; right: 0; bottom: 0; background: linear-gradient(to top, rgba(0,0,0,.7), rgba(0,0,0,0)); }
.sb-gal-grid { display: grid; grid-template-columns: repeat(var(--sb-cols), minmax(0, 1fr)); }
.sb-gal-masonry { columns: var(--sb-cols); }
.sb-gal-masonry[data-auto] { columns: 240px; }
@media (max-width: 640px) {
  .sb-gal-grid { grid-template-columns: repeat(min(var(--sb-cols), 2), minmax(0, 1fr)); }
  .sb-gal-masonry { columns: 2; }
}
.sb-gal-track { display: flex; overflow-x: auto; scroll-snap-type: x mandatory; scrollbar-width: thin; padding-bottom: 6px; }
.sb-gal-stage { position: relative; height: min(70vh, 640px); background: #111; overflow: hidden; display: grid; place-items: center; }
.sb-gal-stage:fullscreen { height: 100vh; border-radius: 0 !important; }
.sb-gal-stage > img { max-width: 100%; max-height: 100%; object-fit: contain; }
.sb-gal-nav { position: absolute; top: 50%; transform: translateY(-50%); }
.sb-gal-strip { display: flex; gap: 6px; overflow-x: auto; margin-top: 8px; padding: 2px; }
.sb-gal-strip button { flex: 0 0 72px; height: 54px; padding: 0; border: 0; border-radius: 6px; overflow: hidden; cursor: pointer; background: #e5e7eb; }
.sb-gal-strip img { width: 100%; height: 100%; object-fit: cover; display: block; }
@media (prefers-reduced-motion: reduce) {
  .sb-gal-item, .sb-gal-frame img { transition: none; animation: none !important; }
  .sb-gal-item:hover .sb-gal-frame img { transform: none !important; }
}
`;

export default ImageGalleryBlock;
