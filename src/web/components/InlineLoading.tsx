// 'Loading...' on one line inside a dialog or a panel, where the full puzzle animation would
// push everything around.
import { Group, Loader, Text } from '@mantine/core';

export function InlineLoading({ size = 'sm', py = size }: { size?: 'xs' | 'sm'; py?: 'xs' | 'sm' }) {
  return (
    <Group gap="xs" py={py}>
      <Loader size={size} />
      <Text size="sm" c="dimmed">
        Loading...
      </Text>
    </Group>
  );
}
