// 'You are offline' (shell §4, the service worker's offline shell): a banner over every screen
// while the browser has no network. The app shell and the screens already opened keep working
// from the service worker's cache; data cannot load or save until the connection is back.
import { IconWifiOff } from '@tabler/icons-react';
import { useOnline } from './online';

export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div className="sb-offline" role="status" aria-live="polite" data-testid="offline-banner">
      <IconWifiOff size={18} aria-hidden="true" />
      <span>
        <strong>You are offline.</strong> Screens you opened before still work; data loads and saves again when the connection is back.
      </span>
    </div>
  );
}
