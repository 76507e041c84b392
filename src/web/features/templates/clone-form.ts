// The clone modal's pure parts: the name rule, the address shown as you type, and a refused
// clone in words (402: buy it first, with where to buy).
import { subdomainOf, subdomainProblem } from '../../../shared/rules/slug';
import { TEMPLATE_LIMITS, TEMPLATE_MESSAGES } from '../../../shared/rules/templates';

/** Why the name cannot be sent as it is (trimmed: required, at most TEMPLATE_LIMITS.cloneNameMax), or null. */
export function cloneNameProblem(name: string): string | null {
  const t = name.trim();
  if (!t) return TEMPLATE_MESSAGES.cloneNameRequired;
  if (t.length > TEMPLATE_LIMITS.cloneNameMax) return TEMPLATE_MESSAGES.cloneNameTooLong;
  return null;
}

/**
 * The new app's address as the server will derive it from the name (`/{subdomain}` on the board
 * host), noting it is made unique; '' before there is a name.
 */
export function cloneAddress(name: string, baseUrl: string): string {
  if (!name.trim()) return '';
  let host = baseUrl;
  try {
    host = new URL(baseUrl).host;
  } catch {
    /* shown as given */
  }
  const sub = subdomainOf(name);
  const shown = sub && !subdomainProblem(sub) ? sub : `${sub || 'app'}-2`;
  return `Address: ${host}/${shown} (a number is added if it is taken)`;
}

/** The mapping step of a cloned app (bind it to the buyer's own spreadsheet). */
export function mappingPath(appId: string): string {
  return `/dashboard/apps/${encodeURIComponent(appId)}/map-data`;
}

/** A refused clone in words; 402 (a paid template not bought) adds where to buy it. */
export function cloneRefusal(e: unknown, slug: string): { message: string; buyPath: string | null } {
  const status = (e as { status?: unknown } | null)?.status;
  const text = e instanceof Error && e.message ? e.message : TEMPLATE_MESSAGES.cloneFailed;
  if (status === 402) return { message: text || TEMPLATE_MESSAGES.notPurchased, buyPath: `/templates/${encodeURIComponent(slug)}` };
  if (status === 0 || status === 500) return { message: TEMPLATE_MESSAGES.cloneFailed, buyPath: null };
  return { message: text, buyPath: null };
}
