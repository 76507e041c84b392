// Unauthenticated visits to /dashboard... go to /dashboard/auth (shell §4).
import { Navigate, Outlet } from 'react-router';
import { ErrorScreen } from '../components/ErrorScreen';
import { Loading } from '../components/Loading';
import { useMe } from '../lib/queries';

export function RequireAuth() {
  const me = useMe();
  if (me.isPending) return <Loading fullScreen />;
  if (me.isError) return <ErrorScreen error={me.error} />;
  if (!me.data) return <Navigate to="/dashboard/auth" replace />;
  return <Outlet />;
}
