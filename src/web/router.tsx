// Every route of shell §2.1 (tests/e2e/routes.test.ts walks them); anything unknown is the 404
// screen. Routes name their middleware (guards/registry.ts) with `lazy: middleware([...])` (a <RouteMiddleware use={[...]} /> element).
import { createBrowserRouter, Outlet } from 'react-router';
import { LoadingBar } from './components/LoadingBar';
import { NotFound } from './components/ErrorScreen';
import { RequireAuth } from './guards/RequireAuth';
import { BoardRoute } from './routes/BoardRoute';
import { HomeRoute } from './routes/HomeRoute';
import { captureBlogData } from './features/blog/boot-data';
import { BootFallback } from './features/blog/BootFallback';
import { RouteError } from './features/shell/RouteError';
import { ShellExtras } from './features/shell/ShellExtras';

/**
 * A route element that runs the named middleware (guards/registry.ts) around its children, as a
 * lazy chunk: the guards (the admin and blog-admin sessions and their calls) are no part of what
 * a guest downloads.
 */
const middleware = (use: readonly string[]) => async () => {
  const { RouteMiddleware } = await import('./guards/RouteMiddleware');
  return { element: <RouteMiddleware use={use} /> };
};

// Before the first render replaces #root: the blog's page data the server put in the HTML.
captureBlogData();

function Root() {
  return (
    <>
      <LoadingBar />
      <ShellExtras />
      <Outlet />
    </>
  );
}

