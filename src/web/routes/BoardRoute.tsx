// The board viewer: `/{board_slug}` on the base host, `/` on an app host. can_edit picks the
// editor (a lazy chunk, so guests never download it) or the guest view (shell §2.3).
// Multipage apps add their pages: `/{page_slug}` on the app host, `/{board_slug}/{page_slug}`
// on the base host; the root is the home page.
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { ErrorScreen, NotFound } from '../components/ErrorScreen';
import { Loading } from '../components/Loading';
import { ChunkPending } from '../components/LoadingBar';
import { appOriginTarget, appSubdomain, useBaseUrl } from '../lib/host';
import { usePages } from '../lib/queries';
import { pageOfSlug } from '../viewer/app-nav';
import { useBoardState } from '../viewer/board-state';
import { embedParams } from '../viewer/embed';
import { GuestView } from '../viewer/GuestView';
import { MultipageView } from '../viewer/MultipageView';
import { previewParams } from '../viewer/preview';
import { PreviewBanner } from '../viewer/LazyPreviewBanner';
import { isReservedSubdomain } from '../../shared/rules/slug';

const EditorLayout = lazy(() => import('../editor/EditorLayout').then((m) => ({ default: m.EditorLayout })));
// A password app's sign-in screen when it has no sign-in page of its own (issue 5).
const AppSignIn = lazy(() => import('../viewer/AppSignIn').then((m) => ({ default: m.AppSignIn })));

export function BoardRoute() {
  const { boardSlug = '', pageSlug } = useParams();
  const base = useBaseUrl();
  if (!base.data) return <Loading fullScreen />;
  // On an app host the first segment is a page of that app.
  const sub = appSubdomain(base.data);
  if (sub) return pageSlug ? <NotFound /> : <Board boardKey={sub} pageSlug={boardSlug} basePath="" />;
  // A reserved name's path is the product's, even for an app that held the name before (its own host still serves it).
  if (isReservedSubdomain(boardSlug)) return <NotFound />;
  return <Board boardKey={boardSlug} pageSlug={pageSlug} basePath={`/${boardSlug}`} />;
}

export function Board({ boardKey, pageSlug, basePath = '' }: { boardKey: string; pageSlug?: string; basePath?: string }) {
  const board = useBoardState(boardKey);
  const pages = usePages(board.data?.appId);

  // On the base host a visitor is shown a published app on its own origin, away from the product's
  // sessions (the server redirects the address too; this covers links followed inside the web app).
  // The one step of a visitor's that needs the product's session there, the template's clone dialog
  // (open_clone_modal), shows the preview banner and the dialog alone: none of the app's pages.
  const preview = previewParams(window.location.search);
  const cloneStep = !!basePath && !!board.data?.appOrigin && !!preview?.openCloneModal;
  const away = basePath && board.data?.appOrigin && !cloneStep ? appOriginTarget(board.data.appOrigin, pageSlug, window.location.search) : null;
  useEffect(() => {
    if (away) window.location.replace(away);
  }, [away]);
  if (cloneStep && board.data && preview) return <PreviewBanner params={preview} board={board.data} />;

  if (board.isError) return <ErrorScreen error={board.error} />;
  if (pages.isError) return <ErrorScreen error={pages.error} />;
  if (away || !board.data || pages.isPending) return <Loading fullScreen />;

  const multipage = board.data.kind === 'multipage';
  const page = multipage ? pageOfSlug(pages.data, pageSlug) : pageSlug ? null : pages.data[0];
  if (board.data.needsSignIn) {
    // Before signing in to a password app the server sent its sign-in pages only: show the one
    // asked for, else the first (its address changes to it), else a plain sign-in screen.
    const signInPage = multipage ? (page ?? pages.data[0]) : undefined;
    if (!signInPage)
      return (
        <Suspense fallback={<Loading fullScreen />}>
          <AppSignIn board={board.data} />
        </Suspense>
      );
    // The root shows the app's home; when that is not a sign-in page, the address says where the visitor is.
    if (signInPage !== page || (!pageSlug && signInPage.page_type !== 'home'))
      return <Navigate to={`${basePath}/${signInPage.page_slug}${window.location.search}`} replace />;
  }
  if (pageSlug && !page) return <NotFound />;
  // An embed (embed=true, or any frame) is the guest view even for the owner: no editor to click-jack.
  // Preview mode (shell §2.3: `preview=true` shows the banner instead of the editor's bars) too.
  if (board.data.canEdit && !embedParams(window.location.search).embed && !previewParams(window.location.search) && window.self === window.top)
    return (
      <Suspense
        fallback={
          <>
            <ChunkPending />
            <Loading fullScreen />
          </>
        }
      >
        <EditorLayout board={board.data} boardKey={boardKey} page={page ?? undefined} pages={pages.data} basePath={basePath} />
      </Suspense>
    );
  if (multipage && page) return <MultipageView board={board.data} pages={pages.data} page={page} basePath={basePath} />;
  return <GuestView board={board.data} page={page ?? undefined} />;
}
