// /dashboard/forgetPassword (issue 18), reachable signed out. Without a token: ask for a link by
// e-mail. With ?token=… (the mailed link, 1 hour, once): choose a new password.
import { useDocumentTitle } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { NewPasswordForm } from '../features/auth/NewPasswordForm';
import { ResetLinkForm } from '../features/auth/ResetLinkForm';

export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  useDocumentTitle(token ? 'Choose a new password · Sheetboard' : 'Forgot password · Sheetboard');
  return token ? <NewPasswordForm token={token} /> : <ResetLinkForm />;
}
