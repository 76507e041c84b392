// Routes name their middleware: <RouteMiddleware use={['admin-auth']} /> as a route's element
// runs the named guards in order around the child routes (middleware.ts, registry.ts).
import { Outlet } from 'react-router';
import { ErrorScreen } from '../components/ErrorScreen';
import { resolveMiddleware } from './middleware';
import { MIDDLEWARE } from './registry';

export function RouteMiddleware({ use }: { use: readonly string[] }) {
  const resolved = resolveMiddleware(use, MIDDLEWARE);
  if (!resolved.ok) return <ErrorScreen error={resolved.error} />;
  return resolved.guards.reduceRight((inner, Guard) => <Guard>{inner}</Guard>, <Outlet />);
}
