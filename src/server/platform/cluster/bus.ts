// A small message bus between the server instances that share one PostgreSQL: NOTIFY on one
// channel per schema, LISTEN on a dedicated client that reconnects by itself. Each message
// carries the sender's random instance id, and an instance ignores its own. PostgreSQL refuses
// payloads of 8000 bytes or more, so `publish` says false for a message that does not fit (the
// caller sends something smaller: sheet-changes.ts sends "reload the sheet" instead of a row).
//
// NOTIFY is delivered only to listeners connected at that moment: a listener that lost its
// connection may have missed messages, so after each reconnect `onReconnect` handlers run (the
// sheet cache is emptied: cluster/sheet-changes.ts).
//
// SQLite is one instance by construction: its bus sends nothing and never receives.
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../../db';
import type { RowPatch } from '../../sheets';

/** What instances tell each other. */
export type ClusterMessage =
  /** A row write committed, which took the sheet to `version`. */
  | { kind: 'row'; sheetId: string; version: number; patch: RowPatch }
  /** Row writes committed together (a group of form submits), in version order. */
  | { kind: 'rows'; sheetId: string; writes: { version: number; patch: RowPatch }[] }
  /** The sheet changed more than a row: drop it from the cache. */
  | { kind: 'sheet'; sheetId: string };

export interface Bus {
  /** This instance's id (random per start). */
  readonly instanceId: string;
  /** Whether other instances can hear anything (false: SQLite). */
  readonly shared: boolean;
  /** Sends to the other instances; false (nothing sent) when the message is too large to send. */
  publish(message: ClusterMessage): Promise<boolean>;
  /** Runs `handler` for every message of another instance; answers what stops it. */
  onMessage(handler: (message: ClusterMessage) => void): () => void;
  /** Runs `handler` after the listener reconnected (messages sent meanwhile were lost). */
  onReconnect(handler: () => void): () => void;
  /** Resolves once the instance listens (at once for SQLite). */
  ready(): Promise<void>;
  /** Whether the instance hears the others now (false while its listener reconnects; true on SQLite). */
  listening(): boolean;
  close(): Promise<void>;
}

/** PostgreSQL's limit on a NOTIFY payload is 8000 bytes (exclusive). */
export const MAX_PAYLOAD_BYTES = 7999;

interface Envelope {
  from: string;
  m: ClusterMessage;
}

/** The bus of an SQLite server: no other instance exists. */
export function localBus(): Bus {
  return {
    instanceId: crypto.randomBytes(8).toString('hex'),
    shared: false,
    publish: async () => true,
    onMessage: () => () => {},
    onReconnect: () => () => {},
    ready: async () => {},
    listening: () => true,
    close: async () => {},
  };
}

/** The channel of a schema (instances of different schemas of one database never hear each other). */
export function channelOf(schema: string | undefined): string {
  const name = `sheetboard_bus_${schema ?? 'public'}`.toLowerCase();
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`The PostgreSQL schema '${schema}' cannot name a notification channel`);
  return name;
}

export interface PgBusOptions {
  connectionString: string;
  schema?: string;
  /** The pool that sends (pg_notify through the server's own connections). */
  db: Db;
  log: FastifyBaseLogger;
  /** First wait before reconnecting (doubles up to 5 s). */
  retryMs?: number;
}

/** The bus of a PostgreSQL server: NOTIFY through the pool, LISTEN on its own client. */
export function pgBus(options: PgBusOptions): Bus {
  const instanceId = crypto.randomBytes(8).toString('hex');
  const channel = channelOf(options.schema);
  const handlers = new Set<(m: ClusterMessage) => void>();
  const reconnectHandlers = new Set<() => void>();
  const sending = new Set<Promise<unknown>>();
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let wait = options.retryMs ?? 250;
  let connectedOnce = false;
  /** The client whose LISTEN succeeded and has not failed since. */
  let heard: pg.Client | null = null;
  let resolveReady!: () => void;
  const readyPromise = new Promise<void>((resolve) => (resolveReady = resolve));

  const receive = (payload: string | undefined) => {
    if (!payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    if (envelope.from === instanceId || !envelope.m) return;
    for (const h of handlers) {
      try {
        h(envelope.m);
      } catch (err) {
        options.log.warn({ err }, 'applying a message of another server instance failed');
      }
    }
  };

  const retry = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, wait);
    timer.unref();
    wait = Math.min(wait * 2, 5000);
  };

  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({ connectionString: options.connectionString });
    client = c;
    // A dropped connection (server restart, network) reports here; the client is replaced.
    c.on('error', (err) => {
      options.log.warn({ err }, 'the listener of other server instances lost its connection');
      if (heard === c) heard = null;
      if (client === c) client = null;
      c.end().catch(() => undefined);
      retry();
    });
    c.on('end', () => {
      if (heard === c) heard = null;
      if (client === c) client = null;
      retry();
    });
    c.on('notification', (n) => {
      if (n.channel === channel) receive(n.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel}"`);
    } catch (err) {
      options.log.warn({ err }, 'listening to other server instances failed; trying again');
      if (client === c) client = null;
      c.end().catch(() => undefined);
      retry();
      return;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    wait = options.retryMs ?? 250;
    heard = c;
    if (connectedOnce) for (const h of reconnectHandlers) h();
    connectedOnce = true;
    resolveReady();
  };
  void connect();

  return {
    instanceId,
    shared: true,
    async publish(message) {
      const payload = JSON.stringify({ from: instanceId, m: message } satisfies Envelope);
      if (Buffer.byteLength(payload, 'utf8') > MAX_PAYLOAD_BYTES) return false;
      const send = sql`select pg_notify(${channel}, ${payload})`.execute(options.db);
      sending.add(send);
      try {
        await send;
      } finally {
        sending.delete(send);
      }
      return true;
    },
    onMessage(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    onReconnect(handler) {
      reconnectHandlers.add(handler);
      return () => reconnectHandlers.delete(handler);
    },
    ready: () => readyPromise,
    listening: () => heard !== null && heard === client,
    async close() {
      closed = true;
      heard = null;
      if (timer) clearTimeout(timer);
      await Promise.allSettled([...sending]);
      const c = client;
      client = null;
      if (c) await c.end().catch(() => undefined);
      handlers.clear();
      reconnectHandlers.clear();
    },
  };
}
