// Audio view: <audio> for uploads and file links; SoundCloud, Spotify and pasted embeds as
// sandboxed players built from parsed addresses (audio-url.ts). With controls off, a play/pause
// button of our own stands in for the browser's controls so the sound can still be started.
import { ActionIcon, Box, Group } from '@mantine/core';
import { IconMusic, IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { BlockFrame, NoSource } from '../BlockFrame';
import type { BlockViewProps } from '../types';
import { IFRAME_SANDBOX } from '../iframe/iframe-code';
import { AUDIO_ALLOW, audioPlaybackOf, audioSource } from './audio-url';

function FilePlayer({ src, config }: { src: string; config: Record<string, unknown> }) {
  const p = audioPlaybackOf(config);
  const ref = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  return (
    <Group gap="sm" wrap="nowrap">
      {!p.controls && (
        <ActionIcon
          size={48}
          radius="xl"
          variant="filled"
          color="indigo"
          aria-label={playing ? 'Pause' : 'Play'}
          onClick={() => {
            const a = ref.current;
            if (a) void (a.paused ? a.play().catch(() => undefined) : a.pause());
          }}
        >
          {playing ? <IconPlayerPauseFilled size={22} /> : <IconPlayerPlayFilled size={22} />}
        </ActionIcon>
      )}
      <audio
        ref={ref}
        src={src}
        controls={p.controls}
        autoPlay={p.autoplay}
        muted={p.muted}
        loop={p.loop}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        style={{ width: '100%', display: p.controls ? 'block' : 'none' }}
      />
    </Group>
  );
}

export function AudioBlock({ config, mode }: BlockViewProps) {
  const source = useMemo(() => audioSource(config), [config]);
  let body;
  if (source.kind === 'audio') body = <FilePlayer src={source.src} config={config} />;
  else if (source.kind === 'iframe')
    body = (
      <Box style={{ borderRadius: 12, overflow: 'hidden' }}>
        <iframe
          src={source.src}
          title={source.title}
          height={source.height}
          sandbox={source.sandbox}
          allow={AUDIO_ALLOW}
          // Pasted players get no referrer; SoundCloud and Spotify are told the origin only.
          referrerPolicy={source.sandbox === IFRAME_SANDBOX ? 'no-referrer' : 'strict-origin-when-cross-origin'}
          loading="lazy"
          style={{ width: '100%', height: source.height, border: 0, display: 'block' }}
        />
      </Box>
    );
  else body = <NoSource source={source} mode={mode} icon={<IconMusic size={18} />} texts={{ empty: 'No audio yet.', unusable: 'This audio cannot be played.' }} />;
  return <BlockFrame config={config}>{body}</BlockFrame>;
}

export default AudioBlock;
