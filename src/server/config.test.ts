import { describe, expect, it } from 'vitest';
import { isPostgres, loadConfig } from './config';

const load = (env: Record<string, string>) => loadConfig(env as NodeJS.ProcessEnv);

describe('loadConfig', () => {
  it('defaults to SQLite on port 3000 under localhost:3000, free plan, 50 MB imports', () => {
    const c = load({});
    expect(c).toMatchObject({ port: 3000, databaseUrl: null, baseHost: 'localhost:3000', plan: 'free', maxImportMb: 50 });
    expect(c.pgSchema).toBeUndefined();
    expect(isPostgres(c)).toBe(false);
  });

  it('without BASE_HOST, boards hang under localhost at the port served; BASE_HOST wins when set', () => {
    expect(load({ PORT: '3457' }).baseHost).toBe('localhost:3457');
    expect(load({ PORT: '3457' }).mailFrom).toBe('Sheetboard <no-reply@localhost>');
    expect(load({ PORT: '3457', BASE_HOST: 'boards.example.com' }).baseHost).toBe('boards.example.com');
  });

  it('switches to PostgreSQL for a postgres:// URL, in the schema DATABASE_SCHEMA names', () => {
    const c = load({ DATABASE_URL: 'postgres://u@h:5432/db', DATABASE_SCHEMA: 'tenant_a' });
    expect(isPostgres(c)).toBe(true);
    expect(c.pgSchema).toBe('tenant_a');
  });

  it.each([['Tenant'], ['a-b'], ['x; drop table users'], ['1abc']])('refuses DATABASE_SCHEMA %j', (schema) => {
    expect(() => load({ DATABASE_SCHEMA: schema })).toThrow(/DATABASE_SCHEMA/);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ MAX_IMPORT_MB: '-1' }, /MAX_IMPORT_MB/],
    [{ PLAN: 'gold' }, /PLAN/],
  ])('refuses bad settings %j with the setting named', (env, message) => {
    expect(() => load(env)).toThrow(message);
  });

  it.each([
    [{}, false],
    [{ TRUST_PROXY: 'false' }, false],
    [{ TRUST_PROXY: 'true' }, true],
    [{ TRUST_PROXY: '127.0.0.1' }, ['127.0.0.1']],
    [{ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1, fd00::/8' }, ['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8']],
  ])('TRUST_PROXY %j trusts %j (forwarded headers are off by default)', (env, expected) => {
    expect(load(env).trustProxy).toEqual(expected);
  });

  it.each([['yes'], ['10.0.0.0/33'], ['10.0.0.1,proxy.local'], ['999.1.1.1'], ['2'], [',']])('refuses TRUST_PROXY %j', (value) => {
    expect(() => load({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });

  it('DNS_SERVERS: the system resolver unless set; addresses with optional ports', () => {
    expect(load({}).dnsServers).toBeNull();
    expect(load({ DNS_SERVERS: '127.0.0.1:5353, 1.1.1.1' }).dnsServers).toEqual(['127.0.0.1:5353', '1.1.1.1']);
    expect(() => load({ DNS_SERVERS: 'dns.example.com' })).toThrow(/DNS_SERVERS/);
  });
});
