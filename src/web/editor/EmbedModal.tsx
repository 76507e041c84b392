// Board embed (shell §4): paid plans get a snippet of the public URL in an iframe; free plans get
// an upgrade prompt instead (the info toast is raised by the caller).
import { Button, CopyButton, Group, Modal, NumberInput, Stack, Text, Textarea, ThemeIcon, Title } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { useState } from 'react';

export function EmbedModal({ opened, onClose, url }: { opened: boolean; onClose: () => void; url: string }) {
  const [width, setWidth] = useState<number | string>(800);
  const [height, setHeight] = useState<number | string>(500);
  const src = `${url}${url.includes('?') ? '&' : '?'}embed=true&hide_header=true`;
  const snippet = `<iframe src="${src}" width="${width}" height="${height}" style="border:0" loading="lazy" title="Sheetboard board"></iframe>`;
  return (
    <Modal opened={opened} onClose={onClose} title="Embed Content" size="lg" centered>
      <Stack>
        <Text size="sm" c="dimmed">
          Paste this code into your website to show the board there.
        </Text>
        <Group grow>
          <NumberInput label="Width" value={width} onChange={setWidth} min={200} max={4000} suffix=" px" />
          <NumberInput label="Height" value={height} onChange={setHeight} min={200} max={4000} suffix=" px" />
        </Group>
        <Textarea label="Embed code" value={snippet} readOnly autosize minRows={3} styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }} />
        <Group justify="flex-end">
          <CopyButton value={snippet}>{({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy code'}</Button>}</CopyButton>
        </Group>
      </Stack>
    </Modal>
  );
}

export function UpgradeModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Upgrade to embed" centered>
      <Stack align="center" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconRocket size={30} />
        </ThemeIcon>
        <Title order={4}>Embed feature requires a paid plan.</Title>
        <Text size="sm" c="dimmed">
          Upgrade your workspace to put your boards on your own website. Sharing the board’s link stays free.
        </Text>
        <Button onClick={onClose}>Got it</Button>
      </Stack>
    </Modal>
  );
}
