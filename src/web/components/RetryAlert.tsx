// A list or page whose data did not come: the reason in the server's words and "Try again" (the
// marketplace and the blog share it).
import { Alert, Button, Stack, Text } from '@mantine/core';
import { messageOf } from '../lib/api';

export function RetryAlert({ title, error, onRetry, retrying }: { title: string; error: unknown; onRetry: () => void; retrying: boolean }) {
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{messageOf(error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry} loading={retrying}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
