// /dashboard/signup: a new owner's account. The use-template flow (through sign-in's link) sends
// template_id: after signing up, on to the template.
import { useDocumentTitle } from '@mantine/hooks';
import { useLocation } from 'react-router';
import { templateIdOf } from '../features/auth/redirect';
import { SignupForm } from '../features/auth/SignupForm';

export function SignupPage() {
  useDocumentTitle('Sign up · Sheetboard');
  return <SignupForm templateId={templateIdOf(useLocation().search)} />;
}
