// The pages of the links app users receive by e-mail (issue 5), on the app's own host:
// `/accept-invitation?token=…` (set a first password) and `/reset-password?token=…` (a new one).
import { useDocumentTitle } from '@mantine/hooks';
import { APP_PASSWORD_COPY, AppPasswordForm, type AppPasswordPurpose } from '../features/auth/AppPasswordForm';

export function AppPasswordPage({ purpose }: { purpose: AppPasswordPurpose }) {
  useDocumentTitle(APP_PASSWORD_COPY[purpose].title);
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  return <AppPasswordForm purpose={purpose} token={token} />;
}

export const AcceptInvitationPage = () => <AppPasswordPage purpose="invite" />;
export const ResetPasswordPage = () => <AppPasswordPage purpose="reset" />;
