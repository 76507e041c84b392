// `/`: on an app host (`{subdomain}.{BASE_HOST}`) it is that app's board; on the base host there
// is no landing page yet, so it goes to the owner's dashboard.
import { Navigate } from 'react-router';
import { Loading } from '../components/Loading';
import { appSubdomain, useBaseUrl } from '../lib/host';
import { Board } from './BoardRoute';

export function HomeRoute() {
  const base = useBaseUrl();
  if (!base.data) return <Loading fullScreen />;
  const sub = appSubdomain(base.data);
  if (sub) return <Board boardKey={sub} basePath="" />;
  return <Navigate to="/dashboard" replace />;
}
