// Routes of shell §2.1 that exist so far. Later issues (templates, marketplace, blog, admin)
// render a 'Coming soon' page; anything else unknown is the 404 screen.
import { createBrowserRouter, Outlet } from 'react-router';
import { Loading } from './components/Loading';
import { LoadingBar } from './components/LoadingBar';
import { NotFound } from './components/ErrorScreen';
import { RequireAuth } from './guards/RequireAuth';
import { BoardRoute } from './routes/BoardRoute';
import { ComingSoon } from './routes/ComingSoon';
import { HomeRoute } from './routes/HomeRoute';

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
  'payment_success',
  'payment_fail',
];

export const router = createBrowserRouter([
  {
    Component: Root,
    // Shown while a lazy route's chunk loads on the very first page load.
    HydrateFallback: () => <Loading fullScreen />,
    children: [
      { index: true, Component: HomeRoute },
      // Owner screens are separate chunks: a guest opening a board downloads none of them.
      { path: 'dashboard/signup', lazy: async () => ({ Component: (await import('./routes/SignupPage')).SignupPage }) },
      { path: 'dashboard/auth', lazy: async () => ({ Component: (await import('./routes/AuthPage')).AuthPage }) },
      {
        path: 'dashboard',
        Component: RequireAuth,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./routes/DashboardPage')).DashboardPage }) },
          { path: 'new-multipage', lazy: async () => ({ Component: (await import('./routes/NewMultipagePage')).NewMultipagePage }) },
          { path: 'data/:spreadsheetId', lazy: async () => ({ Component: (await import('./routes/DataEditorPage')).DataEditorPage }) },
          { path: 'users', lazy: async () => ({ Component: (await import('./routes/WorkspaceEditorsPage')).WorkspaceEditorsPage }) },
          { path: '*', Component: ComingSoon },
        ],
      },
      // The links app users get by e-mail (issue 5), on the app's host.
      { path: 'accept-invitation', lazy: async () => ({ Component: (await import('./routes/AppPasswordPage')).AcceptInvitationPage }) },
      // A workspace-editor invitation (issue 5), on the base host; it needs the account's session.
      { path: 'join-workspace', lazy: async () => ({ Component: (await import('./routes/JoinWorkspacePage')).JoinWorkspacePage }) },
      { path: 'reset-password', lazy: async () => ({ Component: (await import('./routes/AppPasswordPage')).ResetPasswordPage }) },
      ...LATER.map((path) => ({ path, Component: ComingSoon })),
      { path: ':boardSlug', Component: BoardRoute },
      // A page of a multipage app on the base host (on an app host, `/:boardSlug` is the page).
      { path: ':boardSlug/:pageSlug', Component: BoardRoute },
      { path: '*', Component: NotFound },
    ],
  },
]);
