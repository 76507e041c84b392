// /dashboard/signupbackup (issue 18) reached by a link inside the web app: the page is the
// server's plain HTML sign-up form (works without JavaScript, server/modules/plain-signup), so a
// navigation within the app loads it from the server instead of rendering anything here.
import { useEffect } from 'react';
import { Loading } from '../components/Loading';

export const PLAIN_SIGNUP_PATH = '/dashboard/signupbackup';

export function SignupBackupPage() {
  useEffect(() => {
    window.location.replace(PLAIN_SIGNUP_PATH);
  }, []);
  return <Loading />;
}
