import { Center, Loader, Stack, Text } from '@mantine/core';

/** The spec's loading animation, default text 'Loading...'. */
export function Loading({ text = 'Loading...', fullScreen = false }: { text?: string; fullScreen?: boolean }) {
  return (
    <Center h={fullScreen ? '100vh' : 240} role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader type="bars" />
        <Text c="dimmed" size="sm">
          {text}
        </Text>
      </Stack>
    </Center>
  );
}