export const router = createBrowserRouter([
  {
    Component: Root,
    // Shown while a lazy route's chunk loads on the very first page load (a blog page the server
    // rendered keeps its content meanwhile).
    HydrateFallback: BootFallback,
    // A lazy screen whose chunk failed to load reloads once (shell §4); other errors: the error screen.
    ErrorBoundary: RouteError,
    children: [
      { index: true, Component: HomeRoute },
      // Owner screens are separate chunks: a guest opening a board downloads none of them.
      { path: 'dashboard/signup', lazy: async () => ({ Component: (await import('./routes/SignupPage')).SignupPage }) },
      { path: 'dashboard/auth', lazy: async () => ({ Component: (await import('./routes/AuthPage')).AuthPage }) },
      // Sign-up as a plain server form (issue 18): reachable signed out, like sign-up and sign-in.
      { path: 'dashboard/signupbackup', lazy: async () => ({ Component: (await import('./routes/SignupBackupPage')).SignupBackupPage }) },
      // Owner accounts (issue 18): reachable signed out (a reset link, a verification link).
      { path: 'dashboard/forgetPassword', lazy: async () => ({ Component: (await import('./routes/ForgotPasswordPage')).ForgotPasswordPage }) },
      { path: 'dashboard/emailVerify', lazy: async () => ({ Component: (await import('./routes/EmailVerifyPage')).EmailVerifyPage }) },
      // The provider's admin area (admin-auth: the admin session flag, then the server's session).
      { path: 'admin-login', lazy: async () => ({ Component: (await import('./routes/AdminLoginPage')).AdminLoginPage }) },
      {
        lazy: middleware(['admin-auth']),
        children: [
          { path: 'admin', lazy: async () => ({ Component: (await import('./routes/AdminQueuePage')).AdminQueuePage }) },
          { path: 'admin_old', lazy: async () => ({ Component: (await import('./routes/AdminDecisionsPage')).AdminDecisionsPage }) },
          { path: 'dashboard/users', lazy: async () => ({ Component: (await import('./routes/AdminUsersPage')).AdminUsersPage }) },
          // The blog team's accounts and invitations (issue 17).
          { path: 'admin/blog-team', lazy: async () => ({ Component: (await import('./routes/AdminBlogTeamPage')).AdminBlogTeamPage }) },
          { path: 'admin/codes', lazy: async () => ({ Component: (await import('./routes/AdminCodesPage')).AdminCodesPage }) },
          // Deeper paths of the area exist in no screen yet: the 404 screen, but only for an admin.
          { path: 'admin/*', Component: NotFound },
          { path: 'admin_old/*', Component: NotFound },
          { path: 'dashboard/users/*', Component: NotFound },
        ],
      },
      {
        path: 'dashboard',
        Component: RequireAuth,
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./routes/DashboardPage')).DashboardPage }) },
          { path: 'new-multipage', lazy: async () => ({ Component: (await import('./routes/NewMultipagePage')).NewMultipagePage }) },
          { path: 'data/:spreadsheetId', lazy: async () => ({ Component: (await import('./routes/DataEditorPage')).DataEditorPage }) },
          { path: 'account', lazy: async () => ({ Component: (await import('./routes/AccountPage')).AccountPage }) },
          { path: 'accountbilling', lazy: async () => ({ Component: (await import('./routes/AccountBillingPage')).AccountBillingPage }) },
          // Personal API tokens and the REST API reference (issue 18).
          { path: 'developerlogin', lazy: async () => ({ Component: (await import('./routes/DeveloperPage')).DeveloperPage }) },
          { path: 'developerlogin/reference', lazy: async () => ({ Component: (await import('./routes/ApiReferencePage')).ApiReferencePage }) },
          // Several workspaces per owner and the first run (issue 18).
          { path: 'start', lazy: async () => ({ Component: (await import('./routes/StartPage')).StartPage }) },
          { path: 'new-workspace', lazy: async () => ({ Component: (await import('./routes/NewWorkspacePage')).NewWorkspacePage }) },
          { path: 'redeemappsumocodes', lazy: async () => ({ Component: (await import('./routes/RedeemCodesPage')).RedeemCodesPage }) },
          { path: 'apps/:appId/map-data', lazy: async () => ({ Component: (await import('./features/templates/MappingPage')).MappingPage }) },
          { path: '*', Component: NotFound },
        ],
      },
      // The links app users get by e-mail (issue 5), on the app's host.
      { path: 'accept-invitation', lazy: async () => ({ Component: (await import('./routes/AppPasswordPage')).AcceptInvitationPage }) },
      // A workspace-editor invitation (issue 5), on the base host; it needs the account's session.
      { path: 'join-workspace', lazy: async () => ({ Component: (await import('./routes/JoinWorkspacePage')).JoinWorkspacePage }) },
      { path: 'reset-password', lazy: async () => ({ Component: (await import('./routes/AppPasswordPage')).ResetPasswordPage }) },
      // The blog's administration (issue 17): blog-admin-auth (the stored blog admin user, then the server's session).
      { path: 'blog-admin/login', lazy: async () => ({ Component: (await import('./routes/blog-admin/BlogAdminLoginPage')).BlogAdminLoginPage }) },
      {
        lazy: middleware(['blog-admin-auth']),
        children: [
          {
            // One frame for the area's pages (full paths: reserved-paths.test.ts reads first segments).
            lazy: async () => ({ Component: (await import('./features/blog-admin/BlogAdminLayout')).BlogAdminFrame }),
            children: [
              { path: 'blog-admin', lazy: async () => ({ Component: (await import('./routes/blog-admin/BlogOverviewPage')).BlogOverviewPage }) },
              { path: 'blog-admin/blogs', lazy: async () => ({ Component: (await import('./routes/blog-admin/BlogPostsPage')).BlogPostsPage }) },
              { path: 'blog-admin/add-blog/:id?', lazy: async () => ({ Component: (await import('./routes/blog-admin/BlogEditorPage')).BlogEditorPage }) },
              { path: 'blog-admin/edit-blog/:id', lazy: async () => ({ Component: (await import('./routes/blog-admin/BlogEditorPage')).BlogEditorPage }) },
              { path: 'blog-admin/categories', lazy: async () => ({ Component: (await import('./routes/blog-admin/BlogCategoriesPage')).BlogCategoriesPage }) },
              { path: 'blog-admin/authors', lazy: async () => ({ Component: (await import('./routes/blog-admin/BlogAuthorsPage')).BlogAuthorsPage }) },
              { path: 'blog-admin/edit/:id', lazy: async () => ({ Component: (await import('./routes/blog-admin/BlogAuthorEditPage')).BlogAuthorEditPage }) },
              { path: 'blog-admin/media', lazy: async () => ({ Component: (await import('./routes/blog-admin/BlogMediaPage')).BlogMediaPage }) },
              { path: 'blog-admin/*', Component: NotFound },
            ],
          },
        ],
      },
      // The marketplace's visitor side (issue 15): listings, a template's page, Stripe's way back.
      { path: 'marketplace', lazy: async () => ({ Component: (await import('./routes/MarketplacePage')).MarketplacePage }) },
      { path: 'templates', lazy: async () => ({ Component: (await import('./routes/MarketplacePage')).TemplatesPage }) },
      { path: 'multipage-templates', lazy: async () => ({ Component: (await import('./routes/MarketplacePage')).MultipageTemplatesPage }) },
      { path: 'templates/:slug', lazy: async () => ({ Component: (await import('./routes/TemplateDetailPage')).TemplateDetailPage }) },
      { path: 'payment_success', lazy: async () => ({ Component: (await import('./routes/PaymentResultPage')).PaymentSuccessPage }) },
      { path: 'payment_fail', lazy: async () => ({ Component: (await import('./routes/PaymentResultPage')).PaymentFailPage }) },
      // The public blog (issue 17); its page data comes with the HTML (features/blog/boot-data.ts).
      { path: 'blog', lazy: async () => ({ Component: (await import('./routes/blog/BlogListPage')).BlogListPage }) },
      { path: 'blog/preview', lazy: async () => ({ Component: (await import('./routes/blog/BlogPreviewListPage')).BlogPreviewListPage }) },
      { path: 'blog/preview/:slug', lazy: async () => ({ Component: (await import('./routes/blog/BlogPreviewPage')).BlogPreviewPage }) },
      { path: 'blog/:slug', lazy: async () => ({ Component: (await import('./routes/blog/BlogPostPage')).BlogPostPage }) },
      { path: 'blog/*', Component: NotFound },
      // The current workspace's boards (issue 18): signed in only, like the dashboard.
      {
        path: 'boardWorkspace',
        Component: RequireAuth,
        children: [{ index: true, lazy: async () => ({ Component: (await import('./routes/BoardWorkspacePage')).BoardWorkspacePage }) }],
      },
      { path: ':boardSlug', Component: BoardRoute },
      // A page of a multipage app on the base host (on an app host, `/:boardSlug` is the page).
      { path: ':boardSlug/:pageSlug', Component: BoardRoute },
      { path: '*', Component: NotFound },
    ],
  },
]);
