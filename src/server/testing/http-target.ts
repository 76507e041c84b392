// A local HTTP server for the tests of outbound calls (safeFetch, block actions' API calls): it
// records every request whole and answers as the test's `answer` says.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { forTests } from './server';

/** A request as the target received it, its body read whole. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface HttpTarget {
  /** `http://127.0.0.1:<port>` */
  readonly base: string;
  readonly port: number;
  /** Every request so far, oldest first (a test empties it with `seen.length = 0`). */
  readonly seen: SeenRequest[];
  close(): Promise<void>;
}

/**
 * Starts the target on a free port of 127.0.0.1 before the file's (or describe block's) tests and
 * closes it after them, cutting connections still open. `answer` gets each request once its body
 * has been read; a response it leaves open stays open (for timeouts).
 */
export function httpTarget(answer: (url: URL, res: http.ServerResponse) => void): HttpTarget {
  return forTests(async () => {
    const seen: SeenRequest[] = [];
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        answer(new URL(req.url!, 'http://x'), res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    return {
      base: `http://127.0.0.1:${port}`,
      port,
      seen,
      async close() {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      },
    };
  });
}
