// Services throw HttpError; one handler (app.ts) turns it, zod failures and Fastify's own errors
// into { message, code?, issues? } with the right status.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';
import { z, ZodError } from 'zod';
import { peopleMessage } from '../shared/zod-messages';

// Every zod issue a schema did not word itself reads as a sentence for people (shared/zod-messages.ts).
z.config({ customError: peopleMessage });

export interface Issue {
  path: string;
  message: string;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: Issue[],
    readonly code?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, issues?: Issue[]) => new HttpError(400, message, issues, 'bad_request');
export const unauthorized = (message = 'Please sign in') => new HttpError(401, message, undefined, 'unauthorized');
export const forbidden = (message = 'You do not have permission to do this') =>
  new HttpError(403, message, undefined, 'forbidden');
export const notFound = (message = 'Not found') => new HttpError(404, message, undefined, 'not_found');
export const conflict = (message: string) => new HttpError(409, message, undefined, 'conflict');

export function zodIssues(error: ZodError, prefix = ''): Issue[] {
  return error.issues.map((i) => ({ path: prefix + i.path.map(String).join('.'), message: i.message }));
}

/**
 * The first issue's sentence, as people read it ("The name can be at most 100 characters"): the
 * messages name their field themselves (shared/zod-messages.ts), `issues` keep the paths.
 */
export function zodMessage(issues: Issue[]): string {
  const first = issues[0];
  if (!first) return 'The request is not valid';
  // A sheet value's message ('Must be a number') is said with its column, unless it names it.
  const column = /^values\.(.+)$/.exec(first.path)?.[1];
  return column && !first.message.includes(`'${column}'`) && !first.message.includes(`“${column}”`) ? `${column}: ${first.message}` : first.message;
}

export function errorHandler(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return reply.status(error.status).send({
      message: error.message,
      ...(error.code ? { code: error.code } : {}),
      ...(error.issues ? { issues: error.issues } : {}),
    });
  }
  if (error instanceof ZodError) {
    const issues = zodIssues(error);
    return reply.status(400).send({ message: zodMessage(issues), code: 'invalid', issues });
  }
  // PostgreSQL refuses what SQLite stores: NUL characters in text, and text longer than its
  // varchar. Both come from the client's input (a name, an id in the path), so they are 400s
  // here rather than 500s on one database only. Never echo the database's own message.
  if (error instanceof pg.DatabaseError) {
    if (error.code === '22021' || error.code === '22P05')
      return reply.status(400).send({ message: 'Text may not contain NUL characters', code: 'bad_request' });
    if (error.code === '22001') return reply.status(400).send({ message: 'A value is longer than allowed', code: 'bad_request' });
  }
  const fe = error as FastifyError;
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    const message =
      fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? 'The request is too large'
        : fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is not valid JSON'
          : fe.message;
    return reply.status(fe.statusCode).send({ message, code: fe.code });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send({ message: 'An unexpected error occurred. Please try again or contact support if the problem persists.' });
}
