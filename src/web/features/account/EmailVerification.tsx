// The screens of /dashboard/emailVerify: a link being followed, followed (verified, or the new
// address in use), spent or expired (with the account's state), or no link: the signed-in
// account's state, verified or "check your inbox" with a resend.
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Notice } from '../../components/Notice';
import { AuthMessage } from '../auth/AuthMessage';
import { AuthShell } from '../auth/AuthShell';
import { useResendVerification, type AccountData } from './account-queries';
import type { FollowedLink } from './verify-link';

export function EmailVerification({ followed, account, loading }: { followed: FollowedLink | null; account: AccountData | null; loading: boolean }) {
  if (followed?.kind === 'pending')
    return (
      <AuthShell title="Verifying your e-mail address" subtitle="One moment...">
        <Loader />
      </AuthShell>
    );
  if (followed?.kind === 'ok') {
    const { email, changed } = followed.result;
    return (
      <AuthMessage title="E-mail address verified" subtitle={changed ? 'Your account uses its new address from now on.' : 'You can publish your apps now.'}>
        <Notice tone="done" data-testid="verify-state" data-state="verified">
          {changed ? `Your account's e-mail address is now ${email}. Sign in with it from now on.` : `${email} is verified.`}
        </Notice>
        <Text size="sm" data-testid="verify-ended">
          {account ? 'Every other browser signed in to your account was signed out' : 'Every browser signed in to your account was signed out'}, and its API tokens and the editor invitations nobody had accepted were ended. {changed ? '' : 'If you did not create this account yourself, choose a new password with “Forgot password?” on the sign-in page.'}
        </Text>
        <ContinueButton signedIn={!!account} />
      </AuthMessage>
    );
  }
  if (followed?.kind === 'failed')
    return (
      <AuthMessage title="This link does not work any more" subtitle="Verification links work for 24 hours, once.">
        <Notice tone="error" data-testid="verify-state" data-state="failed">
          {followed.message}
        </Notice>
        <AccountState account={account} loading={loading} />
      </AuthMessage>
    );
  return (
    <AuthShell title="Verify your e-mail address" subtitle="Publishing apps and templates needs a verified address.">
      <AccountState account={account} loading={loading} />
    </AuthShell>
  );
}

function ContinueButton({ signedIn }: { signedIn: boolean }) {
  return signedIn ? (
    <Button component={Link} to="/dashboard">
      Go to your dashboard
    </Button>
  ) : (
    <Button component={Link} to="/dashboard/auth">
      Sign in
    </Button>
  );
}

/** The signed-in account's state, or the way to sign in. */
function AccountState({ account, loading }: { account: AccountData | null; loading: boolean }) {
  const resend = useResendVerification();
  if (loading) return <Loader size="sm" />;
  if (!account)
    return (
      <Stack>
        <Text size="sm">Sign in to see whether your address is verified and to get a new link.</Text>
        <ContinueButton signedIn={false} />
      </Stack>
    );
  if (account.email_verified)
    return (
      <Stack>
        <Alert color="teal" variant="light" data-testid="verify-state" data-state="verified">
          {account.email} is verified.
        </Alert>
        <ContinueButton signedIn />
      </Stack>
    );
  return (
    <Stack>
      <Alert color="yellow" variant="light" title="Check your inbox" data-testid="verify-state" data-state="unverified">
        We sent a link to {account.email}. Open it to verify your address; it works for 24 hours. Nothing there? Look in the spam folder, or send a new one.
      </Alert>
      <Button onClick={() => resend.mutate()} loading={resend.isPending}>
        Resend link
      </Button>
      <Button component={Link} to="/dashboard" variant="subtle">
        Go to your dashboard
      </Button>
    </Stack>
  );
}
