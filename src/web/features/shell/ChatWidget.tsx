// The live-chat widget (shell §1, §9): Chatwoot's website widget, configured by the server
// settings CHATWOOT_URL and CHATWOOT_WEBSITE_TOKEN (GET /api/getENV/…; off when they are empty).
// Loaded the first time the visitor is on one of the chat's pages (chat.ts), with Chatwoot's own
// loader contract: `{CHATWOOT_URL}/packs/js/sdk.js`, then `window.chatwootSDK.run({ websiteToken,
// baseUrl })`. In the single-page app the visitor moves on without a page load, so on every other
// path the bubble (and an open chat window) is hidden, and shown again on a chat page: through
// the SDK's `$chatwoot.toggleBubbleVisibility` once it is ready, and by the `data-chat-hidden`
// attribute on <html> (styles.css) meanwhile and for any element the SDK adds later.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { api } from '../../lib/api';
import { appSubdomain, useBaseUrl } from '../../lib/host';
import { chatAllowed, chatSettings, chatwootSdkUrl } from './chat';

declare global {
  interface Window {
    chatwootSettings?: Record<string, unknown>;
    chatwootSDK?: { run: (options: { websiteToken: string; baseUrl: string }) => void };
    $chatwoot?: { toggleBubbleVisibility?: (v: 'show' | 'hide') => void; toggle?: (state?: 'open' | 'close') => void };
  }
}

let loaded = false;

function loadChatwoot(baseUrl: string, websiteToken: string) {
  if (loaded) return;
  loaded = true;
  window.chatwootSettings = { position: 'right', type: 'standard', launcherTitle: 'Chat with us' };
  const script = document.createElement('script');
  script.src = chatwootSdkUrl(baseUrl);
  script.defer = true;
  script.async = true;
  script.dataset.chatwoot = 'sdk';
  script.onload = () => window.chatwootSDK?.run({ websiteToken, baseUrl });
  script.onerror = () => {
    // The chat server is unreachable: the page works without it; a later page load tries again.
    script.remove();
  };
  document.head.appendChild(script);
}

function applyVisibility(show: boolean) {
  document.documentElement.toggleAttribute('data-chat-hidden', !show);
  const chat = window.$chatwoot;
  if (!chat) return;
  if (!show) chat.toggle?.('close');
  chat.toggleBubbleVisibility?.(show ? 'show' : 'hide');
}

async function envValue(name: string): Promise<string> {
  const v = await api.get<unknown>(`/api/getENV/${name}`);
  return typeof v === 'string' ? v : '';
}

export function ChatWidget() {
  const { pathname, search } = useLocation();
  const base = useBaseUrl();
  const allowed =
    !!base.data && chatAllowed({ pathname, search, framed: window.self !== window.top, appHost: appSubdomain(base.data) !== null });
  const settings = useQuery({
    queryKey: ['env', 'chatwoot'],
    queryFn: async () => chatSettings(await envValue('CHATWOOT_URL'), await envValue('CHATWOOT_WEBSITE_TOKEN')),
    enabled: allowed,
    staleTime: Infinity,
  });
  const config = settings.data;

  useEffect(() => {
    if (allowed && config) loadChatwoot(config.baseUrl, config.websiteToken);
  }, [allowed, config]);

  useEffect(() => {
    applyVisibility(allowed);
    // The SDK announces itself when its bubble exists; apply where we are at that moment.
    const onReady = () => applyVisibility(allowed);
    window.addEventListener('chatwoot:ready', onReady);
    return () => window.removeEventListener('chatwoot:ready', onReady);
  }, [allowed]);

  return null;
}
