// What the shell adds around every screen (mounted once by router.tsx's Root): the offline
// banner, the live chat on its pages, the main layout's base-host rule and link prefetching.
import { useContext, useEffect } from 'react';
import { UNSAFE_DataRouterContext } from 'react-router';
import { BaseHostRedirect } from './BaseHostRedirect';
import { ChatWidget } from './ChatWidget';
import { OfflineBanner } from './OfflineBanner';
import { watchLinkIntent } from './prefetch';

function LinkPrefetch() {
  const routes = useContext(UNSAFE_DataRouterContext)?.router.routes;
  useEffect(() => (routes ? watchLinkIntent(routes) : undefined), [routes]);
  return null;
}

export function ShellExtras() {
  return (
    <>
      <OfflineBanner />
      <ChatWidget />
      <BaseHostRedirect />
      <LinkPrefetch />
    </>
  );
}
