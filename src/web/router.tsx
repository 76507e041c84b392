// Routes of shell §2.1 that exist so far. Later issues (templates, marketplace, blog, admin)
// render a 'Coming soon' page; anything else unknown is the 404 screen.
import { createBrowserRouter, Outlet } from 'react-router';
import { LoadingBar } from './components/LoadingBar';
import { NotFound } from './components/ErrorScreen';
import { RequireAuth } from './guards/RequireAuth';
import { AuthPage } from './routes/AuthPage';
import { BoardRoute } from './routes/BoardRoute';
import { ComingSoon } from './routes/ComingSoon';
import { DashboardPage } from './routes/DashboardPage';
import { HomeRoute } from './routes/HomeRoute';
import { SignupPage } from './routes/SignupPage';

function Root() {
  return (
    <>
      <LoadingBar />
      <Outlet />
    </>
  );
}

const LATER = [
  'templates',
  'templates/:slug',
  'multipage-templates',
  'marketplace',
  'blog',
  'blog/*',
  'blog-admin',
  'blog-admin/*',
  'admin',
  'admin/*',
  'admin_old',
  'admin-login',
  'boardWorkspace',
  'accept-invitation',
  'payment_success',
  'payment_fail',
];

export const router = createBrowserRouter([
  {
    Component: Root,
    children: [
      { index: true, Component: HomeRoute },
      { path: 'dashboard/signup', Component: SignupPage },
      { path: 'dashboard/auth', Component: AuthPage },
      {
        path: 'dashboard',
        Component: RequireAuth,
        children: [
          { index: true, Component: DashboardPage },
          { path: '*', Component: ComingSoon },
        ],
      },
      ...LATER.map((path) => ({ path, Component: ComingSoon })),
      { path: ':boardSlug', Component: BoardRoute },
      { path: '*', Component: NotFound },
    ],
  },
]);
