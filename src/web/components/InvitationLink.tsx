// What an owner sees when an invitation could not be mailed (no mail server set up, or it
// refused): that the e-mail was not sent, and the invitation link to pass on themselves, with a
// copy button. Only the inviter's own answer ever holds the link (the server sends it nowhere else).
import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';

export function InvitationLinkAlert({ text, link, onClose }: { text: string; link: string; onClose: () => void }) {
  return (
    <Alert color="yellow" variant="light" role="status" withCloseButton onClose={onClose} title="The e-mail was not sent">
      <Stack gap="xs">
        <Text size="sm">{text}</Text>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            readOnly
            value={link}
            aria-label="Invitation link"
            data-testid="invitation-link"
            onFocus={(e) => e.currentTarget.select()}
            style={{ flex: 1, minWidth: 0 }}
          />
          <CopyButton value={link}>{({ copied, copy }) => <Button onClick={copy} variant="light">{copied ? 'Copied' : 'Copy link'}</Button>}</CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}
