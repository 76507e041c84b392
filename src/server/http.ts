// Helpers shared by the thin route files: zod parsing with readable errors, ids and clocks.
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest, zodIssues, zodMessage } from './errors';

/** Parses a request part with its zod schema; failures become 400 naming the field. */
export function parse<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  const issues = zodIssues(result.error);
  throw badRequest(zodMessage(issues), issues);
}

/** Short random ids (72 bits, URL-safe) for every record. */
export function newId(): string {
  return crypto.randomBytes(9).toString('base64url');
}

export function nowIso(): string {
  return new Date().toISOString();
}

export function sha256(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}

export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** What the database keeps of an issued token: its sha256 (never the token), when it was made, when it expires. */
export interface IssuedTokenRow {
  id: string;
  created_at: string;
  expires_at: string;
}

/**
 * A new secret for a session cookie or an e-mailed link, valid for `lifetimeMs` from `now`: the
 * token for the browser or the link, and the row fields for the table that holds such tokens.
 */
export function issueToken(lifetimeMs: number, now = Date.now()): { token: string; row: IssuedTokenRow } {
  const token = randomToken();
  return { token, row: { id: sha256(token), created_at: new Date(now).toISOString(), expires_at: new Date(now + lifetimeMs).toISOString() } };
}

export function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/**
 * The scheme of a link the server mails (sign-in links, invitations, resets). Behind a trusted
 * proxy (TRUST_PROXY) X-Forwarded-Proto is still whatever reached the proxy: only 'http' or
 * 'https' ever goes into a link, or 'https://evil.example/#' would carry the token off in a
 * genuine e-mail.
 */
export function linkScheme(config: { publicScheme: string }, request: FastifyRequest): 'http' | 'https' {
  return request.protocol === 'https' || config.publicScheme === 'https' ? 'https' : 'http';
}
