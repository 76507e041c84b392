// /dashboard/auth: sign in; with ?token= the magic link's landing. The use-template flow sends
// visitors here with template_id: after signing in they go back to it.
import { useState } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { Loading } from '../components/Loading';
import { ContinueToTemplate, MagicLinkLanding } from '../features/auth/MagicLinkLanding';
import { templateIdOf } from '../features/auth/redirect';
import { SignInForm } from '../features/auth/SignInForm';
import { useMe } from '../lib/queries';

export function AuthPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const me = useMe();
  const templateId = templateIdOf(useLocation().search);
  // Signed in by the form just now: the form goes on (stored redirect, template, dashboard); the
  // "already signed in" ways out below would race it to another page.
  const [justSignedIn, setJustSignedIn] = useState(false);
  if (token) return <MagicLinkLanding token={token} templateId={templateId} />;
  if (me.isPending || (me.data && justSignedIn)) return <Loading fullScreen />;
  if (me.data) return templateId ? <ContinueToTemplate templateId={templateId} /> : <Navigate to="/dashboard" replace />;
  return <SignInForm templateId={templateId} onSignedIn={() => setJustSignedIn(true)} />;
}
