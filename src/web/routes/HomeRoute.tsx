// `/`: on an app host (`{subdomain}.{BASE_HOST}`) it is that app's board. On the base host the
// server answers `/` itself (modules/landing: the landing page for a visitor, a redirect to the
// dashboard for a signed-in owner; links to it are plain <a href="/">), so the web app meets it
// only under `npm run dev`, where Vite serves index.html: it goes to the dashboard there.
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
