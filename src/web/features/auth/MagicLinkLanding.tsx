// The magic-link landing (/dashboard/auth?token=…): sign in with the token, store the user, then go
// on (shell §4); a spent or expired link says so.
import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { UserResponse } from '../../../shared/api';
import { Loading } from '../../components/Loading';
import { Notice } from '../../components/Notice';
import { useOnce } from '../../components/use-once';
import { api, type Out } from '../../lib/api';
import { signedInAs } from '../../lib/queries';
import { AuthMessage } from './AuthMessage';
import { continueAfterSignIn } from './redirect';

export function MagicLinkLanding({ token, templateId }: { token: string; templateId: string | null }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);

  useOnce(() => {
    (async () => {
      try {
        const { user } = await api.post<Out<typeof UserResponse>>('/api/auth', { token });
        signedInAs(qc, user);
      } catch (e) {
        setError((e as Error).message);
        return;
      }
      await continueAfterSignIn(templateId, navigate);
    })();
  });

  if (!error) return <Loading fullScreen text="Signing you in..." />;
  return (
    <AuthMessage title="Sign-in link not valid" subtitle="Links work once and expire after 15 minutes.">
      <Notice tone="error">{error}</Notice>
      <Button component={Link} to="/dashboard/auth" replace>
        Back to sign in
      </Button>
    </AuthMessage>
  );
}

/** Signed in already and sent to sign-in by the use-template flow: straight on to the template. */
export function ContinueToTemplate({ templateId }: { templateId: string }) {
  const navigate = useNavigate();
  useOnce(() => void continueAfterSignIn(templateId, navigate));
  return <Loading fullScreen />;
}
