// Says that publishing (and tokens, invitations, buying: account/publishing.ts) waits for a verified address, with a "Resend link" button (issue 18). Shown
// on the dashboard and in the publish dialog; nothing while the account is verified (or unknown).
import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAccount, useResendVerification } from './account-queries';

export const VERIFY_NOTICE_TITLE = 'Verify your e-mail address to publish';

export function VerifyEmailNotice({ compact = false }: { compact?: boolean }) {
  const account = useAccount();
  const resend = useResendVerification();
  const a = account.data;
  if (!a || a.email_verified) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconMailExclamation size={20} />} title={VERIFY_NOTICE_TITLE} data-testid="verify-email-notice">
      <Text size="sm">
        We sent a link to <b>{a.email}</b>. You can build boards and apps now; making them public, submitting templates, API tokens, inviting editors and buying wait until you follow it.
      </Text>
      <Group gap="sm" mt="xs">
        <Button size="xs" variant="light" color="yellow" onClick={() => resend.mutate()} loading={resend.isPending}>
          Resend link
        </Button>
        {!compact && (
          <Anchor component={Link} to="/dashboard/account" size="sm">
            Wrong address? Change it in your account
          </Anchor>
        )}
      </Group>
    </Alert>
  );
}
