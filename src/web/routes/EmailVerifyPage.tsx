// /dashboard/emailVerify (issue 18), reachable signed out: ?token=… follows a verification (or
// new-address) link, signed in or not; without a token it shows the signed-in account's state:
// verified, or "check your inbox" with a resend. A used or expired link says so, with the way on.
import { useDocumentTitle } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { useAccount } from '../features/account/account-queries';
import { EmailVerification } from '../features/account/EmailVerification';
import { useFollowedLink } from '../features/account/verify-link';

export function EmailVerifyPage() {
  useDocumentTitle('Verify your e-mail address · Sheetboard');
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  const followed = useFollowedLink(token, setParams);
  // The account is read once the link is followed (it may have just changed).
  const account = useAccount(!token || (followed !== null && followed.kind !== 'pending'));
  return <EmailVerification followed={followed} account={account.data ?? null} loading={account.isPending} />;
}
