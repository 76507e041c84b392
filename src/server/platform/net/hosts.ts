// Which app a request's Host names: one of ours (`{subdomain}.{BASE_HOST}`) or someone's custom
// domain. Plain text rules on the Host header, below the apps' records: the security headers and
// the site's pages ask too, without reading any app.
import { baseHostname, type Config } from '../../config';

/** The app a request's Host names (`{subdomain}.{BASE_HOST}`), or null on the base host. */
export function hostSubdomain(config: Config, host: string | undefined): string | null {
  if (!host) return null;
  const hostname = host.toLowerCase().replace(/:\d+$/, '');
  const base = baseHostname(config);
  if (!hostname.endsWith(`.${base}`)) return null;
  const label = hostname.slice(0, -(base.length + 1)).split('.').pop() ?? '';
  if (!label || label === 'www' || /^\d+$/.test(label)) return null;
  return label;
}

/** The request's host name when it is neither ours nor one of our app hosts (a custom domain), else null. */
export function customHostOf(config: Config, host: string | undefined): string | null {
  if (!host) return null;
  const hostname = host.toLowerCase().replace(/:\d+$/, '');
  const base = baseHostname(config);
  if (!hostname || hostname === base || hostname.endsWith(`.${base}`) || hostname === '127.0.0.1' || hostname === '[::1]') return null;
  return hostname;
}

/**
 * The origin of an app's own host, `{scheme}://{subdomain}.{BASE_HOST}`: https when the server's
 * links are (PUBLIC_SCHEME) or the request came over https, as magic links do.
 */
export function appOriginOf(config: Config, subdomain: string, requestProtocol: string): string {
  const scheme = config.publicScheme === 'https' || requestProtocol === 'https' ? 'https' : 'http';
  return `${scheme}://${subdomain}.${config.baseHost}`;
}
