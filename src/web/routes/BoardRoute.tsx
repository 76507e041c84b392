// The board viewer: `/{board_slug}` on the base host, `/` on an app host. can_edit picks the
// editor (a lazy chunk, so guests never download it) or the guest view (shell §2.3).
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { ErrorScreen } from '../components/ErrorScreen';
import { Loading } from '../components/Loading';
import { ChunkPending } from '../components/LoadingBar';
import { usePages } from '../lib/queries';
import { useBoardState } from '../viewer/board-state';
import { GuestView } from '../viewer/GuestView';

const EditorLayout = lazy(() => import('../editor/EditorLayout').then((m) => ({ default: m.EditorLayout })));

export function BoardRoute() {
  const { boardSlug = '' } = useParams();
  return <Board boardKey={boardSlug} />;
}

export function Board({ boardKey }: { boardKey: string }) {
  const board = useBoardState(boardKey);
  const pages = usePages(board.data?.appId);

  if (board.isError) return <ErrorScreen error={board.error} />;
  if (pages.isError) return <ErrorScreen error={pages.error} />;
  if (!board.data || pages.isPending) return <Loading fullScreen />;

  const page = pages.data[0];
  if (board.data.canEdit)
    return (
      <Suspense
        fallback={
          <>
            <ChunkPending />
            <Loading fullScreen />
          </>
        }
      >
        <EditorLayout board={board.data} boardKey={boardKey} page={page} />
      </Suspense>
    );
  return <GuestView board={board.data} page={page} />;
}
