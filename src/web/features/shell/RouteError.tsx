// The root's error boundary: a screen's code chunk that failed to load (a deploy replaced it, the
// network dropped) reloads the page once, at most once a minute (shell §4, chunk-reload.ts);
// any other error, or a chunk still failing within the minute, shows the error screen.
import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router';
import { ErrorScreen } from '../../components/ErrorScreen';
import { Loading } from '../../components/Loading';
import { chunkReloadDue, isChunkLoadError, reloadForChunkError } from './chunk-reload';

export function RouteError() {
  const error = useRouteError();
  const [willReload] = useState(() => isChunkLoadError(error) && chunkReloadDue());
  useEffect(() => {
    if (willReload) reloadForChunkError();
  }, [willReload]);
  if (willReload) return <Loading fullScreen />;
  return <ErrorScreen error={error} />;
}
