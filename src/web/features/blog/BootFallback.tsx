// Shown while a lazy route's chunk loads on the very first page load. A blog page the server
// rendered keeps showing what the server sent (the nodes it parsed, put back as they were)
// instead of a spinner, so a reader sees the post at once; any other page shows the loading
// animation.
import { Loading } from '../../components/Loading';
import { serverMarkup } from './boot-data';

export function BootFallback() {
  const nodes = serverMarkup();
  if (nodes.length === 0) return <Loading fullScreen />;
  return <div ref={(el) => el?.replaceChildren(...nodes)} data-testid="blog-server-markup" />;
}
