// 'Tutorial Videos' (shell §2.3, the top bar's Tutorials): tabs Board Settings, Add Block and
// Publish to MarketPlace, each an embedded video recorded from the product itself
// (scripts/record-tutorials.ts; the files are served by the app: tutorial-videos.ts), with the
// written steps under it. The sidebar's Docs is the reference (DocsModal).
import { Modal, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { Guide, guidesFor } from './guides';
import { TUTORIAL_VIDEOS, type TutorialVideoName } from './tutorial-videos';

function TutorialVideo({ name, label }: { name: TutorialVideoName; label: string }) {
  const video = TUTORIAL_VIDEOS[name];
  if (!video) return null;
  return (
    <video
      key={video.src}
      src={video.src}
      {...(video.poster ? { poster: video.poster } : {})}
      controls
      muted
      playsInline
      preload="metadata"
      aria-label={`Video: ${label}`}
      data-testid={`tutorial-video-${name}`}
      style={{ display: 'block', width: '100%', aspectRatio: '16 / 10', borderRadius: 8, background: 'var(--mantine-color-gray-1)' }}
    />
  );
}

export function TutorialsModal({ opened, onClose, multipage = false }: { opened: boolean; onClose: () => void; multipage?: boolean }) {
  const guides = guidesFor(multipage);
  const [tab, setTab] = useState<string | null>(guides[0]?.value ?? null);
  return (
    <Modal opened={opened} onClose={onClose} title="Tutorial Videos" size="xl" centered>
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List>
          {guides.map((g) => (
            <Tabs.Tab key={g.value} value={g.value}>
              {g.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {guides.map((g) => (
          <Tabs.Panel key={g.value} value={g.value} pt="md">
            {/* Only the open tab's video is in the page: switching tabs stops the others. */}
            {tab === g.value && g.video && <TutorialVideo name={g.video} label={g.label} />}
            <Text fw={600} mt="md" mb={4}>
              Step by step
            </Text>
            <Guide intro={g.intro} steps={g.steps} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Modal>
  );
}
