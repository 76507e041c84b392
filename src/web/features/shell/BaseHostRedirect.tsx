// The main layout's host rule (base-host.ts): the product's own pages move to the board base
// host when opened on another name of the site. The base URL comes from the server
// (GET /api/getENV/BOARD_BASE_URL); when that fails nothing moves (a guess could send the visitor
// to the wrong site).
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { api } from '../../lib/api';
import { appSubdomain } from '../../lib/host';
import { mainHostRedirect, MAIN_LAYOUT_PATHS } from './base-host';

export function BaseHostRedirect() {
  const { pathname } = useLocation();
  const mainPage = MAIN_LAYOUT_PATHS.test(pathname);
  const base = useQuery({
    queryKey: ['env', 'BOARD_BASE_URL', 'as-set'],
    queryFn: async () => {
      const raw = await api.get<unknown>('/api/getENV/BOARD_BASE_URL');
      return typeof raw === 'string' && /^https?:\/\//i.test(raw.trim()) ? raw.trim() : null;
    },
    enabled: mainPage,
    staleTime: Infinity,
  });
  const baseUrl = base.data;
  useEffect(() => {
    if (!mainPage || !baseUrl) return;
    const target = mainHostRedirect(window.location.href, baseUrl, appSubdomain(baseUrl) !== null);
    if (target) window.location.replace(target);
  }, [mainPage, baseUrl, pathname]);
  return null;
}
