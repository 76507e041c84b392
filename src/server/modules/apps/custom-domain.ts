// A custom domain (the Publish URL naming a host of the owner's) serves its app only once the
// owner proves they control its DNS: a TXT record `_sheetboard.{host}` holding the app's token.
// Anyone may claim a domain in a Publish URL; claiming serves nothing, so a domain no longer goes
// to whoever names it first. Once verified, the host is the app's (a unique index on verified
// hosts): another app naming it is told so when it tries to verify. The record is checked once;
// removing it later does not stop the app (like most hosts do; the owner clears the Publish URL
// to release the domain).
import crypto from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import type { CustomDomain } from '../../../shared/api';
import type { ServerContext } from '../../platform/context';
import { isUniqueViolation } from '../../db';
import { conflict } from '../../errors';
import { nowIso } from '../../http';
import type { AppView } from '../../data/apps/record';
import { appsRepo } from '../../data/apps/repo';

/** Label in front of the domain where the TXT record lives. */
export const RECORD_LABEL = '_sheetboard';
const DNS_TIMEOUT_MS = 3000;

/** A fresh token for an app's TXT record (hex: safe in every DNS console). */
export function newDomainToken(): string {
  return `sheetboard-verify-${crypto.randomBytes(16).toString('hex')}`;
}

export function customDomainOf(app: AppView): CustomDomain | null {
  if (!app.customHost || !app.customHostToken) return null;
  return {
    host: app.customHost,
    verified: app.customHostVerified,
    record: { type: 'TXT', name: `${RECORD_LABEL}.${app.customHost}`, value: app.customHostToken },
  };
}

/** The TXT strings at `name` (each record's chunks joined), [] when there is none. */
async function txtRecords(ctx: ServerContext, name: string): Promise<string[] | 'unreachable'> {
  const resolver = new Resolver({ timeout: DNS_TIMEOUT_MS, tries: 2 });
  if (ctx.config.dnsServers) resolver.setServers(ctx.config.dnsServers);
  try {
    return (await resolver.resolveTxt(name)).map((chunks) => chunks.join('').trim());
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') return [];
    ctx.log.warn({ err: e, name }, 'custom domain: DNS lookup failed');
    return 'unreachable';
  }
}

/**
 * Looks the app's TXT record up and, when it holds the app's token, lets the domain serve the app.
 * Answers the domain's state, with `problem` saying what to do when it is not proved.
 */
export async function verifyCustomDomain(ctx: ServerContext, app: AppView): Promise<CustomDomain | null> {
  const domain = customDomainOf(app);
  if (!domain || domain.verified) return domain;
  const found = await txtRecords(ctx, domain.record.name);
  if (found === 'unreachable')
    return { ...domain, problem: `The domain's DNS could not be reached just now. Please try again in a few minutes.` };
  if (!found.includes(domain.record.value)) {
    const problem =
      found.length === 0
        ? `No TXT record named ${domain.record.name} was found. Add it at your domain's DNS provider with the value shown, then verify again (new records can take up to an hour to appear).`
        : `The TXT record ${domain.record.name} does not hold this app's value. Set it to the value shown, then verify again.`;
    return { ...domain, problem };
  }
  try {
    await appsRepo(ctx.db).update(app.id, { custom_host_verified_at: nowIso(), updated_at: nowIso() });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(`The address ${domain.host} already serves another app`);
    throw e;
  }
  return { ...domain, verified: true };
}
