// A custom domain serves its app only once proved by a DNS TXT record (custom-domain.ts), looked
// up through a real DNS server on this machine (testing/dns.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomDomain } from '../../../shared/api';
import { startDns } from '../../testing/dns';
import { DOMAIN_CHECKS_PER_ACCOUNT } from './routes';
import { createTestApp, signUp, type TestUser } from '../../testing/app';
import { forTests, testServer } from '../../testing/server';

const dns = forTests(startDns);
const t = testServer(() => ({ dnsServers: [dns.server] }));
let owner: TestUser;
let squatter: TestUser;
let n = 0;

beforeAll(async () => {
  owner = await signUp(t.app, 'Olive Owner');
  squatter = await signUp(t.app, 'Sam Squatter');
});

const as = (u: TestUser) => ({ cookie: u.cookie });
async function newApp(u: TestUser): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/apps', headers: as(u), payload: { public: true, name: `Shop ${++n}`, kind: 'board' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().app.id;
}
const setPublishUrl = (u: TestUser, id: string, publishUrl: string) => t.app.inject({ method: 'PUT', url: `/api/apps/${id}`, headers: as(u), payload: { publishUrl } });
async function domainOf(u: TestUser, id: string): Promise<CustomDomain | null> {
  const res = await t.app.inject({ method: 'GET', url: `/api/apps/${id}/custom-domain`, headers: as(u) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().customDomain;
}
async function verify(u: TestUser, id: string) {
  return t.app.inject({ method: 'POST', url: `/api/apps/${id}/custom-domain/verify`, headers: as(u) });
}
/** Which app the host serves (its home page's app), or the status when none. */
async function served(host: string): Promise<string | number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/page/home', headers: { host } });
  return res.statusCode === 200 ? (res.json().page.app_id as string) : res.statusCode;
}
const uniqueHost = () => `shop${Date.now().toString(36)}${++n}.example.com`;

describe('custom domains', () => {
  it('a claimed domain does not serve the app until its TXT record holds the app value; then it does', async () => {
    const id = await newApp(owner);
    const host = uniqueHost();
    expect((await setPublishUrl(owner, id, `https://${host}/`)).statusCode).toBe(200);
    const domain = await domainOf(owner, id);
    expect(domain).toEqual({ host, verified: false, record: { type: 'TXT', name: `_sheetboard.${host}`, value: expect.stringMatching(/^sheetboard-verify-[0-9a-f]{32}$/) } });
    expect(await served(host)).toBe(404);

    // No record yet.
    const missing = await verify(owner, id);
    expect(missing.statusCode).toBe(200);
    expect(missing.json().customDomain).toMatchObject({ verified: false, problem: expect.stringContaining(`No TXT record named _sheetboard.${host} was found`) });
    expect(dns.queries).toContain(`_sheetboard.${host}`);
    // A record with another value.
    dns.txt.set(`_sheetboard.${host}`, ['sheetboard-verify-somebody-else']);
    expect((await verify(owner, id)).json().customDomain).toMatchObject({ verified: false, problem: expect.stringContaining('does not hold this app') });
    expect(await served(host)).toBe(404);

    // The right one, among other TXT records of the name.
    dns.txt.set(`_sheetboard.${host}`, ['v=spf1 -all', domain!.record.value]);
    const ok = await verify(owner, id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().customDomain).toEqual({ ...domain, verified: true });
    expect(await domainOf(owner, id)).toEqual({ ...domain, verified: true });
    expect(await served(host)).toBe(id);
    expect(await served(host.toUpperCase())).toBe(id);
  });

  it('whoever claims a domain first does not hold it: its DNS owner claims and proves it, and the squatter cannot', async () => {
    const host = uniqueHost();
    const squatted = await newApp(squatter);
    expect((await setPublishUrl(squatter, squatted, `http://${host}`)).statusCode).toBe(200);
    expect(await served(host)).toBe(404);

    const real = await newApp(owner);
    expect((await setPublishUrl(owner, real, `https://${host}`)).statusCode).toBe(200);
    const record = (await domainOf(owner, real))!.record;
    dns.txt.set(record.name, [record.value]);
    expect((await verify(owner, real)).json().customDomain.verified).toBe(true);
    expect(await served(host)).toBe(real);

    // The squatter's token is not in the record; even were it added, the host is taken.
    expect((await verify(squatter, squatted)).json().customDomain.verified).toBe(false);
    dns.txt.set(record.name, [record.value, (await domainOf(squatter, squatted))!.record.value]);
    const taken = await verify(squatter, squatted);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(`The address ${host} already serves another app`);
    expect(await served(host)).toBe(real);
    // Naming a proved host of another app is refused at once.
    const late = await setPublishUrl(squatter, await newApp(squatter), `https://${host.toUpperCase()}/`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(`The address ${host} already serves another app`);
  });

  it('another domain must be proved again; clearing the Publish URL stops serving it', async () => {
    const id = await newApp(owner);
    const first = uniqueHost();
    await setPublishUrl(owner, id, `https://${first}`);
    const token = (await domainOf(owner, id))!.record.value;
    dns.txt.set(`_sheetboard.${first}`, [token]);
    expect((await verify(owner, id)).json().customDomain.verified).toBe(true);
    // The same host saved again stays proved.
    await setPublishUrl(owner, id, `http://${first}/shop`);
    expect((await domainOf(owner, id))!.verified).toBe(true);

    const second = uniqueHost();
    await setPublishUrl(owner, id, `https://${second}`);
    expect(await domainOf(owner, id)).toEqual({ host: second, verified: false, record: { type: 'TXT', name: `_sheetboard.${second}`, value: token } });
    expect(await served(first)).toBe(404);
    expect(await served(second)).toBe(404);

    await setPublishUrl(owner, id, '');
    expect(await domainOf(owner, id)).toBeNull();
    expect((await verify(owner, id)).json()).toEqual({ customDomain: null });
  });

  it('says so when the DNS cannot be reached', async () => {
    const closed = await startDns();
    await closed.close();
    const offline = await createTestApp({ dnsServers: [closed.server] });
    try {
      const u = await signUp(offline.app);
      const id = (await offline.app.inject({ method: 'POST', url: '/api/apps', headers: as(u), payload: { public: true, name: 'Offline', kind: 'board' } })).json().app.id;
      await offline.app.inject({ method: 'PUT', url: `/api/apps/${id}`, headers: as(u), payload: { publishUrl: `https://${uniqueHost()}` } });
      const res = await offline.app.inject({ method: 'POST', url: `/api/apps/${id}/custom-domain/verify`, headers: as(u) });
      expect(res.statusCode).toBe(200);
      expect(res.json().customDomain).toMatchObject({ verified: false, problem: expect.stringContaining('could not be reached') });
    } finally {
      await offline.close();
    }
  });

  it('only the owner sees the record and verifies', async () => {
    const id = await newApp(owner);
    await setPublishUrl(owner, id, `https://${uniqueHost()}`);
    for (const res of [
      await t.app.inject({ method: 'GET', url: `/api/apps/${id}/custom-domain`, headers: as(squatter) }),
      await t.app.inject({ method: 'POST', url: `/api/apps/${id}/custom-domain/verify`, headers: as(squatter) }),
    ])
      expect([403, 404]).toContain(res.statusCode);
    expect((await t.app.inject({ method: 'GET', url: `/api/apps/${id}/custom-domain` })).statusCode).toBe(401);
  });

  it('refuses more than its budget of checks per owner account (each check queries DNS)', async () => {
    const u = await signUp(t.app, 'Vera Verifier');
    const id = await newApp(u);
    await setPublishUrl(u, id, `https://${uniqueHost()}`);
    const check = () => t.app.inject({ method: 'POST', url: `/api/apps/${id}/custom-domain/verify`, headers: as(u) });
    for (let i = 0; i < DOMAIN_CHECKS_PER_ACCOUNT; i++) expect((await check()).statusCode).toBe(200);
    const refused = await check();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many domain checks\. Please wait \d+ minutes? and try again\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another owner's budget is their own.
    const other = await newApp(owner);
    await setPublishUrl(owner, other, `https://${uniqueHost()}`);
    expect((await t.app.inject({ method: 'POST', url: `/api/apps/${other}/custom-domain/verify`, headers: as(owner) })).statusCode).toBe(200);
  });
});
