// /dashboard/emailVerify (issue 18), reachable signed out: ?token=… follows a verification (or
// new-address) link, signed in or not; without a token it shows the signed-in account's state:
// verified, or "check your inbox" with a resend. A used or expired link says so, with the way on.
import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { VerifyEmailResponse } from '../../shared/api/account';
import { AuthShell } from '../features/auth/AuthShell';
import { accountKey, useAccount, useResendVerification, type AccountData } from '../features/account/account-queries';
import { api, type Out } from '../lib/api';
import { keys } from '../lib/queries';

type Followed = { kind: 'pending' } | { kind: 'ok'; result: Out<typeof VerifyEmailResponse> } | { kind: 'failed'; message: string };

export function EmailVerifyPage() {
  useDocumentTitle('Verify your e-mail address · Sheetboard');
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  const qc = useQueryClient();
  const [followed, setFollowed] = useState<Followed | null>(token ? { kind: 'pending' } : null);
  const started = useRef(false);
  const account = useAccount(!token || (followed !== null && followed.kind !== 'pending'));

  useEffect(() => {
    // StrictMode runs effects twice; a link works once.
    if (!token || started.current) return;
    started.current = true;
    (async () => {
      try {
        const result = await api.post<Out<typeof VerifyEmailResponse>>('/api/auth/verify-email', { token });
        setFollowed({ kind: 'ok', result });
        // The address may have changed: the header's name and e-mail come from here.
        void qc.invalidateQueries({ queryKey: keys.me });
      } catch (e) {
        setFollowed({ kind: 'failed', message: (e as Error).message });
      }
      void qc.invalidateQueries({ queryKey: accountKey });
      // A reload must not follow the spent link again.
      setParams({}, { replace: true });
    })();
  }, [token, qc, setParams]);

  if (followed?.kind === 'pending')
    return (
      <AuthShell title="Verifying your e-mail address" subtitle="One moment...">
        <Loader />
      </AuthShell>
    );
  if (followed?.kind === 'ok') {
    const { email, changed } = followed.result;
    return (
      <AuthShell title="E-mail address verified" subtitle={changed ? 'Your account uses its new address from now on.' : 'You can publish your apps now.'}>
        <Stack>
          <Alert color="teal" variant="light" role="status" data-testid="verify-state" data-state="verified">
            {changed ? `Your account's e-mail address is now ${email}. Sign in with it from now on.` : `${email} is verified.`}
          </Alert>
          <ContinueButton signedIn={!!account.data} />
        </Stack>
      </AuthShell>
    );
  }
  if (followed?.kind === 'failed')
    return (
      <AuthShell title="This link does not work any more" subtitle="Verification links work for 24 hours, once.">
        <Stack>
          <Alert color="red" variant="light" role="alert" data-testid="verify-state" data-state="failed">
            {followed.message}
          </Alert>
          <AccountState account={account.data ?? null} loading={account.isPending} />
        </Stack>
      </AuthShell>
    );
  return (
    <AuthShell title="Verify your e-mail address" subtitle="Publishing apps and templates needs a verified address.">
      <AccountState account={account.data ?? null} loading={account.isPending} />
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
