// /join-workspace?token=… (issue 5): a workspace-editor invitation; sign in or sign up first
// (the screens and the join: features/workspace/JoinWorkspace.tsx).
import { useDocumentTitle } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { Loading } from '../components/Loading';
import { joinStep } from '../features/workspace/editors';
import { InvitationIncomplete, JoinWorkspace, SignInToJoin } from '../features/workspace/JoinWorkspace';
import { useMe } from '../lib/queries';

export function JoinWorkspacePage() {
  useDocumentTitle('Join a workspace · Sheetboard');
  const [params] = useSearchParams();
  const token = params.get('token');
  const me = useMe();
  const step = joinStep(token, { pending: me.isPending, signedIn: !!me.data });
  if (step === 'no-token') return <InvitationIncomplete />;
  if (step === 'loading') return <Loading fullScreen />;
  if (step === 'sign-in') return <SignInToJoin />;
  return <JoinWorkspace token={token!} email={me.data?.email ?? ''} />;
}
