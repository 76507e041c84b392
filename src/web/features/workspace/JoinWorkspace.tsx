// The screens of /join-workspace?token=… (issue 5): the link of a workspace-editor invitation
// binds the account signed in when it is followed, so a visitor signs in (or signs up) first and
// comes back through the stored redirect (features/auth/redirect.ts); a signed-in account joins.
import { Anchor, Button, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { JoinWorkspaceResponse } from '../../../shared/api/workspace';
import { Loading } from '../../components/Loading';
import { Notice } from '../../components/Notice';
import { api, ApiError, type Out } from '../../lib/api';
import { keys } from '../../lib/queries';
import { AuthMessage } from '../auth/AuthMessage';
import { TEMPLATE_REDIRECT_KEY } from '../auth/redirect';
import { joinedText } from './editors';

export function InvitationIncomplete() {
  return (
    <AuthMessage title="Invitation link incomplete" subtitle="This address has no invitation token.">
      <Text size="sm">Open the link from the invitation e-mail again, exactly as it was sent, or ask the workspace owner to invite you again.</Text>
      <Button component={Link} to="/dashboard" variant="light">
        Go to dashboard
      </Button>
    </AuthMessage>
  );
}

/** Not signed in: sign-in and sign-up both come back to this address afterwards. */
export function SignInToJoin() {
  useEffect(() => {
    localStorage.setItem(TEMPLATE_REDIRECT_KEY, window.location.href);
  }, []);
  return (
    <AuthMessage title="You were invited to edit a workspace" subtitle="Sign in or create an account to accept the invitation.">
      <Text size="sm">The invitation joins the account you are signed in with. You come back here afterwards.</Text>
      <Button component={Link} to="/dashboard/auth">
        Sign in
      </Button>
      <Button component={Link} to="/dashboard/signup" variant="light">
        Create an account
      </Button>
    </AuthMessage>
  );
}

type JoinState = { kind: 'joining' } | { kind: 'joined'; ownerName: string } | { kind: 'failed'; message: string };

export function JoinWorkspace({ token, email }: { token: string; email: string }) {
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
      <AuthMessage title="Could not join the workspace" subtitle={email ? `Signed in as ${email}` : 'The invitation was not accepted.'}>
        <Notice tone="error">{state.message}</Notice>
        <Text size="sm" ta="center">
          <Anchor component={Link} to="/dashboard">
            Go to dashboard
          </Anchor>
        </Text>
      </AuthMessage>
    );
  return (
    <AuthMessage title="Invitation accepted" subtitle={email ? `Signed in as ${email}` : 'Welcome aboard.'}>
      <Notice tone="done">{joinedText(state.ownerName)}</Notice>
      <Text size="sm" c="dimmed">
        Their apps are on your dashboard, marked as shared.
      </Text>
      <Button component={Link} to="/dashboard">
        Go to dashboard
      </Button>
    </AuthMessage>
  );
}
