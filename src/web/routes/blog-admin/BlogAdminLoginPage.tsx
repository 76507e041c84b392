// /blog-admin/login (shell §2.1, §3, §4): a blog admin signs in with e-mail and password; the
// stored user ({ role, loginTime } with name and e-mail) goes to local storage and the page goes to
// ?redirect= when it is a page of the blog admin area, else /blog-admin. With ?invite=TOKEN the
// same page is "Join the blog team": the invited person sets a password and is signed in.
import { useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import type { BlogSessionResponse } from '../../../shared/api/blog';
import { PasswordSignInForm } from '../../components/PasswordSignInForm';
import { AuthShell } from '../../features/auth/AuthShell';
import { blogApi, blogKeys } from '../../features/blog-admin/blog-admin-api';
import { JoinTeam } from '../../features/blog-admin/JoinTeam';
import { BLOG_HOME_PATH, blogSessionRemaining, readBlogAdmin, safeBlogRedirect, storedFromSession, writeBlogAdmin } from '../../guards/blog-admin-session';

const SIGN_IN_TEST_IDS = { email: 'blog-login-email', password: 'blog-login-password', error: 'blog-login-error', submit: 'blog-login-submit' };

export function BlogAdminLoginPage() {
  const [params] = useSearchParams();
  const invite = params.get('invite');
  const target = safeBlogRedirect(params.get('redirect'), window.location.origin);
  const navigate = useNavigate();
  const qc = useQueryClient();
  const signedIn = (res: BlogSessionResponse, to: string) => {
    writeBlogAdmin(storedFromSession(res));
    qc.setQueryData(blogKeys.session, res);
    navigate(to, { replace: true });
  };

  if (invite) return <JoinTeam token={invite} onSignedIn={(res) => signedIn(res, BLOG_HOME_PATH)} />;
  return <SignIn target={target} onSignedIn={(res) => signedIn(res, target)} />;
}

function SignIn({ target, onSignedIn }: { target: string; onSignedIn: (res: BlogSessionResponse) => void }) {
  useDocumentTitle('Sign in · Blog admin');
  // Signed in already (within the 24 hours): straight on; the guard asks the server.
  const [valid] = useState(() => {
    const stored = readBlogAdmin();
    return !!stored && blogSessionRemaining(stored) > 0;
  });
  if (valid) return <Navigate to={target} replace />;
  return (
    <AuthShell title="Blog admin sign in" subtitle="For the people who write and publish the Sheetboard blog.">
      <PasswordSignInForm label="Blog admin sign in" signIn={blogApi.login} onSignedIn={onSignedIn} testIds={SIGN_IN_TEST_IDS} />
    </AuthShell>
  );
}
