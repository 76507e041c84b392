// The banner of a "Preview as" tab (lib/preview.ts): whose view this is, and that nothing is saved.
import { Button, Group, Text } from '@mantine/core';
import { activePreview, endPreview } from '../lib/preview';

export function PreviewAsBanner() {
  const preview = activePreview();
  if (!preview) return null;
  return (
    <Group role="status" aria-label="Preview" justify="center" gap="sm" py={6} px="md" bg="yellow.2" style={{ position: 'sticky', top: 0, zIndex: 1000 }}>
      <Text size="sm" fw={600}>
        Preview: you are seeing this app as {preview.name} sees it. Nothing you do here is saved.
      </Text>
      <Button
        size="xs"
        variant="default"
        onClick={() => {
          endPreview();
          window.close();
          window.location.reload();
        }}
      >
        Close preview
      </Button>
    </Group>
  );
}
