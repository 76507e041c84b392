// Video view. Inline: the player in the chosen aspect ratio. Popup / fullscreen: a poster with the
// play button; a click opens the player in a modal (or over the whole screen) and starts it.
// Players are built from parsed addresses (video-url.ts), sandboxed; a direct file plays in
// <video>. Autoplay happens only muted (playbackOf).
import { Box, Modal, UnstyledButton } from '@mantine/core';
import { IconPlayerPlayFilled, IconVideo } from '@tabler/icons-react';
import { useMemo, useRef, useState, type CSSProperties } from 'react';
import { withCommon } from '../../shared/settings/common';
import { readSettings } from '../../shared/settings/read';
import { BlockFrame, NoSource } from '../BlockFrame';
import type { BlockViewProps } from '../types';
import { videoSettings } from './schema';
import { aspectRatioOf, playbackOf, videoSource, type Playback, type VideoSource } from './video-url';

/** A cleared play button colour is the usual one. */
const VIDEO_SETTINGS = withCommon(videoSettings);
const readVideo = (config: Record<string, unknown>) => readSettings(VIDEO_SETTINGS, config, { blankIsDefault: ['play_button_color', 'play_icon_color'] });

const HOVER: Record<string, CSSProperties> = {
  zoom: { transform: 'scale(1.02)' },
  lift: { transform: 'translateY(-4px)', boxShadow: '0 10px 24px rgba(0,0,0,0.18)' },
  shadow: { boxShadow: '0 8px 28px rgba(0,0,0,0.28)' },
};

export function PlayButton({ config, onClick, label }: { config: Record<string, unknown>; onClick: () => void; label: string }) {
  const { play_button_style: style, play_button_color: bg, play_icon_color: fg } = readVideo(config);
  const shape: CSSProperties =
    style === 'minimal'
      ? { background: 'transparent', width: 72, height: 72 }
      : { background: bg, width: 72, height: 72, borderRadius: style === 'rounded' ? 14 : '50%', boxShadow: '0 4px 16px rgba(0,0,0,0.3)' };
  return (
    <UnstyledButton
      aria-label={label}
      onClick={onClick}
      style={{ position: 'absolute', inset: 0, margin: 'auto', display: 'flex', alignItems: 'center', justifyContent: 'center', ...shape }}
    >
      <IconPlayerPlayFilled size={style === 'minimal' ? 64 : 34} color={style === 'minimal' ? bg : fg} style={{ marginLeft: style === 'minimal' ? 0 : 4 }} />
    </UnstyledButton>
  );
}

function Player({ source, playback, play, config }: { source: Extract<VideoSource, { kind: 'iframe' | 'video' }>; playback: Playback; play: boolean; config: Record<string, unknown> }) {
  const video = useRef<HTMLVideoElement>(null);
  const [started, setStarted] = useState(play || playback.autoplay);
  const fill: CSSProperties = { position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0, display: 'block', background: '#000' };
  if (source.kind === 'iframe')
    return (
      <iframe
        src={source.src}
        title={source.title}
        sandbox={source.sandbox}
        allow={source.allow}
        allowFullScreen
        referrerPolicy={source.referrerPolicy}
        loading={play ? undefined : 'lazy'}
        style={fill}
      />
    );
  return (
    <>
      <video
        ref={video}
        src={source.src}
        controls={playback.controls && started}
        // React sets `muted` as a property; the attribute matters for autoplay on first paint.
        muted={playback.muted}
        autoPlay={playback.autoplay || play}
        loop={playback.loop}
        playsInline
        preload="metadata"
        onPlay={() => setStarted(true)}
        onClick={() => {
          // Without controls a click toggles playback.
          if (!playback.controls && video.current) void (video.current.paused ? video.current.play() : video.current.pause());
        }}
        style={{ ...fill, objectFit: 'contain' }}
      />
      {!started && (
        <PlayButton
          config={config}
          label="Play video"
          onClick={() => {
            setStarted(true);
            void video.current?.play().catch(() => undefined);
          }}
        />
      )}
    </>
  );
}

export function VideoBlock({ config, mode }: BlockViewProps) {
  const source = useMemo(() => videoSource(config), [config]);
  const playing = useMemo(() => videoSource(config, true), [config]);
  const playback = playbackOf(config);
  const settings = useMemo(() => readVideo(config), [config]);
  const { layout } = settings;
  const ratio = aspectRatioOf(config.aspect_ratio);
  const [open, setOpen] = useState(false);
  const [hover, setHover] = useState(false);
  const effect = HOVER[settings.hover_effect] ?? {};

  let body;
  if (source.kind === 'none') {
    body = <NoSource source={source} mode={mode} icon={<IconVideo size={18} />} texts={{ empty: 'No video yet.', unusable: 'This video cannot be shown.' }} />;
  } else {
    const frame: CSSProperties = {
      position: 'relative',
      width: '100%',
      aspectRatio: ratio,
      overflow: 'hidden',
      borderRadius: 8,
      background: '#111',
      transition: 'transform 160ms ease, box-shadow 160ms ease',
      ...(hover ? effect : {}),
    };
    const inline = layout === 'inline';
    const thumbnail = source.kind === 'iframe' ? source.thumbnail : null;
    body = (
      <Box style={frame} onMouseEnter={() => setHover(true)} onMouseLeave={() => setHover(false)} data-testid="video-frame">
        {inline ? (
          <Player source={source} playback={playback} play={false} config={config} />
        ) : (
          <>
            {thumbnail ? (
              <img src={thumbnail} alt="" referrerPolicy="no-referrer" loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
            ) : (
              <Box style={{ position: 'absolute', inset: 0, background: 'linear-gradient(135deg, #1f2937, #111827)' }} />
            )}
            <PlayButton config={config} label={layout === 'fullscreen' ? 'Play video full screen' : 'Play video'} onClick={() => setOpen(true)} />
          </>
        )}
      </Box>
    );
    if (!inline && playing.kind !== 'none') {
      const full = layout === 'fullscreen';
      body = (
        <>
          {body}
          <Modal
            opened={open}
            onClose={() => setOpen(false)}
            fullScreen={full}
            size={full ? undefined : '80rem'}
            centered
            padding={full ? 0 : 'xs'}
            title={settings.title || 'Video'}
            styles={full ? { content: { background: '#000' }, header: { background: '#000', color: '#fff' }, body: { height: 'calc(100% - 60px)' } } : undefined}
          >
            <Box style={full ? { position: 'relative', width: '100%', height: '100%' } : { position: 'relative', width: '100%', aspectRatio: ratio }}>
              {open && <Player source={playing} playback={playback} play config={config} />}
            </Box>
          </Modal>
        </>
      );
    }
  }
  return <BlockFrame config={config}>{body}</BlockFrame>;
}

export default VideoBlock;
