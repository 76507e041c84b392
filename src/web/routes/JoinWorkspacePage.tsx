// /join-workspace?token=… (issue 5): the link of a workspace-editor invitation. It binds the
// account signed in when it is followed, so a visitor signs in (or signs up) first and comes back
// here through the stored redirect (features/auth/redirect.ts); a signed-in account joins at once.
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { JoinWorkspaceResponse } from '../../shared/api/workspace';
import { Loading } from '../components/Loading';
import { AuthShell } from '../features/auth/AuthShell';
import { TEMPLATE_REDIRECT_KEY } from '../features/auth/redirect';
import { joinedText, joinStep } from '../features/workspace/editors';
import { api, ApiError, type Out } from '../lib/api';
import { keys, useMe } from '../lib/queries';

export function JoinWorkspacePage() {
  useDocumentTitle('Join a workspace · Sheetboard');
  const [params] = useSearchParams();
  const token = params.get('token');
  const me = useMe();
  const step = joinStep(token, { pending: me.isPending, signedIn: !!me.data });

  if (step === 'no-token')
    return (
      <AuthShell title="Invitation link incomplete" subtitle="This address has no invitation token.">
        <Stack>
          <Text size="sm">Open the link from the invitation e-mail again, exactly as it was sent, or ask the workspace owner to invite you again.</Text>
          <Button component={Link} to="/dashboard" variant="light">
            Go to dashboard
          </Button>
        </Stack>
      </AuthShell>
    );
  if (step === 'loading') return <Loading fullScreen />;
  if (step === 'sign-in') return <SignInFirst />;
  return <Join token={token!} email={me.data?.email ?? ''} />;
}

/** Not signed in: sign-in and sign-up both come back to this address afterwards. */
function SignInFirst() {
  useEffect(() => {
    localStorage.setItem(TEMPLATE_REDIRECT_KEY, window.location.href);
  }, []);
  return (
    <AuthShell title="You were invited to edit a workspace" subtitle="Sign in or create an account to accept the invitation.">
      <Stack>
        <Text size="sm">The invitation joins the account you are signed in with. You come back here afterwards.</Text>
        <Button component={Link} to="/dashboard/auth">
          Sign in
        </Button>
        <Button component={Link} to="/dashboard/signup" variant="light">
          Create an account
        </Button>
      </Stack>
    </AuthShell>
  );
}

type JoinState = { kind: 'joining' } | { kind: 'joined'; ownerName: string } | { kind: 'failed'; message: string };

function Join({ token, email }: { token: string; email: string }) {
  const qc = useQueryClient();
  const [state, setState] = useState<JoinState>({ kind: 'joining' });
  const started = useRef<string | null>(null);

  useEffect(() => {
    // A link works once: StrictMode's second effect run must not send it again.
    if (started.current === token) return;
    started.current = token;
    (async () => {
      try {
        const { workspace } = await api.post<Out<typeof JoinWorkspaceResponse>>('/api/workspace/join', { token });
        // The shared apps now belong on the dashboard.
        void qc.invalidateQueries({ queryKey: keys.apps });
        setState({ kind: 'joined', ownerName: workspace.owner_name });
      } catch (e) {
        // The session ended meanwhile: back to 'sign in first' (the address is stored there).
        if (e instanceof ApiError && e.status === 401) {
          started.current = null;
          qc.setQueryData(keys.me, null);
          return;
        }
        setState({ kind: 'failed', message: (e as Error).message });
      }
    })();
  }, [token, qc]);

  if (state.kind === 'joining') return <Loading fullScreen text="Joining the workspace..." />;
  if (state.kind === 'failed')
    return (
      <AuthShell title="Could not join the workspace" subtitle={email ? `Signed in as ${email}` : 'The invitation was not accepted.'}>
        <Stack>
          <Alert color="red" variant="light" role="alert">
            {state.message}
          </Alert>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/dashboard">
              Go to dashboard
            </Anchor>
          </Text>
        </Stack>
      </AuthShell>
    );
  return (
    <AuthShell title="Invitation accepted" subtitle={email ? `Signed in as ${email}` : 'Welcome aboard.'}>
      <Stack>
        <Alert color="teal" variant="light" role="status">
          {joinedText(state.ownerName)}
        </Alert>
        <Text size="sm" c="dimmed">
          Their apps are on your dashboard, marked as shared.
        </Text>
        <Button component={Link} to="/dashboard">
          Go to dashboard
        </Button>
      </Stack>
    </AuthShell>
  );
}
