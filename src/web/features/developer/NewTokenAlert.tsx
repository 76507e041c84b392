// A token just created: its secret, shown this once, with a copy button and an example call.
import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { TOKEN_MESSAGES, type CreateApiTokenResponse } from '../../../shared/api/developer';
import type { Out } from '../../lib/api';

export function NewTokenAlert({ created, onClose }: { created: Out<typeof CreateApiTokenResponse>; onClose: () => void }) {
  const example = `curl -H "Authorization: Bearer ${created.secret}" ${window.location.origin}/api/apps`;
  return (
    <Alert color="green" variant="light" title={`Token “${created.token.name}” created`} withCloseButton onClose={onClose} role="status">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {TOKEN_MESSAGES.shownOnce}
        </Text>
        <Group gap="xs" wrap="nowrap" align="center">
          <Code data-testid="new-token" style={{ wordBreak: 'break-all', flex: 1 }}>
            {created.secret}
          </Code>
          <CopyButton value={created.secret}>
            {({ copied, copy }) => (
              <Button size="xs" variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : 'blue'} onClick={copy} leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}>
                {copied ? 'Copied' : 'Copy token'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="xs">Try it:</Text>
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {example}
        </Code>
      </Stack>
    </Alert>
  );
}
